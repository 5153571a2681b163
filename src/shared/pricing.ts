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
 *
 * Exact arithmetic on whole thousandths of a dollar (the database's NUMERIC(14,3)) as BigInt, so
 * the cards and the contest page that show bundle prices load no decimal library; amounts come back
 * as decimal strings in moneyString's form ("8.95", "1.795"), through ./money-mills.ts. tests/unit/pricing.test.ts checks
 * every figure against the same rule in decimal.js on random carts.
 */
import type { MoneyLike } from "./money";
import { millsToAmount, toMills } from "./money-mills";

/** Rounded toward zero to the whole cent (BigInt division truncates: decimal.js's ROUND_DOWN). */
const downToCent = (mills: bigint) => (mills / 10n) * 10n;
const CENT = 10n;
/** Math.min for BigInt (Math.min takes numbers only). */
function smaller(a: bigint, b: bigint): bigint {
  if (a < b) return a;
  return b;
}

/** A whole percentage as a BigInt (tiers and codes are whole percentages: src/shared/schemas/pricing.ts). */
function wholePercent(percent: number): bigint {
  if (!Number.isSafeInteger(percent)) throw new Error(`Not a whole percentage: ${percent}`);
  return BigInt(percent);
}

/** True when an amount this module returned is above zero (a saving to show). */
export const isSaving = (amount: string): boolean => toMills(amount) > 0n;

export type BundleTier = { quantity: number; percentOff: number };

export const BUNDLE_LIMITS = { tiersMax: 5, percentMin: 1, percentMax: 90, quantityMin: 2 } as const;
export const PROMO_LIMITS = { percentMin: 1, percentMax: 90, codeMin: 3, codeMax: 32 } as const;

/** The tier a line of `quantity` tickets gets: the largest whose quantity it reaches (one tier, once). */
export function bundleTierFor(tiers: readonly BundleTier[], quantity: number): BundleTier | null {
  let best: BundleTier | null = null;
  for (const t of tiers) if (quantity >= t.quantity && (!best || t.quantity > best.quantity)) best = t;
  return best;
}

/** `percent`% of `amount` thousandths, rounded down to the cent. */
function percentSaving(amount: bigint, percent: number): bigint {
  // amount × percent / 100 thousandths, down to the cent: / 100 / 10 cents.
  return ((amount * wholePercent(percent)) / 1000n) * CENT;
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

/** A priced line; amounts are decimal strings ("11.28"). */
export type PricedLine = {
  contestId: string;
  quantity: number;
  listAmount: string;
  bundlePercent: number | null;
  bundleSaving: string;
  promoSaving: string;
  /** What the line pays: listAmount − bundleSaving − promoSaving. */
  amount: string;
};

export type CartPrice = {
  lines: PricedLine[];
  subtotal: string;
  bundleSaving: string;
  promoSaving: string;
  total: string;
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

/** A line while it is priced, in thousandths. */
type MillsLine = {
  contestId: string;
  quantity: number;
  bundlePercent: number | null;
  list: bigint;
  bundleSaving: bigint;
  promoSaving: bigint;
  amount: bigint;
};

/** Bundle tiers per line, then the promo code on the eligible lines; a problem when the code gives nothing. */
export function priceCart(lines: readonly PriceLineInput[], promo: PromoTerms | null = null): CartPrice | PromoProblem {
  const priced: MillsLine[] = lines.map((l) => {
    const list = toMills(l.unitPrice) * BigInt(Math.max(0, Math.trunc(l.quantity)));
    const tier = bundleTierFor(l.tiers, l.quantity);
    const bundleSaving = tier ? percentSaving(list, tier.percentOff) : 0n;
    return {
      contestId: l.contestId,
      quantity: l.quantity,
      bundlePercent: tier?.percentOff ?? null,
      list,
      bundleSaving,
      promoSaving: 0n,
      amount: list - bundleSaving,
    };
  });
  if (promo) {
    const eligible = priced.filter((p) => promo.contestId === null || p.contestId === promo.contestId);
    if (eligible.length === 0) return { message: PROMO_MESSAGES.wrongContest };
    const base = eligible.reduce((s, p) => s + p.amount, 0n);
    if (promo.minSpend !== null && base < toMills(promo.minSpend)) {
      return { message: PROMO_MESSAGES.minSpend(toCents(toMills(promo.minSpend))) };
    }
    const off = toMills(promo.amountOff ?? "0");
    const wanted = promo.kind === "percent" ? percentSaving(base, promo.percentOff ?? 0) : downToCent(smaller(off, base));
    splitSaving(eligible, base, wanted);
  }
  const sum = (f: (p: MillsLine) => bigint) => millsToAmount(priced.reduce((s, p) => s + f(p), 0n));
  return {
    lines: priced.map((p) => ({
      contestId: p.contestId,
      quantity: p.quantity,
      listAmount: millsToAmount(p.list),
      bundlePercent: p.bundlePercent,
      bundleSaving: millsToAmount(p.bundleSaving),
      promoSaving: millsToAmount(p.promoSaving),
      amount: millsToAmount(p.amount),
    })),
    subtotal: sum((p) => p.list),
    bundleSaving: sum((p) => p.bundleSaving),
    promoSaving: sum((p) => p.promoSaving),
    total: sum((p) => p.amount),
  };
}

/** An amount with two decimals, half up (what decimal.js's toFixed(2) writes): the minimum spend in its message. */
function toCents(mills: bigint): string {
  const cents = (mills < 0n ? mills - 5n : mills + 5n) / 10n;
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** Shares of `saving` in proportion to each line's amount, down to the cent; leftover cents one by one. */
function splitSaving(eligible: MillsLine[], base: bigint, saving: bigint): void {
  if (base === 0n || saving === 0n) return;
  let left = saving;
  for (const p of eligible) {
    const share = downToCent((saving * p.amount) / base);
    p.promoSaving = smaller(share, p.amount);
    left -= p.promoSaving;
  }
  for (let i = 0; left >= CENT && i < eligible.length * 2; i++) {
    const p = eligible[i % eligible.length] as MillsLine;
    if (p.amount - p.promoSaving >= CENT) {
      p.promoSaving += CENT;
      left -= CENT;
    }
  }
  for (const p of eligible) p.amount -= p.promoSaving;
}

export function isPromoProblem(x: CartPrice | PromoProblem): x is PromoProblem {
  return "message" in x;
}

/** "Save $4.50" text for a tier on a card: the saving on `quantity` tickets at `unitPrice`. */
export function tierSaving(unitPrice: MoneyLike, tier: BundleTier): string {
  return millsToAmount(percentSaving(toMills(unitPrice) * BigInt(Math.trunc(tier.quantity)), tier.percentOff));
}
