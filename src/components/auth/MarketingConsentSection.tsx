"use client";

import { Stack, Switch, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Spinner } from "@/components/common/QueryState";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { trpc } from "@/trpc/react";

/**
 * Account Settings: offers and news, off until the player turns them on (docs/email.md "Offers and
 * news"). Each switch saves at once; the server still sends nothing while the player is self-excluded,
 * closed or at a spend limit, whatever is chosen here.
 */
export function MarketingConsentSection() {
  const queryClient = useQueryClient();
  const consent = useQuery(trpc.marketing.consent.queryOptions(undefined, { staleTime: 0 }));
  const save = useMutation(
    trpc.marketing.setConsent.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.marketing.consent.queryKey(), data.consent);
        toastSuccess(TOAST.marketingSaved);
      },
      onError: (error) => toastError(TOAST.couldNotSave, error, "Could not save your marketing preferences."),
    }),
  );

  return (
    <Stack gap="sm">
      <Title order={4}>Offers and news</Title>
      {!consent.data ? (
        <Spinner size="sm" label="Loading marketing preferences" />
      ) : (
        <>
          <Switch
            label="Offers and news by e-mail"
            checked={consent.data.email}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ email: e.currentTarget.checked })}
          />
          <Switch
            label="Offers and news as push notifications"
            checked={consent.data.push}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ push: e.currentTarget.checked })}
          />
          <Text size="xs" c="dimmed">
            Off unless you turn them on. Nothing is sent while you take a break, after you reach a spend limit, or once your
            account is closed.
          </Text>
        </>
      )}
    </Stack>
  );
}
