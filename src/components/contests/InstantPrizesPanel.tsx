"use client";

import { Alert, Anchor, Badge, Button, Code, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { useDeferredValue, useState } from "react";
import {
  INSTANT_PRIZE_KIND_LABELS,
  type InstantVerifyResult,
  soldRangesFromList,
  verifyInstantRecord,
} from "@/shared/instant-wins";
import { formatCount } from "@/shared/format";
import { formatUsd } from "@/shared/money-format";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { NamedCell, SimpleTable } from "@/components/common/DataTable";
import { useBusy } from "@/components/common/useBusy";

type Record = RouterOutputs["instantWins"]["record"];

/** 64 hex digits have no break opportunity: let them wrap on a phone. */
const WRAP = { whiteSpace: "pre-wrap", wordBreak: "break-all" } as const;

/** Recomputes the revealed map in the visitor's browser (the same code as scripts/tools/verify-instant-wins.ts). */
async function verify(r: Record): Promise<InstantVerifyResult> {
  // Which tickets were sold comes from the public entry list (any numbers, in a pick contest).
  const sold = await soldRangesFromList("", r.contestId).catch(() => null);
  return verifyInstantRecord(r, sold);
}

const prizeValue = (p: Record["prizes"][number]) =>
  p.kind === "physical"
    ? p.amount
      ? `${INSTANT_PRIZE_KIND_LABELS.physical} (or ${formatUsd(p.amount)})`
      : INSTANT_PRIZE_KIND_LABELS.physical
    : `${formatUsd(p.amount)} ${p.kind === "cash" ? "cash" : "credit"}`;

/** Instant prizes on the contest page: what can be won, how many are left, the commitment and, after the end, its proof. */
export function InstantPrizesPanel({ contestId }: { contestId: string }) {
  const q = useQuery(trpc.instantWins.record.queryOptions({ id: contestId }));
  // Rendered at transition priority (useDeferredValue): an answer arriving after hydration renders
  // in slices, not one long task (docs/performance.md "First load").
  const r = useDeferredValue(q.data);
  const [check, setCheck] = useState<InstantVerifyResult | null>(null);
  const [checking, whileChecking] = useBusy();
  if (q.isLoading || (q.data && !r)) return <Spinner size="sm" label="Loading instant prizes" />;
  if (!r || r.total === 0) return null; // no instant prizes: nothing to show
  const run = () => whileChecking(async () => setCheck(await verify(r)));
  return (
    <Paper withBorder p="md" radius="md" mt="xl" data-testid="instant-prizes">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Instant wins</Title>
          <Badge size="lg" variant="light" data-testid="instant-left">
            {r.left} of {r.total} left
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Some ticket numbers win a prize the moment they are bought, free entries included. The winning numbers were drawn from a
          secret seed before sales opened and their commitment is published below; after the end the seed and every number are
          revealed so anyone can check them.
        </Text>
        <SimpleTable
          scrollMinWidth={320}
          withTableBorder
          rows={r.prizes}
          rowKey={(p) => String(p.position)}
          columns={[
            {
              label: "Prize",
              cell: (p) => <NamedCell name={p.label} detail={prizeValue(p)} />,
            },
            { label: "Ticket", cell: (p) => (p.winningTicket === null ? "secret" : `#${p.winningTicket}`) },
            {
              label: "Status",
              cell: (p) => (p.awardedEntry?.name ? `Won by ${p.awardedEntry.name}` : p.awarded ? "Won" : "Not won yet"),
            },
          ]}
        />
        <Text size="xs">
          Seed commitment (SHA-256 of the secret seed): <Code style={WRAP}>{r.seedHash}</Code>
        </Text>
        <Text size="xs" data-testid="instant-map-hash">
          {r.scheme === 2 ? "Map commitment (HMAC-SHA256 keyed with the seed)" : "Map commitment (SHA-256)"}:{" "}
          {r.mapHash ? <Code style={WRAP}>{r.mapHash}</Code> : "published with the seed when sales are over"}
        </Text>
        {r.redraw && (
          <Text size="xs" c="dimmed" data-testid="instant-redraw">
            The winning numbers were drawn again from a new seed during sales: prizes already won kept their numbers, the others
            were drawn among the numbers not sold then ({formatCount(r.redraw.excludedCount)} sold numbers excluded). The replaced
            seed (SHA-256 <Code style={WRAP}>{r.redraw.previousSeedHash}</Code>) is revealed with the new one.
          </Text>
        )}
        {r.revealed ? (
          <>
            <Text size="xs">
              Revealed seed: <Code style={WRAP}>{r.seed}</Code>
            </Text>
            <Group>
              <Button size="xs" variant="light" onClick={() => void run()} loading={checking} data-testid="instant-verify">
                Verify in this browser
              </Button>
            </Group>
            {check && (
              <Alert color={check.ok ? "green" : "red"} data-testid="instant-verify-result">
                {check.ok ? "Verified: the seed, the map and every award match the commitment." : "Verification failed."}
                <Text size="xs" component="pre" style={WRAP}>
                  {check.lines.join("\n")}
                </Text>
              </Alert>
            )}
          </>
        ) : (
          <Text size="xs" c="dimmed">
            The seed and the winning numbers are revealed when sales are over.
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Check it yourself with &quot;Verify in this browser&quot; once the seed is revealed, and read{" "}
          <Anchor href="/how-we-run-our-draws#winner-selection" size="xs">
            how we run our draws
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
