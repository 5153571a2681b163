"use client";

import { formatCount } from "@/shared/format";
import { ActionIcon, Badge, Button, Code, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { IconTrash } from "@tabler/icons-react";
import { useServerDraft } from "@/components/common/useServerDraft";
import { INSTANT_PRIZE_KIND_LABELS, INSTANT_PRIZE_KINDS, type InstantPrizeKind, MAX_INSTANT_PRIZES } from "@/shared/instant-wins";
import { formatUsd } from "@/shared/money-format";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { AdminContest } from "@/trpc/types";
import { TOAST, toastError, toastSuccess } from "../common/toasts";
import { SimpleTable } from "@/components/common/DataTable";

type Draft = { kind: InstantPrizeKind; label: string; amount: string };
const KIND_OPTIONS = INSTANT_PRIZE_KINDS.map((k) => ({ value: k, label: INSTANT_PRIZE_KIND_LABELS[k] }));

/**
 * A contest's instant prizes (docs/contests.md "Instant wins"): how many are left and who won them;
 * while no ticket is sold, the list can be set (saving commits a new map). Unwon tickets stay secret.
 */
export function InstantPrizesDialog({ contest, onClose }: { contest: AdminContest | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.instantWins.adminList.queryOptions({ contestId: contest?.id ?? "" }, { enabled: contest !== null }));
  const [drafts, setDrafts] = useServerDraft<Draft[]>(
    list.data?.prizes.map((p) => ({ kind: p.kind, label: p.label, amount: p.amount ?? "" })),
    [],
  );
  const save = useMutation(
    trpc.instantWins.set.mutationOptions({
      onSuccess: async (r) => {
        if (r.proposed)
          toastSuccess(TOAST.approvalProposed, "Nothing changes until another content editor or owner sets the same prizes.");
        else toastSuccess(TOAST.instantPrizesSaved, `${r.total} instant prize${r.total === 1 ? "" : "s"} committed`);
        await queryClient.invalidateQueries(trpc.admin.waitingApprovals.pathFilter());
        await queryClient.invalidateQueries(trpc.instantWins.pathFilter());
      },
      onError: (e) => toastError(TOAST.instantPrizesRefused, e, "Failed to save the instant prizes"),
    }),
  );
  const edit = (i: number, patch: Partial<Draft>) => setDrafts((d) => d.map((x, n) => (n === i ? { ...x, ...patch } : x)));
  const data = list.data;
  return (
    <Modal opened={contest !== null} onClose={onClose} title={`Instant prizes: ${contest?.title ?? ""}`} size="lg">
      {list.isLoading || !data ? (
        <Group justify="center" py="md">
          <Spinner size="sm" label="Loading instant prizes" />
        </Group>
      ) : (
        <Stack>
          <Group justify="space-between">
            <Text size="sm">
              Tickets 1–{data.ticketMax === null ? "?" : formatCount(data.ticketMax)} · {formatCount(data.soldTickets)} sold
            </Text>
            <Badge variant="light" data-testid="admin-instant-left">
              {formatCount(data.left)} of {formatCount(data.total)} left
            </Badge>
          </Group>
          {data.mapHash && (
            <Text size="xs">
              Map commitment: <Code style={{ wordBreak: "break-all" }}>{data.mapHash}</Code>
            </Text>
          )}
          {!data.editable ? (
            data.total === 0 ? (
              <Text c="dimmed" size="sm">
                No instant prizes. They can only be added to an active contest before its first ticket is sold.
              </Text>
            ) : (
              <SimpleTable
                scrollMinWidth={360}
                rows={data.prizes}
                rowKey={(p) => p.id}
                columns={[
                  {
                    label: "Prize",
                    cell: (p) => (
                      <>
                        {p.label} ({p.kind === "physical" ? INSTANT_PRIZE_KIND_LABELS.physical : formatUsd(p.amount)})
                      </>
                    ),
                  },
                  { label: "Ticket", cell: (p) => (p.ticket === null ? "secret" : `#${p.ticket}`) },
                  { label: "Winner", cell: (p) => p.winnerEmail ?? "not won yet" },
                ]}
              />
            )
          ) : (
            <>
              <Text size="sm" c="dimmed">
                Saving draws the winning tickets from a new secret seed and publishes their commitment. The list is frozen once
                the first ticket is sold. Physical prizes are claimed like a draw prize; the amount is their cash alternative.
              </Text>
              {data.ticketMax === null && (
                <Text size="sm" c="orange">
                  Set the contest&apos;s maximum tickets first: the winning numbers are drawn in 1..max.
                </Text>
              )}
              {drafts.length === 0 && (
                <Text size="sm" c="dimmed">
                  No instant prizes yet.
                </Text>
              )}
              {drafts.map((d, i) => (
                <Group key={i} align="flex-end" wrap="wrap" gap="xs" data-testid="instant-prize-row">
                  <Select
                    label="Kind"
                    w={160}
                    data={KIND_OPTIONS}
                    value={d.kind}
                    allowDeselect={false}
                    onChange={(v) => v && edit(i, { kind: v as InstantPrizeKind })}
                  />
                  <TextInput
                    label="Label"
                    style={{ flex: 1, minWidth: 140 }}
                    value={d.label}
                    onChange={(e) => edit(i, { label: e.currentTarget.value })}
                  />
                  <TextInput
                    label={d.kind === "physical" ? "Cash alternative" : "Amount (USD)"}
                    w={130}
                    inputMode="decimal"
                    value={d.amount}
                    onChange={(e) => edit(i, { amount: e.currentTarget.value })}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove instant prize ${i + 1}`}
                    onClick={() => setDrafts((x) => x.filter((_, n) => n !== i))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Group justify="space-between">
                <Button
                  variant="light"
                  disabled={drafts.length >= MAX_INSTANT_PRIZES}
                  onClick={() => setDrafts((d) => [...d, { kind: "cash", label: "", amount: "" }])}
                >
                  Add prize
                </Button>
                <Button
                  loading={save.isPending}
                  disabled={!contest}
                  onClick={() =>
                    contest &&
                    save.mutate({
                      contestId: contest.id,
                      prizes: drafts.map((d) => ({ kind: d.kind, label: d.label, amount: d.amount.trim() || null })),
                    })
                  }
                >
                  Save instant prizes
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
