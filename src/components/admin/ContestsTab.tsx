"use client";

import { SecondApproverQueue } from "./SecondApproverQueue";
import { Badge, Button, Group, Image, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import type { AdminContest as PublicContest } from "@/trpc/types";
import { CATEGORY_LABELS, LIMITS } from "@/shared/constants";
import { formatUsd } from "@/shared/money-format";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { DrawProof } from "../common/DrawProof";
import { ContestForm } from "./ContestForm";
import { FreeEntryDialog } from "./FreeEntryDialog";
import { InstantPrizesDialog } from "./InstantPrizesDialog";
import { BundleTiersDialog } from "./BundleTiersDialog";
import { ContestStatusBadge } from "./StatusBadge";
import { ExportCsvButton } from "./ExportCsvButton";
import { DateTime } from "@/components/common/useTimeZone";
import { formatCount } from "@/shared/format";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { DataTable } from "@/components/common/DataTable";
import { LoadMore } from "@/components/common/QueryState";
import { ConfirmDialog, dialogAbout } from "@/components/common/ConfirmDialog";
import { useInvalidate } from "@/components/common/useInvalidate";
import { TabHeading } from "./TabHeading";
import { useSecondFactorGate } from "./SecondFactorGate";
import { useStaffAccess } from "./useStaffAccess";

const STATUS_FILTER = [
  { value: "", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "ended", label: "Ended" },
  { value: "cancelled", label: "Cancelled" },
];

export function ContestsTab() {
  const invalidate = useInvalidate();
  const { locked } = useSecondFactorGate();
  const { can } = useStaffAccess();
  const [statusFilter, setStatusFilter] = useState("");
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // A page of 50 at a time ("Load more"), filtered by status and title on the server.
  const contests = useInfiniteQuery(
    trpc.admin.contests.infiniteQueryOptions(
      {
        limit: LIMITS.listPage,
        ...(statusFilter ? { status: statusFilter as "active" | "ended" | "cancelled" } : {}),
        ...(debouncedSearch ? { search: debouncedSearch } : {}),
      },
      {
        staleTime: 0,
        refetchOnMount: true,
        getNextPageParam: (last) => (last.length === LIMITS.listPage ? last.at(-1)?.id : undefined),
      },
    ),
  );
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PublicContest | null>(null);
  const [viewing, setViewing] = useState<PublicContest | null>(null);
  const [cancelling, setCancelling] = useState<PublicContest | null>(null);
  const [freeEntry, setFreeEntry] = useState<PublicContest | null>(null);
  const [instant, setInstant] = useState<PublicContest | null>(null);
  const [bundles, setBundles] = useState<PublicContest | null>(null);
  // End draws a winner and cannot be undone: it asks first, like Cancel.
  const [ending, setEnding] = useState<PublicContest | null>(null);
  // Announcing e-mails every player who opted in to offers: it asks first, and works once per contest.
  const [announcing, setAnnouncing] = useState<PublicContest | null>(null);
  const announce = useMutation(
    trpc.admin.announceContest.mutationOptions({
      onSuccess: ({ message }) => {
        toastSuccess(TOAST.contestAnnounced, message);
        setAnnouncing(null);
      },
      onError: (e) => {
        toastError(TOAST.updateFailed, e, "Failed to announce the contest");
        setAnnouncing(null);
      },
    }),
  );

  const refresh = () => invalidate(trpc.admin.contests, trpc.admin.overview);
  // Four eyes: instant prizes another content editor proposed, set again as proposed.
  const confirmInstant = useMutation(
    trpc.instantWins.set.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.instantPrizesSaved, "The proposed instant prizes are committed");
        await invalidate(trpc.admin.waitingApprovals, trpc.instantWins.adminList);
      },
      onError: (e) => toastError(TOAST.instantPrizesRefused, e, "Failed to save the instant prizes"),
    }),
  );

  const create = useMutation(
    trpc.admin.createContest.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.contestCreated, "The contest is live and open for tickets.");
        setCreating(false);
        await refresh();
      },
      onError: (e) => toastError(TOAST.creationFailed, e, "Failed to create contest"),
    }),
  );
  const update = useMutation(
    trpc.admin.updateContest.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.contestUpdated, "Contest details have been saved.");
        setEditing(null);
        await refresh();
      },
      onError: (e) => toastError(TOAST.updateFailed, e, "Failed to update contest"),
    }),
  );
  const status = useMutation(
    trpc.admin.setContestStatus.mutationOptions({
      onSuccess: async ({ contest }) => {
        const message =
          contest.status === "ended"
            ? contest.awaitingResults
              ? "Sales closed: the draw is awaiting results (the contest's row says why)."
              : contest.winningTicket === null
                ? "Contest ended without a winner (no tickets sold)."
                : `Contest ended: ticket #${contest.winningTicket} won.`
            : contest.status === "cancelled"
              ? "Contest cancelled and every ticket refunded."
              : "Contest is active again.";
        toastSuccess(TOAST.contestUpdated, message);
        setCancelling(null);
        setEnding(null);
        await refresh();
      },
      onError: (e) => toastError(TOAST.updateFailed, e, "Failed to update contest status"),
    }),
  );

  const rows = contests.data?.pages.flat() ?? [];
  // The whole count from the dashboard's counters; a filtered list counts what it has shown.
  const stats = useQuery(trpc.admin.stats.queryOptions(undefined, { staleTime: 30_000 }));
  return (
    <Stack>
      <TabHeading title="Contests">
        {can("admin.createContest") && (
          <Button onClick={() => setCreating(true)} disabled={locked}>
            Add Contest
          </Button>
        )}
      </TabHeading>
      {can("instantWins.set") && (
        <SecondApproverQueue
          actions={["instantWins.set"]}
          locked={locked}
          onConfirm={(contestId, summary) => confirmInstant.mutate({ contestId, prizes: JSON.parse(summary.change ?? "[]") })}
        />
      )}
      <Group>
        <TextInput
          placeholder="Search contests..."
          aria-label="Search contests by title"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          aria-label="Filter by status"
          data={STATUS_FILTER}
          value={statusFilter}
          onChange={(v) => setStatusFilter(v ?? "")}
          allowDeselect={false}
          w={170}
        />
      </Group>
      <div>
        <DataTable
          minWidth={820}
          rows={rows}
          rowKey={(c) => c.id}
          rowProps={() => ({ "data-testid": "admin-contest-row" })}
          columns={[
            { label: "Title", cell: (c) => <Text fw={600}>{c.title}</Text> },
            { label: "Category", cell: (c) => CATEGORY_LABELS[c.category] },
            { label: "Ticket price", cell: (c) => formatUsd(c.ticketPrice) },
            {
              label: "Sold",
              cell: (c) => (
                <>
                  {formatCount(c.soldTickets)} / {c.maxTickets === null ? "∞" : formatCount(c.maxTickets)}
                </>
              ),
            },
            {
              label: "Status",
              lead: true,
              cell: (c) => (
                <>
                  <ContestStatusBadge status={c.status} />
                  {c.drawPending && (
                    <Text
                      size="xs"
                      c={c.drawError ? "red.8" : "gray.7"}
                      data-testid="draw-pending"
                      title={c.drawError ?? undefined}
                    >
                      {c.drawPending}
                      {c.drawError ? `: ${c.drawError}` : ""}
                    </Text>
                  )}
                </>
              ),
            },
            {
              label: "Actions",
              cell: (c) => (
                <Group gap={6}>
                  <Button size="xs" variant="default" onClick={() => setViewing(c)}>
                    View
                  </Button>
                  {can("admin.updateContest") && (
                    <Button size="xs" variant="default" disabled={locked} onClick={() => setEditing(c)}>
                      Edit
                    </Button>
                  )}
                  {can("GET /api/admin/contests/:contestId/entries.csv") && (
                    <ExportCsvButton href={`/api/admin/contests/${encodeURIComponent(c.id)}/entries.csv`} label="Entries CSV" />
                  )}
                  {can("instantWins.set") && (
                    <Button size="xs" variant="default" disabled={locked} onClick={() => setInstant(c)}>
                      Instant prizes
                    </Button>
                  )}
                  {c.status === "active" ? (
                    <>
                      {can("admin.setContestStatus") && (
                        <Button
                          size="xs"
                          color="orange"
                          disabled={locked}
                          loading={status.isPending && status.variables?.contestId === c.id}
                          onClick={() => setEnding(c)}
                        >
                          End
                        </Button>
                      )}
                      {can("admin.announceContest") && (
                        <Button size="xs" variant="default" disabled={locked} onClick={() => setAnnouncing(c)}>
                          Announce
                        </Button>
                      )}
                      {can("admin.recordFreeEntry") && (
                        <Button size="xs" variant="light" disabled={locked} onClick={() => setFreeEntry(c)}>
                          Free entry
                        </Button>
                      )}
                      {can("pricing.setBundleTiers") && (
                        <Button size="xs" variant="light" color="grape" disabled={locked} onClick={() => setBundles(c)}>
                          Bundles{c.bundleTiers.length ? ` (${c.bundleTiers.length})` : ""}
                        </Button>
                      )}
                      {can("admin.setContestStatus") && (
                        <Button size="xs" color="red" variant="light" disabled={locked} onClick={() => setCancelling(c)}>
                          Cancel
                        </Button>
                      )}
                    </>
                  ) : c.status === "ended" && can("admin.setContestStatus") ? (
                    <Button
                      size="xs"
                      color="green"
                      disabled={locked || c.winningTicket !== null}
                      title={c.winningTicket !== null ? "A drawn contest cannot be re-opened" : undefined}
                      onClick={() => status.mutate({ contestId: c.id, status: "active" })}
                    >
                      Activate
                    </Button>
                  ) : null}
                </Group>
              ),
            },
          ]}
        />
        <LoadMore
          query={contests}
          variant="light"
          mt="sm"
          shown={rows.length}
          total={statusFilter || debouncedSearch ? null : stats.data?.totalContests}
          noun="contests"
        />
      </div>

      <Modal opened={creating} onClose={() => setCreating(false)} title="Create New Contest" size="lg">
        <ContestForm submitLabel="Create Contest" pending={create.isPending} onSubmit={(p) => create.mutate(p)} />
      </Modal>
      <Modal {...dialogAbout(editing, setEditing)} title="Edit Contest" size="lg">
        {editing && (
          <ContestForm
            initial={editing}
            submitLabel="Save Changes"
            pending={update.isPending}
            onSubmit={(p) => update.mutate({ id: editing.id, data: p })}
          />
        )}
      </Modal>
      <Modal {...dialogAbout(viewing, setViewing)} title={viewing?.title} size="lg">
        {viewing && <ContestDetails contest={viewing} />}
      </Modal>
      <FreeEntryDialog contest={freeEntry} onClose={() => setFreeEntry(null)} />
      <InstantPrizesDialog contest={instant} onClose={() => setInstant(null)} />
      <BundleTiersDialog contest={bundles} onClose={() => setBundles(null)} />
      <ConfirmDialog
        {...dialogAbout(ending, setEnding)}
        title="End contest"
        cancelLabel="Keep running"
        confirmLabel="End and draw"
        confirmColor="orange"
        loading={status.isPending}
        onConfirm={() => ending && status.mutate({ contestId: ending.id, status: "ended" })}
      >
        <Text>
          End &quot;{ending?.title}&quot; now?{" "}
          {ending?.soldTickets
            ? `A winner is drawn at once from the ${formatCount(ending.soldTickets)} tickets sold.`
            : "No tickets were sold, so it ends without a winner."}{" "}
          This cannot be undone.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        {...dialogAbout(announcing, setAnnouncing)}
        title="Announce contest"
        cancelLabel="Not now"
        confirmLabel="Send announcement"
        confirmColor="teal"
        loading={announce.isPending}
        onConfirm={() => announcing && announce.mutate({ contestId: announcing.id })}
      >
        <Text>
          E-mail &quot;{announcing?.title}&quot; to every player who opted in to offers? Players who take a break, reached a spend
          limit or closed their account get nothing. A contest is announced once.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        {...dialogAbout(cancelling, setCancelling)}
        title="Cancel contest"
        cancelLabel="Keep contest"
        confirmLabel="Cancel and refund"
        confirmColor="red"
        loading={status.isPending}
        onConfirm={() => cancelling && status.mutate({ contestId: cancelling.id, status: "cancelled" })}
      >
        <Text>
          Cancel &quot;{cancelling?.title}&quot;? Every ticket ({formatCount(cancelling?.soldTickets ?? 0)} sold) is refunded to
          its owner&apos;s balance. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function ContestDetails({ contest: c }: { contest: PublicContest }) {
  return (
    <Stack gap="sm">
      {c.imageUrl && <Image src={c.imageUrl} alt={c.title} h={180} fit="contain" />}
      <Group gap="xs">
        <ContestStatusBadge status={c.status} />
        <Badge variant="outline">{CATEGORY_LABELS[c.category]}</Badge>
      </Group>
      <Text>{c.detailedDescription ?? c.description}</Text>
      <Text size="sm">
        Ticket price {formatUsd(c.ticketPrice)}
        {c.originalPrice && ` (was ${formatUsd(c.originalPrice)}, -${c.discountPercentage ?? 0}%)`}
        {c.cashAlternative && ` · cash alternative ${formatUsd(c.cashAlternative)}`}
      </Text>
      <Text size="sm">
        Tickets sold {formatCount(c.soldTickets)} of {c.maxTickets === null ? "∞" : formatCount(c.maxTickets)}
        {c.endDate && (
          <>
            {" · ends "}
            <DateTime value={c.endDate} />
          </>
        )}
      </Text>
      {c.winnerId && <Text size="sm">Winner user id: {c.winnerId}</Text>}
      <Text size="xs" c="dimmed">
        Contest ID: {c.id}
      </Text>
      <DrawProof contestId={c.id} />
    </Stack>
  );
}
