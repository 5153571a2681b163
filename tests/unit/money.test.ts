import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMoney,
  compareMoney,
  formatMoney,
  formatUsd,
  isShort,
  lineTotal,
  moneyString,
  multiplyMoney,
  parseMoney,
  priceString,
  subtractMoney,
  sumLines,
  toDecimal,
} from "../../src/shared/money";
import { Decimal } from "../../src/shared/money";
import * as display from "../../src/shared/money-format";
import { millsToAmount, toMills } from "../../src/shared/money-mills";
import { DEFAULT_WHEEL_CONFIG, wheelTexts } from "../../src/shared/wheel";

describe("src/shared/money.ts: exact arithmetic", () => {
  it("adds, multiplies and sums decimal strings exactly (no float drift)", () => {
    expect(moneyString(addMoney("0.1", "0.2"))).toBe("0.30"); // 0.1 + 0.2 in floats is 0.30000000000000004
    expect(lineTotal("0.10", 3)).toBe("0.30");
    expect(lineTotal("1.79", 7)).toBe("12.53");
    expect(lineTotal("1.79", -2)).toBe("0.00");
    expect(lineTotal("1.79", 2.9)).toBe("3.58");
    expect(
      sumLines([
        { ticketPrice: "1.79", quantity: 4 },
        { ticketPrice: "2.50", quantity: 2 },
      ]),
    ).toBe("12.16");
    expect(moneyString(subtractMoney("46.221", "0.001"))).toBe("46.22");
    expect(multiplyMoney("0.001", 1000).toFixed(3)).toBe("1.000");
  });

  it("compares exactly, whatever the spelling", () => {
    expect(compareMoney("1.5", "1.50")).toBe(0);
    expect(compareMoney("12.159", "12.16")).toBe(-1);
    expect(compareMoney("100000", "99999.999")).toBe(1);
    expect(isShort("12.159", "12.16")).toBe(true);
    expect(isShort("12.16", "12.16")).toBe(false);
    // 9007199254740993 is not representable as a float: Number() would call these equal
    expect(compareMoney("9007199254740993", "9007199254740992")).toBe(1);
  });

  it("refuses floats and garbage instead of guessing", () => {
    expect(() => toDecimal(0.1)).toThrow(/float/);
    expect(() => toDecimal("1e3")).toThrow();
    expect(() => toDecimal("abc")).toThrow();
    expect(toDecimal(12).toFixed(2)).toBe("12.00");
    expect(toDecimal(12n).toFixed(2)).toBe("12.00");
  });

  it("parses what a person typed, or says no", () => {
    expect(parseMoney("12")?.toFixed(2)).toBe("12.00");
    expect(parseMoney(" 12.5 ")?.toFixed(2)).toBe("12.50");
    expect(parseMoney("0.5", 2)?.toFixed(2)).toBe("0.50");
    for (const bad of ["", " ", "12.", ".5", "1e3", "-1", "0x10", "1,000", "12.345"]) {
      expect(parseMoney(bad, 2), bad).toBeNull();
    }
    expect(parseMoney("12.345", 3)?.toFixed(3)).toBe("12.345");
  });
});

describe("src/shared/money.ts: one display rule", () => {
  it("two decimals everywhere, rounded toward zero so a balance never looks larger than it is", () => {
    expect(formatUsd("46.221")).toBe("$46.22");
    expect(formatUsd("46.229")).toBe("$46.22");
    expect(formatUsd("19.400")).toBe("$19.40");
    expect(formatUsd("0")).toBe("$0.00");
    expect(formatUsd("1234567.5")).toBe("$1,234,567.50");
    expect(formatUsd("-3.5")).toBe("-$3.50");
    expect(formatUsd("-0.001")).toBe("$0.00");
    expect(formatUsd(null)).toBe("$0.00");
    expect(formatMoney("not money")).toBe("0.00");
  });

  it("the wheel keeps the third decimal when it is not zero", () => {
    expect(formatUsd("0.001", "mills")).toBe("$0.001");
    expect(formatUsd("46.221", "mills")).toBe("$46.221");
    expect(formatUsd("0.020", "mills")).toBe("$0.02");
    expect(formatUsd("1000", "mills")).toBe("$1,000.00");
  });

  it("the display module (no decimal.js, for pages that only show amounts) agrees with decimal.js on any amount", () => {
    // The rule computed the way it was before the split: decimal.js, rounded down.
    const reference = (text: string, precision: "2" | "mills") => {
      const d = new Decimal(text);
      const cut = precision === "mills" ? moneyString(d) : d.toFixed(2, Decimal.ROUND_DOWN);
      const negative = cut.startsWith("-");
      const [whole = "0", frac = ""] = (negative ? cut.slice(1) : cut).split(".");
      const shown = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
      return negative && !/^[0.,]+$/.test(shown) ? `-${shown}` : shown;
    };
    const amount = fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,14}$/), fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined }))
      .map(([neg, whole, frac]) => `${neg ? "-" : ""}${whole}${frac === undefined ? "" : `.${frac}`}`);
    fc.assert(
      fc.property(amount, fc.constantFrom("2" as const, "mills" as const), (text, precision) => {
        const expected = reference(text, precision);
        expect(display.formatMoney(text, precision)).toBe(expected);
        expect(display.formatMoney(new Decimal(text), precision)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(display.formatUsd(12n)).toBe("$12.00");
    expect(display.formatUsd(-7)).toBe("-$7.00");
    expect(display.formatUsd(1.5)).toBe("$0.00"); // a float is not money
    expect(display.formatUsd("1e3")).toBe("$0.00");
    expect(display.formatUsd(" 0042.5 ")).toBe("$42.50");
  });

  it("API strings: prices two decimals, amounts a third only when it is not zero", () => {
    expect(priceString("1.7")).toBe("1.70");
    expect(priceString(null)).toBeNull();
    expect(moneyString("19.400")).toBe("19.40");
    expect(moneyString("46.221")).toBe("46.221");
    expect(moneyString(toDecimal("5"))).toBe("5.00");
  });
});

describe("wheel texts come from its configuration", () => {
  it("default configuration reads as the product describes it", () => {
    const t = wheelTexts(DEFAULT_WHEEL_CONFIG);
    expect(t.headline).toBe("One free spin every 24 hours. Extra spins $0.001.");
    expect(t.howToPrizes).toBe("Win $0.02, $0.05 or the $0.10 jackpot, credited to your balance at once.");
    expect(t.odds).toBe("70% LOSE, 20% TRY AGAIN, 10% prizes: $0.02 6%, $0.05 3%, $0.10 1%");
    expect(t.insufficientBalance).toBe("Insufficient balance for a paid spin ($0.001 needed)");
    expect(t.noFreeSpin).toBe("No free spin available. Your next free spin is in less than 24 hours.");
  });

  it("a changed price, interval and prizes change every sentence", () => {
    const config = {
      ...DEFAULT_WHEEL_CONFIG,
      spinPrice: "0.25",
      freeSpinIntervalHours: 12,
      segments: DEFAULT_WHEEL_CONFIG.segments.map((s) => (s.prize === "0.10" ? { ...s, prize: "5", label: "$5" } : s)),
    };
    const t = wheelTexts(config);
    expect(t.headline).toBe("One free spin every 12 hours. Extra spins $0.25.");
    expect(t.howToFree).toBe("Press Free Spin once every 12 hours, or spin for $0.25 from your balance.");
    expect(t.howToPrizes).toBe("Win $0.02, $0.05 or the $5.00 jackpot, credited to your balance at once.");
    expect(t.description).toContain("$0.25");
    expect(t.insufficientBalance).toContain("$0.25");
  });
});

describe("src/shared/money-mills.ts: BigInt thousandths for browser code", () => {
  it("reads and writes the same decimal strings as money.ts", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), (mills) => {
        const text = millsToAmount(mills);
        expect(text).toBe(moneyString(toDecimal(mills).dividedBy(1000)));
        expect(toMills(text)).toBe(mills);
      }),
      { numRuns: 2_000 },
    );
    expect(toMills("12")).toBe(12_000n);
    expect(toMills(" 1.5 ")).toBe(1_500n);
    expect(toMills(3n)).toBe(3_000n);
    expect(() => toMills("1.0001")).toThrow("More than three decimals");
    expect(() => toMills("1e3")).toThrow("Not a decimal amount");
    expect(() => toMills(0.5)).toThrow("float");
  });
});
