"use client";

import { Stack, Switch, Text, Title } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";

/** Account Settings: which optional emails the player gets (docs/email.md). Each switch saves at once. */
export function EmailPreferencesSection() {
  const queryClient = useQueryClient();
  const prefs = useQuery(trpc.email.preferences.queryOptions(undefined, { staleTime: 0 }));
  const save = useMutation(
    trpc.email.setPreferences.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.email.preferences.queryKey(), data.preferences);
        toastSuccess(TOAST.emailPreferencesSaved);
      },
      onError: (error) => toastError(TOAST.couldNotSave, error, "Could not save your email preferences."),
    }),
  );

  return (
    <Stack gap="sm">
      <Title order={4}>Emails</Title>
      {!prefs.data ? (
        <Spinner size="sm" label="Loading email preferences" />
      ) : (
        <>
          <Switch
            label="Purchase receipts (contest, ticket numbers, amount)"
            checked={prefs.data.receipts}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ ...prefs.data, receipts: e.currentTarget.checked })}
          />
          <Switch
            label="Draw results (won or not, the winning ticket)"
            checked={prefs.data.results}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ ...prefs.data, results: e.currentTarget.checked })}
          />
          <Text size="xs" c="dimmed">
            Payment decisions and security emails (password reset, password changed) are always sent.
          </Text>
        </>
      )}
    </Stack>
  );
}
