"use client";

import { Badge, Group, Text } from "@mantine/core";
import type { PublicContest } from "@/trpc/types";
import { formatUsd } from "@/shared/money-format";
import { bundleTierFor, type BundleTier, isPromoProblem, isSaving, priceCart, tierSaving } from "@/shared/pricing";
import tap from "./TapTarget.module.css";

/** What `quantity` tickets cost with the contest's bundle tiers (the server prices the checkout the same way). */
export function bundleLine(c: Pick<PublicContest, "id" | "ticketPrice" | "bundleTiers">, quantity: number) {
  const p = priceCart([{ contestId: c.id, unitPrice: c.ticketPrice, quantity, tiers: c.bundleTiers }]);
  if (isPromoProblem(p)) throw new Error(p.message); // no promo code here: cannot happen
  return { total: p.total, list: p.subtotal, saving: p.bundleSaving, tier: bundleTierFor(c.bundleTiers, quantity) };
}

/** "Multi-buy: 5 for 10% off (save $0.89)" chips; pressing one picks that quantity. */
export function BundleOffers({
  tiers,
  ticketPrice,
  quantity,
  onPick,
}: {
  tiers: BundleTier[];
  ticketPrice: string;
  quantity: number;
  onPick: (quantity: number) => void;
}) {
  if (tiers.length === 0) return null;
  const active = bundleTierFor(tiers, quantity);
  return (
    <Group gap={6} wrap="wrap" data-testid="bundle-offers" role="group" aria-label="Multi-buy prices">
      {tiers.map((t) => (
        <Badge
          key={t.quantity}
          component="button"
          type="button"
          variant={active?.quantity === t.quantity ? "filled" : "light"}
          color="grape"
          className={tap.target}
          style={{ cursor: "pointer", textTransform: "none" }}
          onClick={() => onPick(t.quantity)}
          title={`Set quantity to ${t.quantity}`}
        >
          {t.quantity}+ tickets: {t.percentOff}% off (save {formatUsd(tierSaving(ticketPrice, t))})
        </Badge>
      ))}
    </Group>
  );
}

/** The line total, with the list price struck through and the saving when a tier applies. */
export function LineTotal({
  c,
  quantity,
  testId,
  prefix = "",
  size,
}: {
  c: Pick<PublicContest, "id" | "ticketPrice" | "bundleTiers">;
  quantity: number;
  testId: string;
  prefix?: string;
  size?: string;
}) {
  const line = bundleLine(c, quantity);
  return (
    <Group gap={6} align="baseline" wrap="wrap" justify="flex-end">
      {isSaving(line.saving) && (
        <Text td="line-through" c="dimmed" size="sm">
          {formatUsd(line.list)}
        </Text>
      )}
      <Text fw={700} size={size} data-testid={testId}>
        {prefix}
        {formatUsd(line.total)}
      </Text>
      {isSaving(line.saving) && (
        <Text size="xs" c="grape.8" fw={600} data-testid="bundle-saving">
          You save {formatUsd(line.saving)}
        </Text>
      )}
    </Group>
  );
}
