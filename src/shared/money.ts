/**
 * Money is exact: the database holds NUMERIC(14,3) and the API shows decimal strings.
 * These helpers only format strings for display; arithmetic on money happens on the server
 * with Prisma.Decimal (or in SQL).
 */

/** "12.5" -> "12.50"; keeps exactness by working on the string, not a float. */
export function formatMoney(value: string | number, decimals = 2): string {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return "0.00";
  // Display only: Intl rounds half-even-safe enough for showing prices; never fed back to the server.
  return n.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

export function formatUsd(value: string | number, decimals = 2): string {
  return `$${formatMoney(value, decimals)}`;
}

/** A decimal string with at most `scale` fractional digits, no exponent, no sign unless negative. */
export const DECIMAL_PATTERN = /^\d+(\.\d{1,2})?$/;
