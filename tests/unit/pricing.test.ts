/** The price computation (src/shared/pricing.ts): tiers, percent and fixed codes, minimum spend, rounding. */
import { describe, expect, it } from "vitest";
import { ticketOdds, formatTimeLeft, oddsText, timeLeft } from "../../src/shared/odds";
import {
  type CartPrice,
  bundleTierFor,
  isPromoProblem,
  isSaving,
  PROMO_MESSAGES,
  type PromoTerms,
  priceCart,
  tierSaving,
} from "../../src/shared/pricing";
import { bundleTiersSchema } from "../../src/shared/schemas/pricing";

const TIERS = [
  { quantity: 5, percentOff: 10 },
  { quantity: 10, percentOff: 20 },
];
const line = (contestId: string, unitPrice: string, quantity: number, tiers = TIERS) => ({
  contestId,
  unitPrice,
  quantity,
  tiers,
});
const percent = (p: number, extra: Partial<PromoTerms> = {}): PromoTerms => ({
  code: "SAVE",
  kind: "percent",
  percentOff: p,
  amountOff: null,
  minSpend: null,
  contestId: null,
  ...extra,
});
const fixed = (a: string, extra: Partial<PromoTerms> = {}): PromoTerms => ({
  code: "OFF",
  kind: "fixed",
  percentOff: null,
  amountOff: a,
  minSpend: null,
  contestId: null,
  ...extra,
});
function ok(x: ReturnType<typeof priceCart>): CartPrice {
  if (isPromoProblem(x)) throw new Error(x.message);
  return x;
}
import fc from "fast-check";
import { Decimal, moneyString, toDecimal } from "../../src/shared/money";

const s = (d: string) => toDecimal(d).toFixed(2);

describe("bundle tiers", () => {
  it("takes the largest tier the quantity reaches, once per line", () => {
    expect(bundleTierFor(TIERS, 4)).toBeNull();
    expect(bundleTierFor(TIERS, 5)?.percentOff).toBe(10);
    expect(bundleTierFor(TIERS, 9)?.percentOff).toBe(10);
    expect(bundleTierFor(TIERS, 10)?.percentOff).toBe(20);
    expect(bundleTierFor(TIERS, 500)?.percentOff).toBe(20);
    const p = ok(priceCart([line("a", "2.00", 10)]));
    expect([s(p.subtotal), s(p.bundleSaving), s(p.total)]).toEqual(["20.00", "4.00", "16.00"]);
    expect(p.lines[0]?.bundlePercent).toBe(20);
  });

  it("rounds each saving down to the cent and the line pays the exact rest", () => {
    // 7 × 1.79 = 12.53; 10% = 1.253 → 1.25 saved, 11.28 paid
    const p = ok(priceCart([line("a", "1.79", 7)]));
    expect([s(p.bundleSaving), s(p.total)]).toEqual(["1.25", "11.28"]);
    expect(toDecimal(p.total).plus(p.bundleSaving).equals(p.subtotal)).toBe(true);
    expect(s(tierSaving("1.79", { quantity: 5, percentOff: 10 }))).toBe("0.89"); // 8.95 × 10% = 0.895
  });

  it("refuses more than 5 tiers, percentages outside 1..90, a repeated quantity or a smaller discount for more", () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ quantity: i + 2, percentOff: i + 1 }));
    expect(bundleTiersSchema.safeParse(six).success).toBe(false);
    expect(bundleTiersSchema.safeParse([{ quantity: 5, percentOff: 91 }]).success).toBe(false);
    expect(bundleTiersSchema.safeParse([{ quantity: 5, percentOff: 0 }]).success).toBe(false);
    expect(bundleTiersSchema.safeParse([{ quantity: 1, percentOff: 5 }]).success).toBe(false);
    expect(
      bundleTiersSchema.safeParse([
        { quantity: 5, percentOff: 10 },
        { quantity: 5, percentOff: 20 },
      ]).success,
    ).toBe(false);
    expect(
      bundleTiersSchema.safeParse([
        { quantity: 5, percentOff: 20 },
        { quantity: 10, percentOff: 10 },
      ]).success,
    ).toBe(false);
    expect(
      bundleTiersSchema.parse([
        { quantity: 10, percentOff: 20 },
        { quantity: 5, percentOff: 10 },
      ]),
    ).toEqual(TIERS);
  });
});

describe("promo codes", () => {
  it("a percent code applies after the bundle, on the eligible total, rounded down", () => {
    // 10 × 2.00 = 20 − 20% = 16.00; 15% of 16.00 = 2.40
    const p = ok(priceCart([line("a", "2.00", 10)], percent(15)));
    expect([s(p.promoSaving), s(p.total)]).toEqual(["2.40", "13.60"]);
    // 3 × 3.33 = 9.99; 7% = 0.6993 → 0.69
    expect(s(ok(priceCart([line("a", "3.33", 3, [])], percent(7))).promoSaving)).toBe("0.69");
  });

  it("a fixed code never takes more than the eligible lines cost", () => {
    expect(s(ok(priceCart([line("a", "1.00", 3, [])], fixed("5"))).total)).toBe("0.00");
    const p = ok(priceCart([line("a", "4.00", 2, [])], fixed("2.50")));
    expect([s(p.promoSaving), s(p.total)]).toEqual(["2.50", "5.50"]);
  });

  it("is split over the eligible lines in proportion, leftover cents one by one, and the lines add up", () => {
    const p = ok(priceCart([line("a", "1.00", 1, []), line("b", "1.00", 1, []), line("c", "1.00", 1, [])], fixed("1.00")));
    expect(p.lines.map((l) => s(l.promoSaving))).toEqual(["0.34", "0.33", "0.33"]);
    expect(s(p.total)).toBe("2.00");
  });

  it("a per-contest code touches only that contest's lines, and refuses a cart without it", () => {
    const p = ok(priceCart([line("a", "2.00", 1, []), line("b", "2.00", 1, [])], percent(50, { contestId: "b" })));
    expect(p.lines.map((l) => s(l.promoSaving))).toEqual(["0.00", "1.00"]);
    expect(priceCart([line("a", "2.00", 1, [])], percent(50, { contestId: "b" }))).toEqual({
      message: PROMO_MESSAGES.wrongContest,
    });
  });

  it("the minimum spend counts the eligible lines after bundle savings", () => {
    // 5 × 2.00 = 10.00 − 10% = 9.00 < 10
    expect(priceCart([line("a", "2.00", 5)], percent(10, { minSpend: "10" }))).toEqual({
      message: PROMO_MESSAGES.minSpend("10.00"),
    });
    expect(isPromoProblem(priceCart([line("a", "2.00", 6)], percent(10, { minSpend: "10" })))).toBe(false);
  });
});

describe("odds and countdown", () => {
  it("now counts the tickets out plus the one bought now; sell-out only with a maximum", () => {
    expect(ticketOdds(0, 100)).toEqual({ now: 1, atSellOut: 100 });
    expect(ticketOdds(41, 100)).toEqual({ now: 42, atSellOut: 100 });
    expect(ticketOdds(100, 100)).toEqual({ now: 100, atSellOut: 100 });
    expect(ticketOdds(9, null)).toEqual({ now: 10, atSellOut: null });
  });

  it("an unsold contest shows no '1 in 1 now' (a certainty to the eye): only its odds at sell-out", () => {
    expect(oddsText(0, 100)).toBe("No ticket sold yet · odds per ticket: 1 in 100 at sell-out");
    expect(oddsText(0, null)).toBe("No ticket sold yet · odds per ticket: 1 in the number of tickets sold when the draw happens");
    expect(oddsText(5, 1000)).toBe("Odds per ticket: 1 in 6 now · 1 in 1,000 at sell-out");
    expect(oddsText(9, null)).toBe("Odds per ticket: 1 in 10 now");
  });

  it("formats the time left without the clock of the page that rendered it", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(formatTimeLeft(timeLeft(now + ((2 * 24 + 4) * 3600 + 5 * 60 + 9) * 1000, now))).toBe("2d 04h 05m 09s");
    expect(formatTimeLeft(timeLeft(now + 59_000, now))).toBe("00h 00m 59s");
    expect(formatTimeLeft(timeLeft(now - 1, now))).toBe("Ended");
  });
});

/**
 * The rule as it was written in decimal.js (src/shared/pricing.ts before it moved to BigInt
 * thousandths so the browser's cards load no decimal library), kept here as the oracle.
 */
function decimalOracle(
  lines: { contestId: string; unitPrice: string; quantity: number; tiers: BundleTierT[] }[],
  promo: PromoTerms | null,
) {
  const D = Decimal;
  const pct = (amount: InstanceType<typeof D>, percent: number) =>
    amount.times(percent).dividedBy(100).toDecimalPlaces(2, D.ROUND_DOWN);
  const priced = lines.map((l) => {
    const listAmount = toDecimal(l.unitPrice).times(Math.max(0, Math.trunc(l.quantity)));
    const tier = bundleTierFor(l.tiers, l.quantity);
    const bundleSaving = tier ? pct(listAmount, tier.percentOff) : new D(0);
    return { contestId: l.contestId, listAmount, bundleSaving, promoSaving: new D(0), amount: listAmount.minus(bundleSaving) };
  });
  if (promo) {
    const eligible = priced.filter((p) => promo.contestId === null || p.contestId === promo.contestId);
    if (eligible.length === 0) return { message: PROMO_MESSAGES.wrongContest };
    const base = eligible.reduce((s, p) => s.plus(p.amount), new D(0));
    if (promo.minSpend !== null && base.lessThan(toDecimal(promo.minSpend)))
      return { message: PROMO_MESSAGES.minSpend(toDecimal(promo.minSpend).toFixed(2)) };
    const saving =
      promo.kind === "percent"
        ? pct(base, promo.percentOff ?? 0)
        : D.min(toDecimal(promo.amountOff ?? "0"), base).toDecimalPlaces(2, D.ROUND_DOWN);
    if (!base.isZero() && !saving.isZero()) {
      let left = saving;
      for (const p of eligible) {
        p.promoSaving = D.min(saving.times(p.amount).dividedBy(base).toDecimalPlaces(2, D.ROUND_DOWN), p.amount);
        left = left.minus(p.promoSaving);
      }
      const cent = new D("0.01");
      for (let i = 0; left.greaterThanOrEqualTo(cent) && i < eligible.length * 2; i++) {
        const p = eligible[i % eligible.length] as (typeof priced)[number];
        if (p.amount.minus(p.promoSaving).greaterThanOrEqualTo(cent)) {
          p.promoSaving = p.promoSaving.plus(cent);
          left = left.minus(cent);
        }
      }
      for (const p of eligible) p.amount = p.amount.minus(p.promoSaving);
    }
  }
  const sum = (f: (p: (typeof priced)[number]) => InstanceType<typeof D>) =>
    moneyString(priced.reduce((s, p) => s.plus(f(p)), new D(0)));
  return {
    lines: priced.map((p) => [p.listAmount, p.bundleSaving, p.promoSaving, p.amount].map(moneyString)),
    totals: [sum((p) => p.listAmount), sum((p) => p.bundleSaving), sum((p) => p.promoSaving), sum((p) => p.amount)],
  };
}
type BundleTierT = { quantity: number; percentOff: number };

describe("BigInt thousandths against decimal.js", () => {
  const amount = fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 999 }))
    .map(([whole, mills]) => `${whole}.${String(mills).padStart(3, "0")}`);
  const tiers = fc
    .uniqueArray(fc.record({ quantity: fc.integer({ min: 2, max: 50 }), percentOff: fc.integer({ min: 1, max: 90 }) }), {
      maxLength: 5,
      selector: (t) => t.quantity,
    })
    .map((ts) => [...ts].sort((a, b) => a.quantity - b.quantity));
  const cartLine = fc.record({
    contestId: fc.constantFrom("a", "b", "c"),
    unitPrice: amount,
    quantity: fc.integer({ min: 0, max: 500 }),
    tiers,
  });
  const promo = fc.option(
    fc.record({
      code: fc.constant("CODE"),
      kind: fc.constantFrom("percent" as const, "fixed" as const),
      percentOff: fc.integer({ min: 1, max: 90 }),
      amountOff: amount,
      minSpend: fc.option(amount, { nil: null }),
      contestId: fc.option(fc.constantFrom("a", "b", "c"), { nil: null }),
    }),
    { nil: null },
  );

  it("gives every line's and the cart's figures, and every refusal, exactly as decimal.js did", () => {
    fc.assert(
      fc.property(fc.array(cartLine, { minLength: 1, maxLength: 6 }), promo, (lines, terms) => {
        const got = priceCart(lines, terms);
        const want = decimalOracle(lines, terms);
        if ("message" in want) {
          expect(got).toEqual(want);
          return;
        }
        const price = ok(got);
        expect(price.lines.map((l) => [l.listAmount, l.bundleSaving, l.promoSaving, l.amount])).toEqual(want.lines);
        expect([price.subtotal, price.bundleSaving, price.promoSaving, price.total]).toEqual(want.totals);
      }),
      { numRuns: 3_000 },
    );
  });

  it("gives each tier's saving as decimal.js did, and refuses what is not an amount in thousandths", () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 2, max: 500 }), fc.integer({ min: 1, max: 90 }), (price, quantity, percentOff) => {
        const want = toDecimal(price).times(quantity).times(percentOff).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        expect(tierSaving(price, { quantity, percentOff })).toBe(moneyString(want));
      }),
      { numRuns: 2_000 },
    );
    expect(tierSaving("1.7950", { quantity: 1, percentOff: 10 })).toBe("0.17"); // a trailing 0 is still thousandths
    expect(() => tierSaving("1.7951", { quantity: 1, percentOff: 10 })).toThrow("More than three decimals");
    expect(() => tierSaving("1e3", { quantity: 1, percentOff: 10 })).toThrow("Not a decimal amount");
    expect(() => tierSaving(1.5, { quantity: 1, percentOff: 10 })).toThrow("float");
    expect(() => tierSaving("1.00", { quantity: 1, percentOff: 10.5 })).toThrow("whole percentage");
    expect(isSaving("0.00")).toBe(false);
    expect(isSaving("0.01")).toBe(true);
  });
});
