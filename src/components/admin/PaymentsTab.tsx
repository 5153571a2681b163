"use client";

import { SecondApproverQueue } from "./SecondApproverQueue";
import { Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from "@mantine/core";
import { dialogAbout } from "@/components/common/ConfirmDialog";
import { LIMITS } from "@/shared/constants";
import { formatUsd } from "@/shared/money-format";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useMemo, useState } from "react";
import { GatewayStatusBadge } from "../common/PaymentStatusBadge";
import { ExportCsvButton } from "./ExportCsvButton";
import { DateTime } from "@/components/common/useTimeZone";
import { TOAST, toastError, toastInfo } from "@/components/common/toasts";
import { LoadMore, QueryState } from "@/components/common/QueryState";
import { DataTable } from "@/components/common/DataTable";
import { useInvalidate } from "@/components/common/useInvalidate";
import { useSecondFactorGate } from "./SecondFactorGate";
import { uniqueRows } from "@/components/common/uniqueRows";

type PendingRow = {
  id: string;
  amount: string;
  userEmail: string;
  gatewayStatus: string;
  oxapayTrackId: string;
  /** Decided by the server: what Approve credits now, or that only an override with a reason can. */
  approval: { credit: string | null; needsOverride: boolean };
};

const PAGE = LIMITS.pendingPaymentsPage;

/**
 * Admin dashboard 'Payments' tab: pending payments, oldest first, a page at a time ("Load more"),
 * with Approve and Reject (docs/product.md §2, §8). Sandbox payments carry a "Sandbox" badge.
 */
export function PaymentsTab() {
  const invalidate = useInvalidate();
  const { locked } = useSecondFactorGate();
  const pending = useInfiniteQuery(
    trpc.payments.pending.infiniteQueryOptions(
      { limit: PAGE },
      { getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined) },
    ),
  );
  // A refetch after an approval can shift rows between pages: show each payment once.
  const rows = useMemo(() => uniqueRows(pending.data?.pages, (r) => r.id), [pending.data]);
  const stats = useQuery(trpc.admin.stats.queryOptions(undefined, { staleTime: 30_000 }));
  const refresh = async () => {
    await invalidate(trpc.payments.pending, trpc.auth.me, trpc.admin.stats);
  };
  // Either way the list is read again, so it shows what the server now holds.
  const decided = (done: [string, string], failed: [string, string]) => ({
    onSuccess: async () => {
      toastInfo(...done);
      await refresh();
    },
    onError: async (e: unknown) => {
      toastError(failed[0], e, failed[1]);
      await refresh();
    },
  });
  const approvedOrProposed = decided(
    [TOAST.paymentApproved, "Payment has been approved and user balance updated"],
    [TOAST.approvalFailed, "Failed to approve payment"],
  );
  const approve = useMutation(
    trpc.payments.approve.mutationOptions({
      ...approvedOrProposed,
      onSuccess: async (r) => {
        // Still pending: an override over the four-eyes threshold waits for a second approver.
        if (r.payment.status === "pending") {
          toastInfo(TOAST.approvalProposed, "Nothing is credited until another finance member or owner confirms it.");
          await Promise.all([refresh(), invalidate(trpc.admin.waitingApprovals)]);
        } else await approvedOrProposed.onSuccess();
      },
    }),
  );
  const reject = useMutation(
    trpc.payments.reject.mutationOptions(
      decided([TOAST.paymentRejected, "Payment has been rejected"], [TOAST.rejectionFailed, "Failed to reject payment"]),
    ),
  );
  const [unconfirmed, setUnconfirmed] = useState<PendingRow | null>(null);
  const [reason, setReason] = useState("");
  const askApprove = (p: PendingRow) => {
    if (!p.approval.needsOverride) approve.mutate({ id: p.id });
    else {
      setReason("");
      setUnconfirmed(p);
    }
  };
  const busyId = approve.isPending ? approve.variables?.id : reject.isPending ? reject.variables?.id : undefined;

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>Pending Payments</Title>
          <ExportCsvButton href="/api/admin/export/payments.csv" label="Export all payments (CSV)" />
        </Group>
        <SecondApproverQueue
          actions={["payments.approve"]}
          locked={locked}
          onConfirm={(id, summary) => approve.mutate({ id, override: true, reason: summary.reason ?? "" })}
        />
        <QueryState query={pending} rows={rows} empty="No pending payments.">
          {(shown) => (
            <DataTable
              minWidth={800}
              rows={shown}
              rowKey={(p) => p.id}
              rowProps={(p) => ({ "data-testid": "pending-payment", "data-track-id": p.oxapayTrackId })}
              columns={[
                { label: "Date", cell: (p) => <DateTime value={p.createdAt} /> },
                { label: "User", cell: (p) => p.userEmail },
                {
                  label: "Amount",
                  cell: (p) => (
                    <>
                      {formatUsd(p.amount)}
                      {p.receivedAmount !== null && (
                        <Text size="xs" c="orange" data-testid="received">
                          received {formatUsd(p.receivedAmount)}
                        </Text>
                      )}
                    </>
                  ),
                },
                {
                  label: "Crypto",
                  cell: (p) => (
                    <>
                      {p.cryptoCurrency}
                      {p.oxapayPayAmount ? ` ${p.oxapayPayAmount}` : ""}
                      {p.network && p.network !== p.cryptoCurrency ? ` (${p.network})` : ""}
                    </>
                  ),
                },
                {
                  label: "Track ID",
                  cell: (p) => (
                    <Group gap={6} wrap="nowrap">
                      {p.oxapayTrackId}
                      {p.provider === "sandbox" && (
                        <Badge color="orange" data-testid="sandbox-badge" title="Simulated by the sandbox gateway: no real money">
                          Sandbox
                        </Badge>
                      )}
                    </Group>
                  ),
                },
                { label: "Gateway status", lead: true, cell: (p) => <GatewayStatusBadge status={p.gatewayStatus} /> },
                {
                  label: "Actions",
                  cell: (p) => (
                    <Group gap="xs">
                      <Button size="xs" color="green" disabled={locked || busyId === p.id} onClick={() => askApprove(p)}>
                        {p.approval.credit && p.approval.credit !== p.amount
                          ? `Approve ${formatUsd(p.approval.credit)}`
                          : "Approve"}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        disabled={locked || busyId === p.id}
                        onClick={() => reject.mutate({ id: p.id })}
                      >
                        Reject
                      </Button>
                    </Group>
                  ),
                },
              ]}
            />
          )}
        </QueryState>
        <LoadMore query={pending} shown={rows.length} total={stats.data?.pendingPayments} noun="pending payments" />
      </Stack>
      <Modal {...dialogAbout(unconfirmed, setUnconfirmed)} title="Approve unconfirmed payment?">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!unconfirmed || !reason.trim()) return;
            approve.mutate({ id: unconfirmed.id, override: true, reason: reason.trim() });
            setUnconfirmed(null);
          }}
        >
          <Stack>
            <Text>
              The gateway has not confirmed this payment (status &quot;{unconfirmed?.gatewayStatus.replace(/_/g, " ")}&quot;).
              Approving credits {formatUsd(unconfirmed?.amount)} to {unconfirmed?.userEmail} now, whether or not the money
              arrives. Say how you know it arrived: the reason is kept in the audit log.
            </Text>
            <Textarea
              label="Reason"
              placeholder="e.g. Seen on-chain: transaction 0x…"
              required
              autosize
              minRows={2}
              maxLength={LIMITS.reasonMax}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setUnconfirmed(null)}>
                Keep pending
              </Button>
              <Button type="submit" color="orange" disabled={!reason.trim()}>
                Approve with override
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
