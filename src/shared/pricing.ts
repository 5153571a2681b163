/**
 * The price of a cart: multi-buy bundle tiers and promo codes. Pure, exact decimal
 * money (./money.ts), so the card, the cart and the server compute the same figures; the server's
 * answer at checkout is the one that counts (src/server/services/checkout/pricing.ts).
 *
 * Prices only, never extra entries: a discount changes what a ticket costs, not how many tickets
 * a line gets, so free entrants' odds are unchanged.
 *
 * Rounding rule (docs/payments.md "Prices, bundles and promo codes"): every saving is rounded DOWN
 * to the whole cent, and a line pays its list amount minus its savings, exactly. A promo saving is
 * computed once on the eligible lines' total, then split over those lines in proportion, each
 * share rounded down to the cent; the cents left over go to the first eligible lines, one each.
 */
import { Decimal, type MoneyLike, toDecimal } from "./money";

export type BundleTier = { quantity: number; percentOff: number };

export const BUNDLE_LIMITS = { tiersMax: 5, percentMin: 1, percentMax: 90, quantityMin: 2 } as const;
export const PROMO_LIMITS = { percentMin: 1, percentMax: 90, codeMin: 3, codeMax: 32 } as const;

/** The tier a line of `quantity` tickets gets: the largest whose quantity it reaches (one tier, once). */
export function bundleTierFor(tiers: readonly BundleTier[], quantity: number): BundleTier | null {
  let best: BundleTier | null = null;
  for (const t of tiers) if (quantity >= t.quantity && (!best || t.quantity > best.quantity)) best = t;
  return best;
}

/** `percent`% of `amount`, rounded down to the cent. */
export function percentSaving(amount: MoneyLike, percent: number): Decimal {
  return toDecimal(amount).times(percent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
}

/** What a promo code offers, as the pricing needs it (no limits: those are the server's). */
export type PromoTerms = {
  code: string;
  kind: "percent" | "fixed";
  percentOff: number | null;
  amountOff: string | null;
  minSpend: string | null;
  /** Only this contest's lines count, or every line when null. */
  contestId: string | null;
};

export type PriceLineInput = { contestId: string; unitPrice: MoneyLike; quantity: number; tiers: readonly BundleTier[] };

export type PricedLine = {
  contestId: string;
  quantity: number;
  listAmount: Decimal;
  bundlePercent: number | null;
  bundleSaving: Decimal;
  promoSaving: Decimal;
  /** What the line pays: listAmount − bundleSaving − promoSaving. */
  amount: Decimal;
};

export type CartPrice = {
  lines: PricedLine[];
  subtotal: Decimal;
  bundleSaving: Decimal;
  promoSaving: Decimal;
  total: Decimal;
};

/** Why a code gives nothing on this cart (the server refuses the checkout with this message). */
export type PromoProblem = { message: string };

export const PROMO_MESSAGES = {
  unknown: "This promo code does not exist",
  disabled: "This promo code is no longer active",
  notYet: "This promo code is not active yet",
  expired: "This promo code has expired",
  usedUp: "This promo code has been fully used",
  perPlayer: "You have already used this promo code as many times as allowed",
  linkedAccount: "This promo code was already used from an account linked to yours",
  firstPurchase: "This promo code is for a first purchase only",
  wrongContest: "This promo code does not apply to the contests in your cart",
  minSpend: (min: string) => `This promo code needs a minimum spend of $${min}`,
} as const;

/** Bundle tiers per line, then the promo code on the eligible lines; a problem when the code gives nothing. */
export function priceCart(lines: readonly PriceLineInput[], promo: PromoTerms | null = null): CartPrice | PromoProblem {
  const priced: PricedLine[] = lines.map((l) => {
    const listAmount = toDecimal(l.unitPrice).times(Math.max(0, Math.trunc(l.quantity)));
    const tier = bundleTierFor(l.tiers, l.quantity);
    const bundleSaving = tier ? percentSaving(listAmount, tier.percentOff) : new Decimal(0);
    return {
      contestId: l.contestId,
      quantity: l.quantity,
      listAmount,
      bundlePercent: tier?.percentOff ?? null,
      bundleSaving,
      promoSaving: new Decimal(0),
      amount: listAmount.minus(bundleSaving),
    };
  });
  if (promo) {
    const eligible = priced.filter((p) => promo.contestId === null || p.contestId === promo.contestId);
    if (eligible.length === 0) return { message: PROMO_MESSAGES.wrongContest };
    const base = eligible.reduce((s, p) => s.plus(p.amount), new Decimal(0));
    if (promo.minSpend !== null && base.lessThan(toDecimal(promo.minSpend))) {
      return { message: PROMO_MESSAGES.minSpend(toDecimal(promo.minSpend).toFixed(2)) };
    }
    const wanted =
      promo.kind === "percent"
        ? percentSaving(base, promo.percentOff ?? 0)
        : Decimal.min(toDecimal(promo.amountOff ?? "0"), base).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    splitSaving(eligible, base, wanted);
  }
  const sum = (f: (p: PricedLine) => Decimal) => priced.reduce((s, p) => s.plus(f(p)), new Decimal(0));
  return {
    lines: priced,
    subtotal: sum((p) => p.listAmount),
    bundleSaving: sum((p) => p.bundleSaving),
    promoSaving: sum((p) => p.promoSaving),
    total: sum((p) => p.amount),
  };
}

/** Shares of `saving` in proportion to each line's amount, down to the cent; leftover cents one by one. */
function splitSaving(eligible: PricedLine[], base: Decimal, saving: Decimal): void {
  if (base.isZero() || saving.isZero()) return;
  let left = saving;
  for (const p of eligible) {
    const share = Decimal.min(saving.times(p.amount).dividedBy(base).toDecimalPlaces(2, Decimal.ROUND_DOWN), p.amount);
    p.promoSaving = share;
    left = left.minus(share);
  }
  const cent = new Decimal("0.01");
  for (let i = 0; left.greaterThanOrEqualTo(cent) && i < eligible.length * 2; i++) {
    const p = eligible[i % eligible.length] as PricedLine;
    if (p.amount.minus(p.promoSaving).greaterThanOrEqualTo(cent)) {
      p.promoSaving = p.promoSaving.plus(cent);
      left = left.minus(cent);
    }
  }
  for (const p of eligible) p.amount = p.amount.minus(p.promoSaving);
}

export function isPromoProblem(x: CartPrice | PromoProblem): x is PromoProblem {
  return "message" in x;
}

/** "Save $4.50" text for a tier on a card: the saving on `quantity` tickets at `unitPrice`. */
export function tierSaving(unitPrice: MoneyLike, tier: BundleTier): Decimal {
  return percentSaving(toDecimal(unitPrice).times(tier.quantity), tier.percentOff);
}
