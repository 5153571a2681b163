"use client";

import { Alert, Anchor, Badge, Button, Code, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { useReducedMotion } from "@mantine/hooks";
import { IntentLink } from "@/components/common/links";
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { useCurrentUser } from "../common/useCurrentUser";
import type { Check } from "../common/verifyDrawRecord";
import { useBusy } from "../common/useBusy";
/** The player's own tickets' proofs: signed-in players only, after sales close; a chunk of its own. */
const MyEntryProofs = lazy(() => import("./MyEntryProofs").then((m) => ({ default: m.MyEntryProofs })));
import { Countdown } from "./ContestStats";

type DrawRecord = RouterOutputs["contests"]["drawRecord"];

/** The reveal's steps, in order: entry list committed, beacon round, winning ticket, winner, proof. */
const STEPS = ["committed", "beacon", "ticket", "winner", "proof"] as const;
const STEP_MS = 900;
const ROLL_MS = 70;
const WRAP = { whiteSpace: "pre-wrap", wordBreak: "break-all" } as const;

/**
 * How far the reveal has got. A draw that happens while the page is open plays step by step (and
 * "Replay the draw" plays a stored one again); with prefers-reduced-motion every step shows at once.
 */
/**
 * Contests this page saw open or awaiting their draw. Module-wide, not per component: on
 * /draws/live a contest moves from "Upcoming" to "Latest" as it closes (a new component) and must
 * still play its reveal there.
 */
const watchedUndrawn = new Set<string>();

/** A draw this page showed before its sales closed: when it is drawn, its card plays the reveal. */
function watchUndrawnDraw(contestId: string): void {
  watchedUndrawn.add(contestId);
}

function useReveal(r: DrawRecord | undefined, reduced: boolean) {
  const [step, setStep] = useState<number>(STEPS.length);
  const [playing, setPlaying] = useState(false);
  const drawn = !!r?.drawnAt;
  const play = () => {
    if (reduced) return setStep(STEPS.length);
    setStep(0);
    setPlaying(true);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: plays once per transition to drawn, not per render of `play`
  useEffect(() => {
    if (!r) return;
    if (!drawn) watchedUndrawn.add(r.contestId);
    else if (watchedUndrawn.delete(r.contestId)) play(); // drawn while this page watched: the live reveal
  }, [r, drawn]);
  useEffect(() => {
    if (!playing) return;
    if (step >= STEPS.length) return setPlaying(false);
    const t = setTimeout(() => setStep((s) => s + 1), STEP_MS);
    return () => clearTimeout(t);
  }, [playing, step]);
  return { step: drawn ? step : -1, playing, play };
}

/** A number that rolls through the ticket range until the reveal settles on the winning one. */
function RollingTicket({ sold, settled, value }: { sold: number; settled: boolean; value: number }) {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (settled) return setShown(value);
    const t = setInterval(() => setShown(1 + Math.floor(Math.random() * Math.max(1, sold))), ROLL_MS);
    return () => clearInterval(t);
  }, [settled, sold, value]);
  return (
    <Text fz={32} fw={800} data-testid={settled ? "live-winning-ticket" : "live-rolling-ticket"} aria-hidden={!settled}>
      #{shown}
    </Text>
  );
}

/**
 * One contest's draw as it happens (docs/fair-play.md "Live draws"): the countdown while open, the
 * committed entry list and the beacon round when sales close, then the winning ticket, the masked
 * winner and the proof with "Verify in your browser" (the shared verifier of DrawProof.tsx). Follows
 * the `contests` live event (useLiveContests); visitors without a session poll instead.
 */
export function LiveDraw({
  contestId,
  title,
  endDate,
  pending,
}: {
  contestId: string;
  title?: string;
  endDate?: string | Date | null;
  /** Shown until the record arrives (a deferred card keeps its stand-in); a small spinner by default. */
  pending?: ReactNode;
}) {
  const { user } = useCurrentUser();
  const reduced = useReducedMotion() ?? false;
  const record = useQuery(
    trpc.contests.drawRecord.queryOptions(
      { id: contestId, limit: 1 },
      { refetchInterval: (q) => (user || q.state.data?.drawnAt ? false : 5000) },
    ),
  );
  // Rendered at transition priority (useDeferredValue): an answer arriving after hydration renders
  // in slices, not one long task (docs/performance.md "First load").
  const r = useDeferredValue(record.data);
  const { step, play } = useReveal(r, reduced);
  const [check, setCheck] = useState<Check | null | undefined>(undefined);
  const [checking, whileChecking] = useBusy();
  if (!r) return record.isLoading || record.data ? (pending ?? <Spinner size="xs" label="Loading the draw" />) : null;

  const cancelled = r.status === "cancelled";
  const shows = (s: (typeof STEPS)[number]) => step > STEPS.indexOf(s);
  // The draw's code loads when asked for: most visitors watch, few verify.
  const verify = () =>
    whileChecking(async () => {
      const { verifyDrawRecord } = await import("../common/verifyDrawRecord");
      setCheck(await verifyDrawRecord(r));
    });
  const verified = check?.hashOk && check.entriesOk !== false && check.ticket === r.winningTicket;
  return (
    <Paper withBorder p="md" radius="md" data-testid="live-draw">
      <Stack gap={6}>
        <DrawHeader
          contestId={contestId}
          title={title}
          status={cancelled ? "Cancelled" : r.drawnAt ? "Drawn" : r.salesClosedAt ? "Drawing" : "Upcoming"}
        />
        {cancelled ? (
          <Text size="sm">This contest was cancelled: there is no draw, and every ticket was refunded.</Text>
        ) : (
          !r.salesClosedAt &&
          !r.drawnAt &&
          (endDate ? (
            <Countdown end={endDate} label="Draw in" size="sm" testId="draw-countdown" />
          ) : (
            <Text size="sm">Drawn when sold out or ended.</Text>
          ))
        )}
        <div aria-live="polite">
          {r.salesClosedAt && r.entriesHash && (step < 0 || shows("committed")) && (
            <Stack gap={2} data-testid="live-committed">
              <Text size="sm">Sales closed: the entry list of {r.soldTickets} tickets is committed.</Text>
              <Code block style={WRAP}>
                {r.entriesHash}
              </Code>
            </Stack>
          )}
          {r.beacon && (step < 0 || shows("beacon")) && (
            <Text size="sm" style={WRAP} data-testid="live-beacon">
              {r.beacon.randomness
                ? `drand round ${r.beacon.round} arrived: randomness ${r.beacon.randomness.slice(0, 16)}…`
                : `Waiting for drand round ${r.beacon.round}…`}
            </Text>
          )}
          {r.awaitingResults && <Text size="sm">{r.pendingReason ?? "The draw is queued."}</Text>}
          {r.winningTicket !== null && step > STEPS.indexOf("beacon") && (
            <RollingTicket sold={r.soldTickets} value={r.winningTicket} settled={shows("ticket")} />
          )}
          {r.drawnAt && r.winningTicket === null && shows("ticket") && <Text size="sm">No tickets were sold: no winner.</Text>}
          {r.winningEntry && shows("winner") && (
            <Text size="lg" fw={700} data-testid="live-winner">
              Winner: {r.winningEntry.name}
            </Text>
          )}
        </div>
        {r.drawnAt && shows("proof") && (
          <Stack gap={4} data-testid="live-proof">
            <Text size="xs" c="dimmed" style={WRAP}>
              Seed {r.seed} · hashes to the commitment {r.seedHash.slice(0, 16)}… published at opening.
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => void verify()} loading={checking}>
                Verify in your browser
              </Button>
              <Button size="xs" variant="subtle" onClick={play} data-testid="replay-draw">
                Replay the draw
              </Button>
            </Group>
            {check !== undefined &&
              (verified ? (
                <Alert color="green" title="✓ Verified in your browser" data-testid="live-proof-ok">
                  The seed matches its commitment and the draw gives ticket #{check?.ticket}.
                </Alert>
              ) : (
                <Alert color="red" title="✗ Does not match" data-testid="live-proof-fail">
                  Recomputed ticket: {check?.ticket ?? "none"}.
                </Alert>
              ))}
          </Stack>
        )}
        {user && r.salesClosedAt && (
          <Suspense fallback={null}>
            <MyEntryProofs record={r} />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}

const STATUS_COLOR = { Cancelled: "red", Drawn: "green", Drawing: "orange", Upcoming: "blue" } as const;

/** A draw card's title (a link to its contest, or "Live draw" on the contest's own page) and status. */
function DrawHeader({ contestId, title, status }: { contestId: string; title?: string; status: keyof typeof STATUS_COLOR }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Title order={3} size="h4">
        {title ? (
          <Anchor component={IntentLink} href={`/contest/${contestId}`} c="inherit" underline="hover" inherit>
            {title}
          </Anchor>
        ) : (
          "Live draw"
        )}
      </Title>
      <Badge color={STATUS_COLOR[status]} data-testid="live-draw-status">
        {status}
      </Badge>
    </Group>
  );
}

/**
 * An upcoming draw on /draws/live, drawn from the page's list alone: a title, "Upcoming" and the
 * countdown. It reads no draw record: there is nothing to show before sales close, and a dozen cards
 * each reading and polling their own made the page the slowest public one on a slow phone
 * (bench/README.md). When the list says its sales closed, the page swaps in the full `LiveDraw`, which
 * plays the reveal (the card marked it watched).
 */
export function UpcomingDraw({ contestId, title, endDate }: { contestId: string; title: string; endDate: string | Date | null }) {
  useEffect(() => watchUndrawnDraw(contestId), [contestId]);
  return (
    <Paper withBorder p="md" radius="md" data-testid="live-draw">
      <Stack gap={6}>
        <DrawHeader contestId={contestId} title={title} status="Upcoming" />
        {endDate ? (
          <Countdown end={endDate} label="Draw in" size="sm" testId="draw-countdown" />
        ) : (
          <Text size="sm">Drawn when sold out or ended.</Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A drawn contest on /draws/live's latest draws, before its full panel loads: its title and "Drawn",
 * from the page's list. The page swaps in `LiveDraw` (record, winner, proof) as the card nears the
 * view: a dozen panels each reading their record after hydration were most of the page's main-thread
 * work on a slow phone, for cards below the fold (bench/README.md).
 */
export function DrawnDrawCard({ contestId, title }: { contestId: string; title: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="live-draw">
      <Stack gap={6}>
        <DrawHeader contestId={contestId} title={title} status="Drawn" />
        <Text size="sm" c="dimmed">
          The winner and the proof load here.
        </Text>
      </Stack>
    </Paper>
  );
}
