"use client";

import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Spinner } from "@/components/common/QueryState";
import { IntentLink } from "@/components/common/links";
import { MARKETING_MESSAGES, unsubscribeTokenSchema } from "@/shared/schemas/email";
import { trpc } from "@/trpc/react";
import { AuthCard } from "./AuthCard";

/**
 * /unsubscribe?token=…: the link in every offer e-mail (docs/email.md "Offers and news"). Opening the
 * page changes nothing (mail scanners open links); the button unsubscribes. Mail clients that offer
 * their own "Unsubscribe" POST the same token to /api/email/unsubscribe (one click, RFC 8058).
 */
export function Unsubscribe({ token }: { token: string }) {
  const tokenOk = unsubscribeTokenSchema.safeParse({ token }).success;
  const status = useQuery(trpc.marketing.unsubscribeStatus.queryOptions({ token }, { enabled: tokenOk, retry: false }));
  const stop = useMutation(trpc.marketing.unsubscribe.mutationOptions());
  let body: React.ReactNode;
  if (!tokenOk || status.isError) {
    body = (
      <Text c="red.9" role="alert">
        {status.error?.message ?? MARKETING_MESSAGES.badLink}
      </Text>
    );
  } else if (!status.data) {
    body = <Spinner size="sm" label="Checking the link" />;
  } else if (stop.isSuccess || !status.data.subscribed) {
    body = (
      <Text role="status" data-testid="unsubscribed">
        {stop.data?.message ?? MARKETING_MESSAGES.unsubscribed} ({status.data.email})
      </Text>
    );
  } else {
    body = (
      <>
        <Text>Stop offers and news to {status.data.email}? Receipts, results and payment e-mails still come.</Text>
        {stop.isError && (
          <Text c="red.9" role="alert">
            {stop.error.message}
          </Text>
        )}
        <Button fullWidth loading={stop.isPending} onClick={() => stop.mutate({ token })}>
          Unsubscribe
        </Button>
      </>
    );
  }
  return (
    <AuthCard title="Unsubscribe" subtitle="Offers and news from Prize Contests">
      <Stack>
        {body}
        <Text size="sm" ta="center">
          <Anchor component={IntentLink} href="/">
            Go to the home page
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
