"use client";

import { Alert, Button, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { openAccountDialog } from "@/components/common/dialogs";

/**
 * With ADMIN_2FA_REQUIRED, privileged admin actions (src/server/api/privileged.ts) need a session
 * that passed the two-factor code. Known before any click: `locked` disables what needs the code
 * (Approve, Credit, Mark shipped, End, Make Admin...), and the notice on the dashboard says why.
 */
export function useSecondFactorGate(): { locked: boolean; enabled: boolean } {
  const status = useQuery(trpc.auth.twoFactorStatus.queryOptions(undefined, { staleTime: 30_000 })).data;
  return { locked: Boolean(status?.required && !status.verified), enabled: Boolean(status?.enabled) };
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
        This site asks for a two-factor code before approving payments and payouts, changing contests, prizes, roles or winner
        posts, and reading players&apos; e-mails or exports. Those buttons stay off until{" "}
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
