import { Anchor, Badge, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PrizeTrail } from "@/components/prizes/PrizeTrail";
import { getDb } from "@/server/platform/db";
import { DomainError } from "@/server/platform/errors";
import { publicPrizeTrail } from "@/server/services/prizes";
import { PRIZE_STATUS_LABELS, type PrizeStatusName } from "@/shared/prizes";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Prize Delivery Trail" };

/** Public: a prize's delivery trail from the winners gallery. Masked name, no address (services/prizes/trail.ts). */
export default async function PrizeTrailPage({ params }: { params: Promise<{ contestId: string }> }) {
  const { contestId } = await params;
  if (contestId.length > 100) notFound();
  const trail = await publicPrizeTrail(await getDb(), contestId).catch((e: unknown) => {
    if (e instanceof DomainError) notFound();
    throw e;
  });
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Anchor href="/winners" size="sm">
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
