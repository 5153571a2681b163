"use client";

import { Alert, Anchor, Button, Code, Group, Stack, Text } from "@mantine/core";
import { Spinner } from "./QueryState";
import { useDeferredValue, useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { DateTime } from "@/components/common/useTimeZone";
import { SimpleTable } from "./DataTable";
import { useBusy } from "./useBusy";
import { WholeNumberInput } from "./WholeNumberInput";
import { type Check, verifyDrawRecord } from "./verifyDrawRecord";
import { DRAW_SCHEME_MERKLE } from "@/shared/merkle";

type DrawRecord = RouterOutputs["contests"]["drawRecord"];
type Entry = DrawRecord["entries"][number];

/** 64 hex digits have no break opportunity: let them wrap instead of overflowing a phone's width. */
const WRAP = { whiteSpace: "pre-wrap", wordBreak: "break-all" } as const;

const METHOD_TEXT: Record<string, string> = {
  entries: "seed + SHA-256 of the final entry list (no beacon configured)",
  beacon: "seed + final entry list + drand randomness beacon round fixed when sales closed",
  legacy: "seed and number of tickets sold (contests drawn before entry lists and beacons were mixed in)",
};

const rangeText = (e: Entry) => (e.firstTicket === e.lastTicket ? `#${e.firstTicket}` : `#${e.firstTicket}–#${e.lastTicket}`);

function EntriesTable({ entries, winnerId }: { entries: Entry[]; winnerId: string | null }) {
  return (
    // A native scroller (Mantine's ScrollArea brings floating-ui), focusable so the keyboard scrolls it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
    <div style={{ maxHeight: 240, overflowY: "auto" }} tabIndex={0} role="region" aria-label="Entries">
      <SimpleTable
        withTableBorder
        data-testid="draw-entries"
        rows={entries}
        rowKey={(e) => e.id}
        rowProps={(e) => ({ style: e.id === winnerId ? { fontWeight: 700 } : undefined })}
        columns={[
          { label: "Tickets", cell: rangeText },
          { label: "Player", cell: (e) => e.name ?? "shown when sales close" },
        ]}
      />
    </div>
  );
}

/**
 * The entry list a page at a time (1,000 entries; "Show more"), and "Find my tickets": the entry
 * holding a ticket number, asked from the server (never the whole list in the browser).
 */
function EntryList({ r }: { r: DrawRecord }) {
  const queryClient = useQueryClient();
  const [more, setMore] = useState<Entry[]>([]);
  const [cursor, setCursor] = useState<number | null>(r.entriesNextCursor);
  const [loading, whileLoading] = useBusy();
  const [ticket, setTicket] = useState<number | "">("");
  const [found, setFound] = useState<Entry | null | undefined>(undefined);
  useEffect(() => {
    setMore([]);
    setCursor(r.entriesNextCursor);
  }, [r]);
  const shown = [...r.entries, ...more];
  const loadMore = async () => {
    if (cursor === null) return;
    await whileLoading(async () => {
      const page = await queryClient.fetchQuery(trpc.contests.drawRecord.queryOptions({ id: r.contestId, cursor }));
      setMore((m) => [...m, ...page.entries]);
      setCursor(page.entriesNextCursor);
    });
  };
  const find = async () => {
    if (ticket === "" || ticket < 1) return;
    const n = ticket;
    const page = await queryClient.fetchQuery(trpc.contests.drawRecord.queryOptions({ id: r.contestId, ticket: n, limit: 1 }));
    setFound(page.entries[0] ?? null);
  };
  return (
    <>
      <Text size="sm" mt="xs">
        Entries ({cursor === null ? shown.length : `${shown.length} shown of the ${r.soldTickets} tickets`}):
      </Text>
      {r.winningEntry && (
        <Text size="sm" data-testid="winning-entry">
          Winning entry: {rangeText(r.winningEntry)}
          {r.winningEntry.name ? ` · ${r.winningEntry.name}` : ""}
        </Text>
      )}
      <Group gap="xs" align="flex-end">
        <WholeNumberInput
          label="Find my tickets"
          placeholder="Ticket number"
          size="xs"
          min={1}
          max={Math.max(1, r.soldTickets)}
          value={ticket}
          onChange={setTicket}
          data-testid="find-ticket"
        />
        <Button size="xs" variant="light" onClick={() => void find()}>
          Find
        </Button>
      </Group>
      {found !== undefined && (
        <Text size="sm" data-testid="found-entry">
          {found
            ? `Ticket is in entry ${rangeText(found)}${found.name ? ` · ${found.name}` : ""}`
            : "No entry holds that ticket."}
        </Text>
      )}
      {shown.length > 0 ? (
        <EntriesTable entries={shown} winnerId={r.winningEntry?.id ?? null} />
      ) : (
        <Text size="sm" c="dimmed">
          No entries yet.
        </Text>
      )}
      {cursor !== null && (
        <Button size="xs" variant="subtle" loading={loading} onClick={() => void loadMore()}>
          Show more entries
        </Button>
      )}
      {(r.salesClosedAt || r.drawnAt) && (
        <Anchor size="xs" href={r.entriesFile} download data-testid="entries-file">
          Download the whole entry list (entry ids and ticket ranges, the lines its hash covers)
        </Anchor>
      )}
    </>
  );
}

/**
 * The public draw record of a contest (GET /api/contests/{id}/draw; docs/fair-play.md): the seed
 * commitment, how the winner is derived, the entry list with masked names, the beacon round, an
 * early End, and the result recomputed here in the browser.
 */
export function DrawProof({ contestId }: { contestId: string }) {
  const record = useQuery(trpc.contests.drawRecord.queryOptions({ id: contestId }));
  const [check, setCheck] = useState<Check | null>(null);
  // Rendered at transition priority (useDeferredValue): an answer arriving after hydration renders
  // in slices, not one long task (docs/performance.md "First load").
  const r = useDeferredValue(record.data);

  useEffect(() => {
    if (!r?.seed) return;
    let live = true;
    void verifyDrawRecord(r).then((c) => {
      if (live) setCheck(c);
    });
    return () => {
      live = false;
    };
  }, [r]);

  if (!r) return record.isLoading || record.data ? <Spinner size="xs" label="Loading draw record" /> : null;
  const matches = !!check?.hashOk && check.entriesOk !== false && check.ticket === r.winningTicket;
  return (
    <Stack gap={4} data-testid="draw-proof">
      <Text size="sm" fw={600}>
        Provably fair draw
      </Text>
      <Text size="sm">Commitment (SHA-256 of the secret seed), published when the contest opened:</Text>
      <Code block style={WRAP}>
        {r.seedHash}
      </Code>
      {r.method && (
        <Text size="sm" data-testid="draw-method">
          Winner derived from: {METHOD_TEXT[r.method]}
        </Text>
      )}
      {r.endedEarlyAt && (
        <Alert color="orange" data-testid="ended-early">
          Ended early by an administrator on <DateTime value={r.endedEarlyAt} />, before the end date or sell-out.
        </Alert>
      )}
      {r.awaitingResults && (
        <Alert color="blue" data-testid="awaiting-results">
          Contest ended - awaiting results ({r.pendingReason ?? "the draw is queued"}).
        </Alert>
      )}
      {r.entriesHash && (
        <>
          <Text size="sm">
            {r.scheme === DRAW_SCHEME_MERKLE
              ? "Final entry list (Merkle root: each player can prove their entries are in it):"
              : "Final entry list hash:"}
          </Text>
          <Code block style={WRAP}>
            {r.entriesHash}
          </Code>
        </>
      )}
      {r.salesClosedAt && (r.freeEntries.postal > 0 || r.freeEntries.online > 0) && (
        <Text size="sm" data-testid="free-entry-parity">
          Free entries: {r.freeEntries.postal} by post, {r.freeEntries.online} online, holding {r.freeEntries.tickets} ticket
          {r.freeEntries.tickets === 1 ? "" : "s"} ({r.freeEntries.sharePercent ?? "0.00"}% of those sold). {r.freeEntries.parity}
        </Text>
      )}
      {r.beacon && (
        <Text size="sm" style={WRAP}>
          drand round {r.beacon.round} of chain {r.beacon.chainHash.slice(0, 12)}…
          {r.beacon.randomness ? `: randomness ${r.beacon.randomness}` : " (not published yet)"}
        </Text>
      )}
      {r.seed ? (
        <>
          <Text size="sm">Revealed seed:</Text>
          <Code block style={WRAP}>
            {r.seed}
          </Code>
          <Text size="sm">
            Tickets sold: {r.soldTickets} · Winning ticket:{" "}
            {r.winningTicket === null ? "none (no tickets sold)" : `#${r.winningTicket}`}
          </Text>
          {check === null ? (
            <Spinner size="xs" label="Verifying" />
          ) : matches ? (
            <Alert color="green" title="✓ Verified in your browser" data-testid="draw-proof-ok">
              sha256(seed) equals the published hash,{" "}
              {!r.entriesHash
                ? "(drawn before entry lists were hashed)"
                : check.entriesOk === null
                  ? "the published entry-list hash goes into the draw (check the list itself with the download below),"
                  : "the entry list matches its hash,"}{" "}
              and the draw gives {check.ticket === null ? "no winner" : `ticket #${check.ticket}`}.
            </Alert>
          ) : (
            <Alert color="red" title="✗ Does not match" data-testid="draw-proof-fail">
              {!check.hashOk
                ? "The seed does not hash to the published commitment."
                : !check.entriesOk
                  ? "The entry list does not match its hash."
                  : `Recomputed ticket: ${check.ticket ?? "none"}`}
            </Alert>
          )}
        </>
      ) : (
        !r.awaitingResults && (
          <Text size="sm" c="dimmed">
            The seed is revealed when the contest is drawn, so anyone can recompute the winning ticket.
          </Text>
        )
      )}
      <EntryList r={r} />
      <Text size="xs" c="dimmed">
        Check it yourself:{" "}
        <Anchor href="/how-we-run-our-draws#winner-selection" size="xs">
          how winners are chosen and verified
        </Anchor>
      </Text>
    </Stack>
  );
}
