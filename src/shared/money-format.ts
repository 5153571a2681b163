/**
 * Amounts as text, without arithmetic: the display half of the money module (./money.ts re-exports
 * it). Pages that only show amounts import this file and so ship no decimal.js (13 KB of script on
 * every page that formatted a price; docs/performance.md "First load").
 *
 * Display rule (docs/product.md "Money on screen"): every amount shows two decimals, rounded toward
 * zero so a balance is never shown larger than it is ($46.221 -> $46.22). The one exception is the
 * Fortune Wheel page, whose price and prizes are in tenths of a cent: there `formatUsd(v, "mills")`
 * adds the third decimal when it is not zero ($0.001, $46.221, $0.02).
 *
 * Rounding toward zero is cutting digits off a decimal string, so nothing here computes: an exact
 * amount (decimal string, Decimal, integer) is read as its digits and cut. tests/unit/money.test.ts
 * checks it against decimal.js on random amounts.
 */

/** A Decimal (./money.ts), seen only through its plain-notation text. */
type DecimalLike = { toFixed(): string };

/** Anything that holds an exact amount: a decimal string, a Decimal, or a whole number of dollars. */
export type FormattableMoney = string | DecimalLike | bigint | number;

/**
 * "2" = two decimals, rounded toward zero (the rule everywhere); "mills" = two decimals, three
 * when the third is not zero (the Fortune Wheel page only).
 */
export type MoneyPrecision = "2" | "mills";

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The amount's sign, whole digits and fraction digits, or null for anything that is not an exact amount. */
function digitsOf(value: FormattableMoney): { negative: boolean; whole: string; fraction: string } | null {
  let text: string;
  if (typeof value === "string") text = value.trim();
  else if (typeof value === "bigint") text = value.toString();
  else if (typeof value === "number") {
    // Money is never a float (./money.ts toDecimal refuses them too).
    if (!Number.isSafeInteger(value)) return null;
    text = String(value);
  } else text = value.toFixed();
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return null;
  return { negative: m[1] === "-", whole: (m[2] as string).replace(/^0+(?=\d)/, ""), fraction: m[3] ?? "" };
}

/** "46221" -> "46,221": en-US groups of three, for amounts here and counts (./format.ts formatCount). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 46221.5 -> "46,221.50" (no currency sign). Unparsable input shows as "0.00". */
export function formatMoney(value: FormattableMoney | null | undefined, precision: MoneyPrecision = "2"): string {
  const d = digitsOf(value ?? "0") ?? { negative: false, whole: "0", fraction: "" };
  const mills = `${d.fraction}000`.slice(0, 3);
  const fraction = precision === "mills" && !mills.endsWith("0") ? mills : mills.slice(0, 2);
  const shown = `${groupThousands(d.whole)}.${fraction}`;
  // Cut toward zero, a small negative amount is zero: "-0.00" would mislead.
  return d.negative && !/^[0.,]+$/.test(shown) ? `-${shown}` : shown;
}

/** "$46.22" (see formatMoney for the rule). */
export function formatUsd(value: FormattableMoney | null | undefined, precision: MoneyPrecision = "2"): string {
  const s = formatMoney(value, precision);
  return s.startsWith("-") ? `-$${s.slice(1)}` : `$${s}`;
}
