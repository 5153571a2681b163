"use client";

import { Badge, Button, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconShoppingCart } from "@tabler/icons-react";
import { IntentLink } from "@/components/common/links";
import { useState } from "react";
import type { PublicContest } from "@/trpc/types";
import { formatUsd } from "@/shared/money";
import { purchaseBlocker } from "@/shared/purchase-rules";
import { QuantityStepper } from "../common/QuantityStepper";
import { SKILL_LOCKED_LABEL, SkillLockText, SkillQuestion } from "./SkillQuestion";
import { useAddToCart } from "./useAddToCart";
import { restrictionLabel, usePlayerStanding } from "../common/PlayerStanding";
import { BundleOffers, LineTotal } from "../common/BundlePrice";
import { ContestStats } from "./ContestStats";

export function ContestCard({ contest: c, lockedUntil = null }: { contest: PublicContest; lockedUntil?: Date | null }) {
  const [quantity, setQuantity] = useState(1);
  const [answer, setAnswer] = useState<number | undefined>(undefined);
  const addToCart = useAddToCart();
  const discounted = !!c.discountPercentage && c.discountPercentage > 0;
  const blocker = purchaseBlocker(c, quantity);
  // The player's own standing (self-excluded, limit used up, age undeclared), from the server.
  const standing = usePlayerStanding();
  const restricted = !blocker && standing && !standing.mayBuy ? standing.restriction : null;
  return (
    <Card withBorder padding="md" radius="md" data-testid="contest-card" h="100%">
      <Card.Section pos="relative">
        <Image src={c.imageUrl ?? "/images/placeholder.svg"} alt={c.title} h={180} fallbackSrc="/images/placeholder.svg" />
        <Group gap={6} pos="absolute" top={10} left={10}>
          {discounted ? <Badge color="red">-{c.discountPercentage}%</Badge> : <Badge color="green">NEW</Badge>}
          {c.endDate && <Badge color="orange">ENDS SOON</Badge>}
          {c.instantWins && (
            <Badge color="yellow" c="dark.9" data-testid="instant-wins-badge">
              INSTANT WINS
            </Badge>
          )}
        </Group>
      </Card.Section>
      <Stack gap={8} mt="sm" style={{ flex: 1 }}>
        <Title order={3} size="h4" lineClamp={2}>
          {c.title}
        </Title>
        {c.cashAlternative && (
          <Text size="sm" c="teal.9" fw={600}>
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
        <ContestStats sold={c.soldTickets} max={c.maxTickets} endDate={c.endDate} />
        <BundleOffers tiers={c.bundleTiers} ticketPrice={c.ticketPrice} quantity={quantity} onPick={setQuantity} />
        <Group justify="space-between" mt="auto" wrap="nowrap">
          <QuantityStepper value={quantity} onChange={setQuantity} size="sm" />
          <LineTotal c={c} quantity={quantity} testId="line-total" />
        </Group>
        {c.skillQuestion && !blocker && !lockedUntil && (
          <SkillQuestion question={c.skillQuestion} value={answer} onChange={setAnswer} size="xs" />
        )}
        {lockedUntil && !blocker && <SkillLockText until={lockedUntil} size="xs" />}
        {/* Buttons wrap onto two rows on narrow cards rather than cropping their labels. */}
        <Group grow gap="xs" wrap="wrap" style={{ rowGap: 6 }}>
          <Button
            miw={130}
            leftSection={<IconShoppingCart size={16} />}
            onClick={() => addToCart(c, quantity, answer)}
            disabled={!!blocker || !!restricted || !!lockedUntil}
            title={blocker?.detail ?? restricted?.message}
          >
            {blocker && blocker.code !== "not_enough_left"
              ? blocker.label
              : restricted
                ? restrictionLabel(restricted)
                : lockedUntil
                  ? SKILL_LOCKED_LABEL
                  : "Add to Cart"}
          </Button>
          <Button variant="default" component={IntentLink} href={`/contest/${c.id}`} miw={100}>
            Details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
