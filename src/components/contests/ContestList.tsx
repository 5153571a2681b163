"use client";

import { Card, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import type { PublicContest } from "@/trpc/types";
import { memo } from "react";
import { LIMITS } from "@/shared/constants";
import { ContestCard } from "./ContestCard";
import { useSkillLocks } from "../common/useSkillLocks";

export const NO_CONTESTS = "No active contests available at the moment.";

function PlaceholderCard() {
  return (
    <Card withBorder padding="md" radius="md" data-testid="contest-placeholder">
      <Card.Section>
        <Skeleton h={180} radius={0} />
      </Card.Section>
      <Stack gap="sm" mt="sm">
        <Skeleton h={20} w="70%" />
        <Skeleton h={14} w="40%" />
        <Skeleton h={28} w="30%" />
        <Skeleton h={36} />
      </Stack>
    </Card>
  );
}

/** The contest grid: 6 placeholders while loading, the empty text, or the full cards. */
export const ContestList = memo(function ContestList({
  contests,
  loading = false,
  emptyText = NO_CONTESTS,
}: {
  contests: PublicContest[] | undefined;
  loading?: boolean;
  emptyText?: string;
}) {
  // One question for the whole grid: which of these contests' skill questions are locked for this player.
  const locks = useSkillLocks((contests ?? []).filter((c) => c.skillQuestion).map((c) => c.id));
  if (loading || !contests) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true">
        {Array.from({ length: LIMITS.contestPlaceholders }, (_, i) => (
          <PlaceholderCard key={i} />
        ))}
      </SimpleGrid>
    );
  }
  if (contests.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="contest-grid">
      {contests.map((c) => (
        <ContestCard key={c.id} contest={c} lockedUntil={locks.get(c.id) ?? null} />
      ))}
    </SimpleGrid>
  );
});
