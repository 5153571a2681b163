/**
 * The one money module, for the server and the browser alike (docs/architecture.md "shared").
 *
 * Amounts are exact: the database holds NUMERIC(14,3) (to $0.001, which the Fortune Wheel needs)
 * and the API carries decimal strings. Arithmetic and comparisons here go through decimal.js (the
 * `Decimal` Prisma ships, the very class its client returns, from its browser runtime so client
 * bundles may import it without the generated schema namespace); never a float.
 *
 * Display (docs/product.md "Money on screen") is ./money-format.ts, re-exported here.
 */
import { Decimal as PrismaDecimal } from "@prisma/client/runtime/index-browser";

export const Decimal = PrismaDecimal;
export type Decimal = InstanceType<typeof PrismaDecimal>;

/** Anything that holds an exact amount: a decimal string, a Decimal, or a whole number of dollars. */
export type MoneyLike = string | Decimal | bigint | number;

/** Decimal places the database keeps (NUMERIC(14,3)). */
export const MONEY_SCALE = 3;

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** An exact Decimal from a decimal string, a Decimal or an integer. Throws on anything else (floats included). */
export function toDecimal(value: MoneyLike): Decimal {
  if (value instanceof Decimal) return value;
  if (Decimal.isDecimal(value)) return new Decimal((value as Decimal).toString());
  if (typeof value === "bigint") return new Decimal(value.toString());
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`Money must not be a float: ${value}`);
    return new Decimal(value);
  }
  const text = value.trim();
  if (!DECIMAL_TEXT.test(text)) throw new Error(`Not a decimal amount: ${value}`);
  return new Decimal(text);
}

/**
 * What a person typed, as an exact amount, or null when it is not a plain decimal with at most
 * `maxDecimals` places ("12", "12.5", "12.50"; not "1e3", "12.", "-1", "0x10", " ").
 */
export function parseMoney(text: string, maxDecimals: number = MONEY_SCALE): Decimal | null {
  const t = text.trim();
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(t);
  if (!m) return null;
  if ((m[2]?.length ?? 0) > maxDecimals) return null;
  return new Decimal(t);
}

/** a < b -> -1, a = b -> 0, a > b -> 1, exactly ("1.5" equals "1.50"). */
export function compareMoney(a: MoneyLike, b: MoneyLike): -1 | 0 | 1 {
  const c = toDecimal(a).comparedTo(toDecimal(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

export const isLessThan = (a: MoneyLike, b: MoneyLike) => compareMoney(a, b) < 0;
export const isAtLeast = (a: MoneyLike, b: MoneyLike) => compareMoney(a, b) >= 0;
export const isPositive = (a: MoneyLike) => compareMoney(a, 0) > 0;
export const isZero = (a: MoneyLike) => compareMoney(a, 0) === 0;

export function addMoney(...values: MoneyLike[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(toDecimal(v)), new Decimal(0));
}

export function subtractMoney(a: MoneyLike, b: MoneyLike): Decimal {
  return toDecimal(a).minus(toDecimal(b));
}

/** price × quantity; a negative or fractional quantity counts as its whole part, at least 0. */
export function multiplyMoney(price: MoneyLike, quantity: number): Decimal {
  const q = Number.isFinite(quantity) ? Math.max(0, Math.trunc(quantity)) : 0;
  return toDecimal(price).times(q);
}

/** The exact decimal string the API carries: two decimals, three when the third is not zero. */
export function moneyString(value: MoneyLike): string {
  const d = toDecimal(value).toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_DOWN);
  const three = d.toFixed(MONEY_SCALE);
  return three.endsWith("0") ? d.toFixed(2) : three;
}

/** Prices are always shown and sent with two decimals ("1.79"). */
export function priceString(value: MoneyLike | null | undefined): string | null {
  return value == null ? null : toDecimal(value).toFixed(2, Decimal.ROUND_DOWN);
}

// Display (formatMoney, formatUsd) is string work only, in its own module so pages that only show
// amounts ship no decimal.js.
export { formatMoney, formatUsd, type MoneyPrecision } from "./money-format";

/** Cart line total as an exact string. */
export function lineTotal(price: MoneyLike, quantity: number): string {
  return moneyString(multiplyMoney(price, quantity));
}

/** Cart total as an exact string. */
export function sumLines(lines: { ticketPrice: MoneyLike; quantity: number }[]): string {
  return moneyString(addMoney(...lines.map((l) => multiplyMoney(l.ticketPrice, l.quantity))));
}

/** Is `balance` below `amount`? */
export function isShort(balance: MoneyLike, amount: MoneyLike): boolean {
  return isLessThan(balance, amount);
}
