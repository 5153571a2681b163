import { Anchor, Badge, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PrizeTrail } from "@/components/prizes/PrizeTrail";
import { getDb } from "@/server/platform/db";
import { DomainError } from "@/server/platform/errors";
import { publicPrizeTrail } from "@/server/services/prizes";
import { PRIZE_STATUS_LABELS, type PrizeStatusName } from "@/shared/prizes";
import tap from "@/components/common/TapTarget.module.css";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ contestId: string }> };

/** The trail, or the 404 page (with its own title: src/app/not-found.tsx), read once per request. */
const trailOf = cache(async (contestId: string) => {
  if (contestId.length > 100) notFound();
  return publicPrizeTrail(await getDb(), contestId).catch((e: unknown) => {
    if (e instanceof DomainError) notFound();
    throw e;
  });
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const trail = await trailOf((await params).contestId);
  return { title: `Prize Delivery Trail: ${trail.contestTitle}` };
}

/** Public: a prize's delivery trail from the winners gallery. Masked name, no address (services/prizes/trail.ts). */
export default async function PrizeTrailPage({ params }: Params) {
  const trail = await trailOf((await params).contestId);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Anchor href="/winners" size="sm" className={tap.link}>
          ← Our Winners
        </Anchor>
        <Title order={1}>{trail.contestTitle}</Title>
        <Group gap="xs">
          <Text>Won by {trail.winner}</Text>
          <Badge variant="light">{PRIZE_STATUS_LABELS[trail.status as PrizeStatusName]}</Badge>
        </Group>
        <PrizeTrail steps={trail.trail} label={`Delivery trail of ${trail.contestTitle}`} />
      </Stack>
    </Container>
  );
}
