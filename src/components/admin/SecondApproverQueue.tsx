"use client";

import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { formatUsd } from "@/shared/money-format";
import { LIMITS } from "@/shared/constants";
import { type FourEyesAction, isStaffRole, STAFF_ROLE_LABELS } from "@/shared/staff";
import { LoadMore } from "@/components/common/QueryState";
import { uniqueRows } from "@/components/common/uniqueRows";
import { trpc } from "@/trpc/react";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { DateTime } from "@/components/common/useTimeZone";
import { useCurrentUser } from "../common/useCurrentUser";
import { useStaffAccess } from "./useStaffAccess";

const roleName = (role: string | undefined) => (isStaffRole(role) ? STAFF_ROLE_LABELS[role] : "Player");

const PAGE = LIMITS.listPage;

/** What a proposal would do, in the queue's words. */
function proposalText(action: string, s: Record<string, string>): string {
  const amount = formatUsd(s.amount ?? "0");
  if (action === "withdrawals.approve") return `Withdrawal of ${amount} ${s.currency} to ${s.player}`;
  if (action === "payments.approve") return `Top-up of ${amount} for ${s.player} approved by override ("${s.reason}")`;
  if (action === "review.credit") return `Late payment of ${amount} credited to ${s.player} ("${s.reason}")`;
  if (action === "review.takeBack") return `${amount} taken back from ${s.player} ("${s.reason}")`;
  if (action === "wheel.setEconomics") return `Wheel economics: return to player ${s.returnToPlayer}`;
  if (action === "instantWins.set") return `${s.prizes} instant prizes worth ${amount} on contest ${s.contestId}`;
  if (action === "pricing.createPromoCode") return `Promo code ${s.code}: ${s.discount} off`;
  return `Role of ${s.player}: ${roleName(s.from)} → ${roleName(s.to)}`;
}

/**
 * "Waiting for a second approver" (docs/admin.md "Four eyes"): who proposed what and when. Anyone
 * but the proposer confirms (through the same dialog as Approve); the proposer may withdraw it.
 */
export function SecondApproverQueue({
  actions,
  locked,
  onConfirm,
}: {
  /** Which proposals this queue shows, by the procedure each runs (e.g. "withdrawals.approve" on the Withdrawals tab). */
  actions: readonly FourEyesAction[];
  locked: boolean;
  onConfirm: (subjectId: string, summary: Record<string, string>, action: string, proposedByEmail: string) => void;
}) {
  const { can } = useStaffAccess();
  const { user: me } = useCurrentUser();
  const queryClient = useQueryClient();
  // This tab's actions only, asked of the server, oldest first a page at a time ("Load more").
  const waiting = useInfiniteQuery(
    trpc.admin.waitingApprovals.infiniteQueryOptions(
      { action: actions.join(","), limit: PAGE },
      {
        enabled: can("admin.waitingApprovals"),
        refetchInterval: 15_000,
        getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
      },
    ),
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
  // A confirmation or a refetch can shift a proposal from one page into the next: show each once.
  const rows = useMemo(() => uniqueRows(waiting.data?.pages, (p) => p.id), [waiting.data]);
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
                {proposalText(p.action, p.summary)}, proposed by {mine ? "you" : p.proposedByEmail}
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
                  <Button
                    size="xs"
                    color="green"
                    disabled={locked}
                    onClick={() => onConfirm(p.subjectId, p.summary, p.action, p.proposedByEmail)}
                  >
                    Confirm
                  </Button>
                )
              )}
            </Group>
          );
        })}
        <LoadMore
          query={waiting}
          shown={rows.length}
          total={null}
          noun="proposals"
          variant="light"
          testId="approvals-count"
          label="Load more proposals"
        />
      </Stack>
    </Alert>
  );
}
