"use client";

import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";
import type { PublicContest } from "@/server/services/contests";
import { CATEGORY_LABELS } from "@/shared/constants";
import { formatUsd } from "@/shared/money";

/** Server-rendered list of contests (the full interactive card comes with the contests issue). */
export function ContestList({ contests }: { contests: PublicContest[] }) {
  if (contests.length === 0) return <Text c="dimmed">No active contests available at the moment.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {contests.map((c) => (
        <Card key={c.id} withBorder padding="md" data-testid="contest-card">
          <Card.Section>
            <Image src={c.imageUrl ?? "/images/placeholder.svg"} alt={c.title} h={180} />
          </Card.Section>
          <Stack gap={6} mt="sm">
            <Group justify="space-between">
              <Badge variant="light">{CATEGORY_LABELS[c.category]}</Badge>
              {c.discountPercentage ? <Badge color="red">-{c.discountPercentage}%</Badge> : <Badge color="green">NEW</Badge>}
            </Group>
            <Title order={3} size="h4">
              <Link href={`/contest/${c.id}`}>{c.title}</Link>
            </Title>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {c.description}
            </Text>
            <Text fw={700}>{formatUsd(c.ticketPrice)} per ticket</Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
