/**
 * Money as whole thousandths of a dollar (the database's NUMERIC(14,3)) in BigInt: exact arithmetic
 * for browser code that must not load decimal.js (the cart's pricing rule, ./pricing.ts, which the
 * cards and the contest page run). ./money.ts stays the arithmetic of the server and of forms; both
 * read and write the same decimal strings.
 */
import type { MoneyLike } from "./money";

/** An amount in thousandths of a dollar: "1.795" → 1795n. Throws on a fourth decimal that is not 0, or on a float. */
export function toMills(value: MoneyLike): bigint {
  if (typeof value === "bigint") return value * 1000n;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`Money must not be a float: ${value}`);
    return BigInt(value) * 1000n;
  }
  const text = String(value).trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`Not a decimal amount: ${text}`);
  const decimals = (m[3] ?? "").padEnd(3, "0");
  if (/[1-9]/.test(decimals.slice(3))) throw new Error(`More than three decimals: ${text}`);
  const mills = BigInt(m[2] as string) * 1000n + BigInt(decimals.slice(0, 3));
  return m[1] ? -mills : mills;
}

/** Thousandths as moneyString writes them (./money.ts): two decimals, three when the third is not 0. */
export function millsToAmount(mills: bigint): string {
  const abs = mills < 0n ? -mills : mills;
  const decimals = (abs % 1000n).toString().padStart(3, "0");
  const text = `${abs / 1000n}.${decimals.endsWith("0") ? decimals.slice(0, 2) : decimals}`;
  return mills < 0n ? `-${text}` : text;
}
