"use client";

import { Container, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { LiveDraw } from "./LiveDraw";
import { useLiveContests } from "./useLiveContests";

/**
 * /draws/live (docs/fair-play.md "Live draws"): the next draws with countdowns and the latest ones,
 * each revealed live as it happens and replayable from its stored record.
 */
export function LiveDrawsPage() {
  useLiveContests();
  const draws = useQuery(trpc.contests.liveDraws.queryOptions());
  const d = draws.data;
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
            <Loader aria-label="Loading draws" />
          ) : (
            <Text c="red">The draws could not be loaded. Please reload the page.</Text>
          )
        ) : (
          <>
            <Title order={2} size="h3">
              Upcoming draws
            </Title>
            {d.upcoming.length === 0 ? (
              <Text c="dimmed">No draw is scheduled right now.</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="upcoming-draws">
                {d.upcoming.map((c) => (
                  <LiveDraw key={c.id} contestId={c.id} title={c.title} endDate={c.endDate} />
                ))}
              </SimpleGrid>
            )}
            <Title order={2} size="h3">
              Latest draws
            </Title>
            {d.recent.length === 0 ? (
              <Text c="dimmed">No contest has been drawn yet.</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="recent-draws">
                {d.recent.map((c) => (
                  <LiveDraw key={c.id} contestId={c.id} title={c.title} />
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
