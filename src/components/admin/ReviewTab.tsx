"use client";

import { SecondApproverQueue } from "./SecondApproverQueue";
import { Badge, Button, Card, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { dialogAbout } from "@/components/common/ConfirmDialog";
import { useMemo, useState } from "react";
import { REVIEW_KIND_LABELS } from "@/shared/schemas/review";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { LoadMore, QueryState } from "@/components/common/QueryState";
import { DataTable } from "@/components/common/DataTable";
import { DateTime } from "@/components/common/useTimeZone";
import { formatUsd } from "@/shared/money-format";
import { useSecondFactorGate } from "./SecondFactorGate";
import { LIMITS } from "@/shared/constants";
import { uniqueRows } from "@/components/common/uniqueRows";

const PAGE = LIMITS.listPage;

type Action = "credit" | "takeBack" | "settlePaid" | "settleFailed" | "dismiss";
const ACTION_LABELS: Record<Action, string> = {
  credit: "Credit",
  takeBack: "Take back",
  settlePaid: "Mark paid",
  settleFailed: "Mark failed",
  dismiss: "Dismiss",
};

/** The dialog's button says what it does: "Credit $12.00", "Take back $5.00", "Mark paid", "Dismiss". */
export function confirmLabel(a: { action: Action; amount: string | null }): string {
  const money = a.amount && (a.action === "credit" || a.action === "takeBack") ? ` ${formatUsd(a.amount)}` : "";
  return `${ACTION_LABELS[a.action]}${money}`;
}

/**
 * Admin dashboard 'Review' tab (docs/payments.md "Review queue"): money the automatic flows must not
 * decide alone. Every action needs a reason; the server applies each at most once and audits it.
 */
export function ReviewTab() {
  const queryClient = useQueryClient();
  const { locked } = useSecondFactorGate();
  const [status, setStatus] = useState<"open" | "all">("open");
  // A page at a time: the open queue oldest first, or everything newest first ("Load more").
  const list = useInfiniteQuery(
    trpc.review.list.infiniteQueryOptions(
      { status, limit: PAGE },
      {
        refetchInterval: 30_000,
        getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
      },
    ),
  );
  // A refetch after a decision can shift rows between pages: show each entry once.
  const rows = useMemo(() => uniqueRows(list.data?.pages, (r) => r.id), [list.data]);
  const [acting, setActing] = useState<{ id: string; action: Action; summary: string; amount: string | null } | null>(null);
  const [reason, setReason] = useState("");
  const [txid, setTxid] = useState("");
  const done = async (title: string, message: string) => {
    toastSuccess(title, message);
    setActing(null);
    setReason("");
    setTxid("");
    await queryClient.invalidateQueries(trpc.review.list.pathFilter());
  };
  const failed = (e: unknown) => toastError(TOAST.reviewFailed, e, "The review action failed");
  // Still open after the click: over the four-eyes threshold it waits for a second approver.
  const proposed = async () => {
    await done(TOAST.approvalProposed, "Nothing moves until another finance member or owner confirms it.");
    await queryClient.invalidateQueries(trpc.admin.waitingApprovals.pathFilter());
  };
  const credit = useMutation(
    trpc.review.credit.mutationOptions({
      onSuccess: (r) =>
        r.entry?.status === "open" ? proposed() : done("Credited", "The received value was added to the player's balance"),
      onError: failed,
    }),
  );
  const takeBack = useMutation(
    trpc.review.takeBack.mutationOptions({
      onSuccess: (r) =>
        r.entry?.status === "open"
          ? proposed()
          : done(
              "Taken Back",
              r.claim === "0.00"
                ? `${formatUsd(r.taken)} taken back`
                : `${formatUsd(r.taken)} taken back; ${formatUsd(r.claim)} recorded as owed`,
            ),
      onError: failed,
    }),
  );
  const settle = useMutation(
    trpc.review.settlePayout.mutationOptions({ onSuccess: (r) => done("Payout Settled", r.message), onError: failed }),
  );
  const dismiss = useMutation(
    trpc.review.dismiss.mutationOptions({ onSuccess: () => done("Dismissed", "The entry was closed"), onError: failed }),
  );
  const pending = credit.isPending || takeBack.isPending || settle.isPending || dismiss.isPending;

  const submit = () => {
    if (!acting) return;
    const input = { id: acting.id, reason };
    if (acting.action === "credit") credit.mutate(input);
    if (acting.action === "takeBack") takeBack.mutate(input);
    if (acting.action === "settlePaid") settle.mutate({ ...input, outcome: "paid", txid });
    if (acting.action === "settleFailed") settle.mutate({ ...input, outcome: "failed" });
    if (acting.action === "dismiss") dismiss.mutate(input);
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <SecondApproverQueue
          actions={["review.credit", "review.takeBack"]}
          locked={locked}
          onConfirm={(id, summary, action) =>
            (action === "review.credit" ? credit : takeBack).mutate({ id, reason: summary.reason ?? "" })
          }
        />
        <Group justify="space-between">
          <Title order={3}>Review queue</Title>
          <SegmentedControl
            value={status}
            onChange={(v) => setStatus(v as "open" | "all")}
            data={[
              { value: "open", label: "Open" },
              { value: "all", label: "All" },
            ]}
          />
        </Group>
        <QueryState query={list} rows={list.data ? rows : undefined} empty="Nothing to review.">
          {(shown) => (
            <DataTable
              minWidth={900}
              rows={shown}
              rowProps={() => ({ "data-testid": "review-row" })}
              rowKey={(e) => e.id}
              columns={[
                { label: "Date", cell: (e) => <DateTime value={e.createdAt} /> },
                { label: "Kind", cell: (e) => REVIEW_KIND_LABELS[e.kind] },
                { label: "Player", cell: (e) => e.userEmail ?? "—" },
                { label: "Amount", cell: (e) => (e.amount ? formatUsd(e.amount) : "—") },
                {
                  label: "What happened",
                  cellProps: { style: { maxWidth: 420 } },
                  cell: (e) => (
                    <>
                      <Text size="sm">{e.summary}</Text>
                      {e.resolution && (
                        <Text size="xs" c="dimmed">
                          Resolution: {e.resolution}
                          {e.claimAmount ? ` (still owed: ${formatUsd(e.claimAmount)})` : ""}
                        </Text>
                      )}
                    </>
                  ),
                },
                {
                  label: "Status",
                  lead: true,
                  cell: (e) => <Badge color={e.status === "open" ? "orange" : "gray"}>{e.status.replace("_", " ")}</Badge>,
                },
                {
                  label: "",
                  cell: (e) => (
                    <Group gap="xs">
                      {e.actions
                        .flatMap((a): Action[] => (a === "settlePayout" ? ["settlePaid", "settleFailed"] : [a]))
                        .map((a) => (
                          <Button
                            key={a}
                            size="xs"
                            variant={a === "dismiss" ? "default" : "filled"}
                            disabled={locked}
                            onClick={() => setActing({ id: e.id, action: a, summary: e.summary, amount: e.amount })}
                          >
                            {ACTION_LABELS[a]}
                          </Button>
                        ))}
                    </Group>
                  ),
                },
              ]}
            />
          )}
        </QueryState>
        <LoadMore query={list} shown={rows.length} total={null} noun="entries" />
      </Stack>
      <Modal {...dialogAbout(acting, setActing)} title={acting ? ACTION_LABELS[acting.action] : ""}>
        <Stack>
          <Text size="sm">{acting?.summary}</Text>
          {acting?.action === "settlePaid" && (
            <TextInput label="Transaction id" required value={txid} onChange={(e) => setTxid(e.currentTarget.value)} />
          )}
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setActing(null)}>
              Cancel
            </Button>
            <Button
              loading={pending}
              disabled={!reason.trim() || (acting?.action === "settlePaid" && !txid.trim())}
              onClick={submit}
              data-testid="review-confirm"
            >
              {acting ? confirmLabel(acting) : ""}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
