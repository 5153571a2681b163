"use client";

import { Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useRef } from "react";
import { Spinner } from "@/components/common/QueryState";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { DeferredSection } from "../common/DeferredSection";
import { DrawnDrawCard, LiveDraw, UpcomingDraw } from "./LiveDraw";
import { useCurrentUser } from "../common/useCurrentUser";

/** A visitor's page (no live stream) reads the list again this often: as often as a card read its draw. */
const LIVE_DRAWS_POLL = 5000;
import type { RouterOutputs } from "@/trpc/types";
import { useLiveContests } from "./useLiveContests";

/**
 * /draws/live (docs/fair-play.md "Live draws"): the next draws with countdowns and the latest ones,
 * each revealed live as it happens and replayable from its stored record.
 */
export function LiveDrawsPage({ initial }: { initial?: LiveDraws }) {
  useLiveContests();
  const { user } = useCurrentUser();
  // A signed-in player's list follows the contests stream; a visitor's is read again every 5 s (the
  // cards of upcoming draws read nothing of their own: UpcomingDraw in ./LiveDraw.tsx).
  // `initial`: the lists the server read with the page; the stream's first tick reads them again.
  const draws = useQuery(
    trpc.contests.liveDraws.queryOptions(undefined, { initialData: initial, refetchInterval: user ? false : LIVE_DRAWS_POLL }),
  );
  const d = useStableDraws(draws.data);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Live draws</Title>
        <Text c="dimmed">
          Watch each draw as it happens: the committed entry list, the randomness, the winning ticket and the proof you can check
          in your browser.
        </Text>
        {!d ? (
          draws.isLoading ? (
            <Spinner label="Loading draws" />
          ) : (
            <Text c="red">The draws could not be loaded. Please reload the page.</Text>
          )
        ) : (
          <>
            <DrawSection
              title="Upcoming draws"
              draws={d.upcoming}
              empty="No draw is scheduled right now."
              testId="upcoming-draws"
              countdown
            />
            <DrawSection title="Latest draws" draws={d.recent} empty="No contest has been drawn yet." testId="recent-draws" />
          </>
        )}
      </Stack>
    </Container>
  );
}

type DrawCard = RouterOutputs["contests"]["liveDraws"]["upcoming"][number];
type LiveDraws = RouterOutputs["contests"]["liveDraws"];

/**
 * A draw the page showed as upcoming stays where it was when its sales close and it is drawn (the
 * server then lists it under "Latest"): the player watching it sees the reveal in place instead of
 * the card jumping below a dozen others. Until the page is left or reloaded.
 */
export function stableDraws(seen: ReadonlySet<string>, data: LiveDraws): LiveDraws {
  const kept = data.recent.filter((c) => seen.has(c.id));
  if (kept.length === 0) return data;
  const keptIds = new Set(kept.map((c) => c.id));
  const end = (c: DrawCard) => (c.endDate ? new Date(c.endDate).getTime() : Number.POSITIVE_INFINITY);
  return {
    upcoming: [...data.upcoming, ...kept].sort((a, b) => end(a) - end(b)),
    recent: data.recent.filter((c) => !keptIds.has(c.id)),
  };
}

function useStableDraws(data: LiveDraws | undefined): LiveDraws | undefined {
  const seen = useRef(new Set<string>());
  if (!data) return data;
  const shown = stableDraws(seen.current, data);
  for (const c of shown.upcoming) seen.current.add(c.id);
  return shown;
}

/** A titled grid of draws; upcoming ones count down to their end. */
function DrawSection({
  title,
  draws,
  empty,
  testId,
  countdown,
}: {
  title: string;
  draws: DrawCard[];
  empty: string;
  testId: string;
  countdown?: boolean;
}) {
  return (
    <>
      <Title order={2} size="h3">
        {title}
      </Title>
      {draws.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid={testId}>
          {draws.map((c) => {
            if (countdown && !c.salesClosedAt && !c.drawnAt)
              return <UpcomingDraw key={c.id} contestId={c.id} title={c.title} endDate={c.endDate} />;
            // A latest draw already drawn: its panel (record, winner, proof) loads as it nears the view.
            if (!countdown && c.drawnAt) {
              const card = <DrawnDrawCard contestId={c.id} title={c.title} />;
              return (
                <DeferredSection key={c.id} stand={card}>
                  <LiveDraw contestId={c.id} title={c.title} pending={card} />
                </DeferredSection>
              );
            }
            return <LiveDraw key={c.id} contestId={c.id} title={c.title} endDate={countdown ? c.endDate : undefined} />;
          })}
        </SimpleGrid>
      )}
    </>
  );
}
