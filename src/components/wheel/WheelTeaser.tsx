"use client";

import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";

/** Placeholder Fortune Wheel teaser for the signed-in home (the wheel issue ships the real one). */
export function WheelTeaser() {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="wheel-teaser">
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} size="h3">
            Fortune Wheel
          </Title>
          <Text c="dimmed">One free spin per day, extra spins $0.001.</Text>
          <Group gap={6}>
            <Badge color="green">$0.02</Badge>
            <Badge color="gray">Try Again</Badge>
            <Badge color="blue">$0.05</Badge>
            <Badge color="yellow">$0.10 Jackpot</Badge>
          </Group>
        </Stack>
        <Button component={Link} href="/wheel">
          Spin Now
        </Button>
      </Group>
    </Card>
  );
}
