"use client";

import { Button, Group, Modal, Stack, Text, Textarea, Title } from "@mantine/core";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/common/DataTable";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { DateTime } from "@/components/common/useTimeZone";
import { trpc } from "@/trpc/react";
import { LoadMore } from "@/components/common/QueryState";
import { LIMITS } from "@/shared/constants";
import { uniqueRows } from "@/components/common/uniqueRows";

const PAGE = LIMITS.listPage;

type Decision = { userId: string; email: string; decision: "approved" | "rejected" };

/**
 * Identity checks waiting for a decision (docs/payments.md "Identity"): the player's declared details;
 * Approve or Reject with a reason (audited as identity.decide; withdrawals held for it are then paid).
 */
export function IdentityChecksPanel({ locked }: { locked: boolean }) {
  const queryClient = useQueryClient();
  // The queue oldest first, a page at a time ("Load more").
  const list = useInfiniteQuery(
    trpc.identity.adminPending.infiniteQueryOptions(
      { limit: PAGE },
      { enabled: !locked, getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.userId : undefined) },
    ),
  );
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reason, setReason] = useState("");
  const decide = useMutation(
    trpc.identity.decide.mutationOptions({
      onSuccess: async (r) => {
        toastSuccess(TOAST.identityDecided, r.message);
        setDeciding(null);
        setReason("");
        await queryClient.invalidateQueries(trpc.identity.adminPending.pathFilter());
        await queryClient.invalidateQueries(trpc.withdrawals.adminList.pathFilter());
      },
      onError: (e) => toastError(TOAST.reviewFailed, e, "Could not record the decision"),
    }),
  );
  // A refetch after a decision can shift rows between pages: show each player once.
  const rows = useMemo(() => uniqueRows(list.data?.pages, (r) => r.userId), [list.data]);
  if (!rows.length) return null;
  return (
    <Stack gap="xs" data-testid="identity-checks">
      <Title order={4}>Identity checks waiting</Title>
      <DataTable
        rows={rows}
        rowKey={(r) => r.userId}
        minWidth={700}
        columns={[
          { label: "Asked", cell: (r) => (r.requestedAt ? <DateTime value={r.requestedAt} /> : "—") },
          { label: "Player", cell: (r) => r.email, lead: true },
          { label: "Legal name", cell: (r) => r.legalName ?? "—" },
          { label: "Born", cell: (r) => r.dateOfBirth ?? "—" },
          { label: "Address", cell: (r) => [r.addressLine, r.city, r.postcode, r.country].filter(Boolean).join(", ") },
          {
            label: "",
            cell: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" color="green" disabled={locked} onClick={() => setDeciding({ ...r, decision: "approved" })}>
                  Approve
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  disabled={locked}
                  onClick={() => setDeciding({ ...r, decision: "rejected" })}
                >
                  Reject
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <LoadMore query={list} shown={rows.length} total={null} noun="checks" />
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        title={deciding?.decision === "approved" ? "Approve the identity check" : "Reject the identity check"}
      >
        <Stack>
          <Text size="sm">{deciding?.email}</Text>
          <Textarea
            label="Reason (what you checked)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button
              disabled={!reason.trim()}
              loading={decide.isPending}
              onClick={() => deciding && decide.mutate({ userId: deciding.userId, decision: deciding.decision, reason })}
            >
              Record the decision
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
