"use client";

import { Alert, Button, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { openAccountDialog } from "@/components/common/dialogs";

/**
 * With ADMIN_2FA_REQUIRED, every admin read and action (src/server/api/privileged.ts) needs a session
 * that passed the two-factor code. Known before any click: the dashboard shows only the notice
 * below while `locked`, and `locked` disables what needs the code (Approve, Credit, Mark shipped,
 * End, Make Admin...) should a tab ever be shown without it.
 */
export function useSecondFactorGate(ask = true): { locked: boolean; enabled: boolean; loading: boolean } {
  const query = useQuery(trpc.auth.twoFactorStatus.queryOptions(undefined, { staleTime: 30_000, enabled: ask }));
  const status = query.data;
  return {
    locked: Boolean(status?.required && !status.sessionVerified),
    enabled: Boolean(status?.enabled),
    loading: ask && query.isPending,
  };
}

/** The dashboard's notice while privileged actions wait for the code. */
export function SecondFactorNotice() {
  const { locked, enabled } = useSecondFactorGate();
  if (!locked) return null;
  return (
    <Alert
      color="orange"
      icon={<IconShieldLock size={18} />}
      title="Two-factor authentication needed"
      mb="md"
      data-testid="second-factor-notice"
    >
      <Text size="sm">
        This site asks for a two-factor code before the dashboard shows players&apos; data (e-mails, balances, payout addresses,
        messages, the audit log), writes to a player, or moves money. It opens once{" "}
        {enabled ? "you sign in again with your code." : "you turn two-factor on in Account Settings."}
      </Text>
      {!enabled && (
        <Button size="xs" mt="xs" variant="light" color="orange" onClick={() => openAccountDialog("settings")}>
          Set up two-factor
        </Button>
      )}
    </Alert>
  );
}
