"use client";

import { Badge, Button, Card, Group, Image, Progress, Stack, Text, Title } from "@mantine/core";
import { IconShoppingCart } from "@tabler/icons-react";
import Link from "next/link";
import { useState } from "react";
import type { PublicContest } from "@/trpc/types";
import { lineTotal } from "@/shared/cart";
import { formatUsd } from "@/shared/money";
import { QuantityStepper } from "./QuantityStepper";
import { useAddToCart } from "./useAddToCart";

/** Sold/max bar (only when the contest has a maximum). */
export function SoldProgress({ sold, max }: { sold: number; max: number | null }) {
  if (max === null) return null;
  const pct = max > 0 ? Math.min(100, (sold / max) * 100) : 100;
  return (
    <Stack gap={2}>
      <Progress value={pct} size="sm" aria-label={`${sold} of ${max} tickets sold`} />
      <Text size="xs" c="dimmed">
        {sold.toLocaleString("en-US")} / {max.toLocaleString("en-US")} sold
      </Text>
    </Stack>
  );
}

export function ContestCard({ contest: c }: { contest: PublicContest }) {
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const discounted = !!c.discountPercentage && c.discountPercentage > 0;
  return (
    <Card withBorder padding="md" radius="md" data-testid="contest-card" h="100%">
      <Card.Section pos="relative">
        <Image src={c.imageUrl ?? "/images/placeholder.svg"} alt={c.title} h={180} fallbackSrc="/images/placeholder.svg" />
        <Group gap={6} pos="absolute" top={10} left={10}>
          {discounted ? <Badge color="red">-{c.discountPercentage}%</Badge> : <Badge color="green">NEW</Badge>}
          {c.endDate && <Badge color="orange">ENDS SOON</Badge>}
        </Group>
      </Card.Section>
      <Stack gap={8} mt="sm" style={{ flex: 1 }}>
        <Title order={3} size="h4" lineClamp={2}>
          {c.title}
        </Title>
        {c.cashAlternative && (
          <Text size="sm" c="teal" fw={600}>
            Or take {formatUsd(c.cashAlternative)} cash
          </Text>
        )}
        <Group gap="xs" align="baseline">
          <Text fw={800} size="xl">
            {formatUsd(c.ticketPrice)}
          </Text>
          {discounted && c.originalPrice && (
            <Text td="line-through" c="dimmed" size="sm">
              {formatUsd(c.originalPrice)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            per ticket
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {c.description}
        </Text>
        <SoldProgress sold={c.soldTickets} max={c.maxTickets} />
        <Group justify="space-between" mt="auto">
          <QuantityStepper value={quantity} onChange={setQuantity} size="sm" />
          <Text fw={700} data-testid="line-total">
            {formatUsd(lineTotal(c.ticketPrice, quantity))}
          </Text>
        </Group>
        <Group grow gap="xs">
          <Button leftSection={<IconShoppingCart size={16} />} onClick={() => addToCart(c, quantity)}>
            Add to Cart
          </Button>
          <Button variant="default" component={Link} href={`/contest/${c.id}`}>
            Details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
