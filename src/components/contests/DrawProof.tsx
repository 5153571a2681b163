"use client";

import { Alert, Code, Loader, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { computeDrawWinner, entriesHashOf, sha256Hex } from "@/shared/draw";
import { api } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { DateTime } from "@/components/layout/useTimeZone";

type DrawRecord = RouterOutputs["contests"]["drawRecord"];
type Check = { hashOk: boolean; entriesOk: boolean; ticket: number | null };

/** 64 hex digits have no break opportunity: let them wrap instead of overflowing a phone's width. */
const WRAP = { whiteSpace: "pre-wrap", wordBreak: "break-all" } as const;

const METHOD_TEXT: Record<string, string> = {
  entries: "seed + SHA-256 of the final entry list (no beacon configured)",
  beacon: "seed + final entry list + drand randomness beacon round fixed when sales closed",
  legacy: "seed and number of tickets sold (contests drawn before entry lists and beacons were mixed in)",
};

/** Recomputes the draw in the visitor's browser with Web Crypto (the same code as scripts/verify-draw.ts). */
async function verify(r: DrawRecord): Promise<Check | null> {
  if (!r.seed) return null;
  const method = r.method === "legacy" || r.method === null ? null : r.method;
  const [hash, entriesHash] = await Promise.all([sha256Hex(r.seed), entriesHashOf(r.entries)]);
  const ticket = await computeDrawWinner({
    seed: r.seed,
    contestId: r.contestId,
    soldTickets: r.soldTickets,
    method,
    entriesHash: r.entriesHash,
    beaconRandomness: r.beacon?.randomness ?? null,
  }).catch(() => null);
  return { hashOk: hash === r.seedHash, entriesOk: method === null || entriesHash === r.entriesHash, ticket };
}

/**
 * The public draw record of a contest (GET /api/contests/{id}/draw; docs/fair-play.md): the seed
 * commitment, how the winner is derived, the entry list with masked names, the beacon round, an
 * early End, and the result recomputed here in the browser.
 */
export function DrawProof({ contestId }: { contestId: string }) {
  const record = api.contests.drawRecord.useQuery({ id: contestId });
  const [check, setCheck] = useState<Check | null>(null);
  const r = record.data;

  useEffect(() => {
    if (!r?.seed) return;
    let live = true;
    void verify(r).then((c) => {
      if (live) setCheck(c);
    });
    return () => {
      live = false;
    };
  }, [r]);

  if (!r) return record.isLoading ? <Loader size="xs" aria-label="Loading draw record" /> : null;
  const matches = !!check?.hashOk && check.entriesOk && check.ticket === r.winningTicket;
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
          Contest ended - awaiting results (drand round {r.beacon?.round} is published a few seconds after sales close).
        </Alert>
      )}
      {r.entriesHash && (
        <>
          <Text size="sm">Final entry list hash:</Text>
          <Code block style={WRAP}>
            {r.entriesHash}
          </Code>
        </>
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
            <Loader size="xs" aria-label="Verifying" />
          ) : matches ? (
            <Alert color="green" title="✓ Verified in your browser" data-testid="draw-proof-ok">
              sha256(seed) equals the published hash,{" "}
              {r.entriesHash ? "the entry list matches its hash, " : "(drawn before entry lists were hashed) "}and the draw gives{" "}
              {check.ticket === null ? "no winner" : `ticket #${check.ticket}`}.
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
      <Text size="sm" mt="xs">
        Entries ({r.entries.length}):
      </Text>
      {r.entries.length > 0 ? (
        <ScrollArea.Autosize mah={240}>
          <Table withTableBorder striped data-testid="draw-entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tickets</Table.Th>
                <Table.Th>Player</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    {e.firstTicket === e.lastTicket ? `#${e.firstTicket}` : `#${e.firstTicket}–#${e.lastTicket}`}
                  </Table.Td>
                  <Table.Td>{e.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : (
        <Text size="sm" c="dimmed">
          No entries yet.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Check it yourself:{" "}
        <Code>
          npm run verify:draw -- {"<site-url>"} {r.contestId}
        </Code>
      </Text>
    </Stack>
  );
}
