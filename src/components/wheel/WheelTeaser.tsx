"use client";

import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IntentLink } from "@/components/common/links";
import { DEFAULT_WHEEL_CONFIG, wheelTexts } from "@/shared/wheel";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";

const PRIZE_COLORS = ["green", "blue", "teal", "cyan", "grape"] as const;

/** Signed-in home teaser (docs/product.md §2): the free spin, the price and the prizes, from the wheel's configuration. */
export function WheelTeaser() {
  const config = useQuery(trpc.wheel.config.queryOptions(undefined, { staleTime: 60_000 })).data ?? DEFAULT_WHEEL_CONFIG;
  const texts = wheelTexts(config);
  const hasRetry = config.segments.some((s) => s.outcome === "retry");
  return (
    <Card withBorder radius="md" p="lg" bg="var(--mantine-color-grape-0)" data-testid="wheel-teaser">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={6}>
          <Title order={2} size="h3">
            Fortune Wheel
          </Title>
          <Text>{texts.teaser}</Text>
          <Group gap="xs">
            {texts.prizes.map((p, i) =>
              p === texts.jackpot ? null : (
                <Badge key={p} color={PRIZE_COLORS[i % PRIZE_COLORS.length]} size="lg">
                  {p}
                </Badge>
              ),
            )}
            {hasRetry && (
              <Badge color="yellow" size="lg">
                Try Again
              </Badge>
            )}
            {texts.jackpot && (
              <Badge color="grape" size="lg">
                {texts.jackpot} Jackpot
              </Badge>
            )}
          </Group>
        </Stack>
        <Button component={IntentLink} href="/wheel" size="md" color="grape">
          Spin the Wheel
        </Button>
      </Group>
    </Card>
  );
}
