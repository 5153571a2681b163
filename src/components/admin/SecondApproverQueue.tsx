"use client";

import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatUsd } from "@/shared/money";
import { isStaffRole, STAFF_ROLE_LABELS } from "@/shared/staff";
import { trpc } from "@/trpc/react";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { DateTime } from "@/components/common/useTimeZone";
import { useCurrentUser } from "../common/useCurrentUser";
import { useStaffAccess } from "./useStaffAccess";

const roleName = (role: string | undefined) => (isStaffRole(role) ? STAFF_ROLE_LABELS[role] : "Player");

/**
 * "Waiting for a second approver" (docs/admin.md "Four eyes"): who proposed what and when. Anyone
 * but the proposer confirms (through the same dialog as Approve); the proposer may withdraw it.
 */
export function SecondApproverQueue({
  action,
  locked,
  onConfirm,
}: {
  /** Which proposals this queue shows: "withdrawals.approve" (Withdrawals tab) or "admin.toggleAdmin" (Users tab). */
  action: "withdrawals.approve" | "admin.toggleAdmin";
  locked: boolean;
  onConfirm: (subjectId: string, summary: Record<string, string>) => void;
}) {
  const { can } = useStaffAccess();
  const { user: me } = useCurrentUser();
  const queryClient = useQueryClient();
  const waiting = useQuery(
    trpc.admin.waitingApprovals.queryOptions(undefined, { enabled: can("admin.waitingApprovals"), refetchInterval: 15_000 }),
  );
  const cancel = useMutation(
    trpc.admin.cancelApproval.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.proposalWithdrawn, "Nothing was sent; it can be proposed again.");
        await Promise.all([
          queryClient.invalidateQueries(trpc.admin.waitingApprovals.pathFilter()),
          queryClient.invalidateQueries(trpc.withdrawals.adminList.pathFilter()),
        ]);
      },
      onError: (e) => toastError(TOAST.updateFailed, e, "Failed to withdraw the proposal"),
    }),
  );
  const rows = (waiting.data ?? []).filter((p) => p.action === action);
  if (rows.length === 0) return null;
  return (
    <Alert
      color="violet"
      icon={<IconUsers size={18} />}
      title="Waiting for a second approver"
      data-testid="second-approver-queue"
    >
      <Stack gap="xs">
        {rows.map((p) => {
          const mine = p.proposedById === me?.id;
          return (
            <Group key={p.id} justify="space-between" wrap="wrap" gap="xs" data-testid="waiting-approval">
              <Text size="sm">
                {action === "withdrawals.approve"
                  ? `Withdrawal of ${formatUsd(p.summary.amount ?? "0")} ${p.summary.currency} to ${p.summary.player}`
                  : `Role of ${p.summary.player}: ${roleName(p.summary.from)} → ${roleName(p.summary.to)}`}
                , proposed by {mine ? "you" : p.proposedByEmail}
                {isStaffRole(p.proposedRole) && ` (${STAFF_ROLE_LABELS[p.proposedRole]})`} <DateTime value={p.createdAt} />
              </Text>
              {mine ? (
                <Button
                  size="xs"
                  variant="default"
                  disabled={locked}
                  loading={cancel.isPending && cancel.variables?.id === p.id}
                  onClick={() => cancel.mutate({ id: p.id })}
                >
                  Withdraw proposal
                </Button>
              ) : (
                can(p.action) && (
                  <Button size="xs" color="green" disabled={locked} onClick={() => onConfirm(p.subjectId, p.summary)}>
                    Confirm
                  </Button>
                )
              )}
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}
