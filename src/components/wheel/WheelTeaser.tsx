"use client";

import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IntentLink } from "@/components/common/links";
import type { WheelTeaserTexts } from "@/shared/wheel";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";

const PRIZE_COLORS = ["green", "blue", "teal", "cyan", "grape"] as const;

/**
 * Signed-in home teaser (docs/product.md §2): the free spin, the price and the prizes. The server
 * builds the texts from the wheel's configuration (`wheelTeaser`, src/shared/wheel.ts) and renders
 * them with the page; the browser asks again once, for a change since the page was rendered. The
 * wheel's arithmetic (money, the draw) stays off the home's first load.
 */
export function WheelTeaser({ initial }: { initial: WheelTeaserTexts }) {
  const texts =
    useQuery(trpc.wheel.teaser.queryOptions(undefined, { initialData: initial, initialDataUpdatedAt: 0, staleTime: 60_000 }))
      .data ?? initial;
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
            {texts.hasRetry && (
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
