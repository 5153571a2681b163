"use client";

import { Button, Card, Group, Modal, SegmentedControl, Stack, Text, Textarea, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { formatUsd } from "@/shared/money-format";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { ChainText, routeNote, StatusWithNote } from "../common/WithdrawalStatusBadge";
import { ExportCsvButton } from "./ExportCsvButton";
import { DateTime } from "@/components/common/useTimeZone";
import { DataTable } from "@/components/common/DataTable";
import { LoadMore, QueryState } from "@/components/common/QueryState";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { ConfirmDialog, dialogAbout } from "@/components/common/ConfirmDialog";
import { IdentityChecksPanel } from "./IdentityChecksPanel";
import { useSecondFactorGate } from "./SecondFactorGate";
import { SecondApproverQueue } from "./SecondApproverQueue";
import { useCurrentUser } from "../common/useCurrentUser";
import { LIMITS } from "@/shared/constants";
import { uniqueRows } from "@/components/common/uniqueRows";

const PAGE = LIMITS.listPage;

type Withdrawal = RouterOutputs["withdrawals"]["adminList"][number];
/** What the Approve dialog shows: a listed row, or a proposal confirmed from the queue above before its page is loaded. */
type Approving = Pick<Withdrawal, "id" | "amount" | "cryptoCurrency" | "network" | "address" | "needsSecondApprover"> & {
  user: { email: string };
  proposal: { proposedByEmail: string } | null;
};

/**
 * Admin dashboard 'Withdrawals' tab: the pending queue oldest first, or every withdrawal newest
 * first ("All"), a page at a time ("Load more"); Approve sends the payout, Reject asks for a reason. Over the four-eyes threshold (the server says which: `needsSecondApprover`) the first
 * Approve proposes, and another staff member's Confirm sends it (docs/admin.md "Four eyes").
 */
export function WithdrawalsTab() {
  const queryClient = useQueryClient();
  const { locked } = useSecondFactorGate();
  const { user: me } = useCurrentUser();
  const [status, setStatus] = useState<"pending" | "all">("pending");
  const list = useInfiniteQuery(
    trpc.withdrawals.adminList.infiniteQueryOptions(
      { status, limit: PAGE },
      {
        refetchInterval: 15_000,
        getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
      },
    ),
  );
  // A refetch after a decision can shift rows between pages: show each withdrawal once.
  const rows = useMemo(() => uniqueRows(list.data?.pages, (r) => r.id), [list.data]);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.withdrawals.adminList.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.waitingApprovals.pathFilter()),
    ]);
  // Approving sends crypto that cannot be called back: it asks first, like End and Cancel (ContestsTab).
  const [approving, setApproving] = useState<Approving | null>(null);
  const approve = useMutation(
    trpc.withdrawals.approve.mutationOptions({
      onSuccess: async (r) => {
        // Still pending after an approval: it was proposed, and waits for a second approver.
        if (r.withdrawal.status === "pending")
          toastSuccess(TOAST.approvalProposed, "Nothing is sent until another finance member or owner confirms it.");
        else toastSuccess(TOAST.withdrawalApproved, r.message);
        setApproving(null);
        await refresh();
      },
      onError: async (e) => {
        toastError(TOAST.approvalFailed, e, "Failed to approve the withdrawal");
        setApproving(null);
        await refresh();
      },
    }),
  );
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const reject = useMutation(
    trpc.withdrawals.reject.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.withdrawalRejected, "The amount is back in the player's balance");
        setRejecting(null);
        setReason("");
        await refresh();
      },
      onError: (e) => toastError(TOAST.rejectionFailed, e, "Failed to reject the withdrawal"),
    }),
  );

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>Withdrawals</Title>
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label="Which withdrawals"
              data-testid="withdrawals-status"
              value={status}
              onChange={(v) => setStatus(v as "pending" | "all")}
              data={[
                { value: "pending", label: "Pending" },
                { value: "all", label: "All" },
              ]}
            />
            <ExportCsvButton href="/api/admin/export/withdrawals.csv" />
          </Group>
        </Group>
        <SecondApproverQueue
          actions={["withdrawals.approve"]}
          locked={locked}
          onConfirm={(subjectId, summary, _action, proposedByEmail) =>
            // Its row may sit on a page not loaded yet: the proposal's summary names what is sent.
            setApproving(
              rows.find((x) => x.id === subjectId) ?? {
                id: subjectId,
                amount: summary.amount ?? "0",
                cryptoCurrency: (summary.currency ?? "") as Withdrawal["cryptoCurrency"],
                network: (summary.network ?? "") as Withdrawal["network"],
                address: summary.address ?? "",
                needsSecondApprover: true,
                user: { email: summary.player ?? "" },
                proposal: { proposedByEmail },
              },
            )
          }
        />
        <IdentityChecksPanel locked={locked} />
        <QueryState
          query={list}
          rows={list.data ? rows : undefined}
          empty={status === "pending" ? "No pending withdrawals." : "No withdrawals yet."}
        >
          {(shown) => (
            <DataTable
              rows={shown}
              rowKey={(w) => w.id}
              rowProps={() => ({ "data-testid": "admin-withdrawal-row" })}
              minWidth={900}
              columns={[
                { label: "Date", cell: (w) => <DateTime value={w.createdAt} /> },
                { label: "Player", cell: (w) => w.user.email },
                { label: "Amount", cell: (w) => formatUsd(w.amount) },
                { label: "Currency", cell: (w) => `${w.cryptoCurrency} (${w.network})` },
                { label: "Address", cell: (w) => <ChainText>{w.address}</ChainText> },
                {
                  label: "Status",
                  lead: true,
                  cell: (w) => (
                    <StatusWithNote
                      status={w.status}
                      note={
                        w.txid ||
                        w.rejectionReason ||
                        w.failureReason ||
                        (w.proposal ? `Waiting for a second approver: proposed by ${w.proposal.proposedByEmail}` : null) ||
                        routeNote(w)
                      }
                      data-testid="admin-withdrawal-status"
                    />
                  ),
                },
                {
                  label: "",
                  cell: (w) =>
                    w.status === "pending" && (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          color="green"
                          disabled={locked || w.proposal?.proposedById === me?.id}
                          onClick={() => setApproving(w)}
                          loading={approve.isPending && approve.variables?.id === w.id}
                        >
                          {w.proposal ? (w.proposal.proposedById === me?.id ? "Proposed by you" : "Confirm approval") : "Approve"}
                        </Button>
                        <Button size="xs" color="red" variant="light" disabled={locked} onClick={() => setRejecting(w.id)}>
                          Reject
                        </Button>
                      </Group>
                    ),
                },
              ]}
            />
          )}
        </QueryState>
        <LoadMore query={list} shown={rows.length} total={null} noun="withdrawals" />
      </Stack>
      <ConfirmDialog
        {...dialogAbout(approving, setApproving)}
        title={approving?.needsSecondApprover && !approving.proposal ? "Propose withdrawal approval" : "Approve withdrawal"}
        cancelLabel="Keep pending"
        confirmLabel={
          approving?.needsSecondApprover && !approving.proposal ? (
            <>Propose sending {formatUsd(approving.amount)}</>
          ) : (
            <>Approve and send {approving && formatUsd(approving.amount)}</>
          )
        }
        confirmColor="green"
        loading={approve.isPending}
        onConfirm={() => approving && approve.mutate({ id: approving.id })}
      >
        <Text data-testid="approve-withdrawal-summary">
          Send {approving && formatUsd(approving.amount)} in {approving?.cryptoCurrency} ({approving?.network}) to{" "}
          {approving?.user.email}?
        </Text>
        <ChainText>{approving?.address}</ChainText>
        {approving?.needsSecondApprover && !approving.proposal ? (
          <Text size="sm" c="dimmed" data-testid="four-eyes-note">
            A withdrawal of this size needs a second approver: nothing is sent until another finance member or owner confirms it.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {approving?.proposal && <>Proposed by {approving.proposal.proposedByEmail}. </>}
            The payout goes to this address at once. A crypto transfer cannot be reversed.
          </Text>
        )}
      </ConfirmDialog>
      <Modal {...dialogAbout(rejecting, setRejecting)} title="Reject withdrawal">
        <Stack>
          <Textarea
            label="Reason (shown to the player)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Button
            color="red"
            disabled={!reason.trim()}
            loading={reject.isPending}
            onClick={() => rejecting && reject.mutate({ id: rejecting, reason })}
          >
            Reject and return the amount
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}
