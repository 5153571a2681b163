"use client";

import { Badge, Button, Card, Image, Title } from "@mantine/core";
import { IconShoppingCart } from "@tabler/icons-react";
import { IntentLink } from "@/components/common/links";
import { memo, useState } from "react";
import type { PublicContest } from "@/trpc/types";
import { formatUsd } from "@/shared/money-format";
import { purchaseBlocker } from "@/shared/purchase-rules";
import { QuantityStepper } from "../common/QuantityStepper";
import { SKILL_LOCKED_LABEL, SkillLockText, SkillQuestion } from "./SkillQuestion";
import { useAddToCart } from "./useAddToCart";
import { restrictionLabel, usePlayerStanding } from "../common/PlayerStanding";
import { BundleOffers, LineTotal } from "../common/BundlePrice";
import { ContestStats } from "./ContestStats";
import classes from "./ContestCard.module.css";

/**
 * One contest's card. Memoised, and the player's own standing is read only by its Add to Cart
 * button: the standing arriving after the page loads re-renders six buttons, not six cards
 * (`npm run bench:main-thread`).
 */
export const ContestCard = memo(function ContestCard({
  contest: c,
  lockedUntil = null,
}: {
  contest: PublicContest;
  lockedUntil?: Date | null;
}) {
  const [quantity, setQuantity] = useState(1);
  const [answer, setAnswer] = useState<number | undefined>(undefined);
  const discounted = !!c.discountPercentage && c.discountPercentage > 0;
  const blocker = purchaseBlocker(c, quantity);
  return (
    <Card withBorder padding="md" radius="md" data-testid="contest-card" h="100%">
      <Card.Section pos="relative">
        <Image src={c.imageUrl ?? "/images/placeholder.svg"} alt={c.title} h={180} fallbackSrc="/images/placeholder.svg" />
        <div className={classes.badges}>
          {discounted ? <Badge color="red">-{c.discountPercentage}%</Badge> : <Badge color="green">NEW</Badge>}
          {c.endDate && <Badge color="orange">ENDS SOON</Badge>}
          {c.instantWins && (
            <Badge color="yellow" c="dark.9" data-testid="instant-wins-badge">
              INSTANT WINS
            </Badge>
          )}
        </div>
      </Card.Section>
      <div className={classes.body}>
        {/* A section of the home's list, under its h1: an h2 (h3 skipped a level, which Lighthouse flagged). */}
        <Title order={2} size="h4" lineClamp={2}>
          {c.title}
        </Title>
        {c.cashAlternative && <p className={`${classes.text} ${classes.cash}`}>Or take {formatUsd(c.cashAlternative)} cash</p>}
        <div className={classes.priceRow}>
          <p className={classes.price}>{formatUsd(c.ticketPrice)}</p>
          {discounted && c.originalPrice && (
            <p className={`${classes.text} ${classes.dimmed} ${classes.struck}`}>{formatUsd(c.originalPrice)}</p>
          )}
          <p className={`${classes.text} ${classes.dimmed}`}>per ticket</p>
        </div>
        <p className={`${classes.text} ${classes.dimmed} ${classes.clamp}`}>{c.description}</p>
        <ContestStats sold={c.soldTickets} max={c.maxTickets} endDate={c.endDate} />
        <BundleOffers tiers={c.bundleTiers} ticketPrice={c.ticketPrice} quantity={quantity} onPick={setQuantity} />
        <div className={classes.quantityRow}>
          <QuantityStepper value={quantity} onChange={setQuantity} size="sm" />
          <LineTotal c={c} quantity={quantity} testId="line-total" />
        </div>
        {c.skillQuestion && !blocker && !lockedUntil && (
          <SkillQuestion question={c.skillQuestion} value={answer} onChange={setAnswer} size="xs" />
        )}
        {lockedUntil && !blocker && <SkillLockText until={lockedUntil} size="xs" />}
        <div className={classes.buttons}>
          <AddToCartButton c={c} quantity={quantity} answer={answer} lockedUntil={lockedUntil} />
          <Button variant="default" component={IntentLink} href={`/contest/${c.id}`} miw={100}>
            Details
          </Button>
        </div>
      </div>
    </Card>
  );
});

function AddToCartButton({
  c,
  quantity,
  answer,
  lockedUntil,
}: {
  c: PublicContest;
  quantity: number;
  answer: number | undefined;
  lockedUntil: Date | null;
}) {
  const addToCart = useAddToCart();
  const blocker = purchaseBlocker(c, quantity);
  // The player's own standing (self-excluded, limit used up, age undeclared), from the server.
  const standing = usePlayerStanding();
  const restricted = !blocker && standing && !standing.mayBuy ? standing.restriction : null;
  return (
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
  );
}
