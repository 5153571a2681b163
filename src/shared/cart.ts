/**
 * Exact money arithmetic for the browser (cart line totals, cart total, "balance short?"), on
 * decimal strings scaled to thousandths with BigInt: never a float. The server recomputes every
 * amount from the database at checkout; these only decide what the screen shows.
 */
const SCALE = 1000n;

/** "1.79" -> 1790n (thousandths). Invalid text -> 0n. */
export function toMills(value: string | number): bigint {
  const text = typeof value === "number" ? value.toFixed(3) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{0,3})\d*)?$/.exec(text);
  if (!m) return 0n;
  const whole = BigInt(m[2] ?? "0");
  const frac = BigInt((m[3] ?? "").padEnd(3, "0"));
  const v = whole * SCALE + frac;
  return m[1] ? -v : v;
}

/** 1790n -> "1.79" (two decimals, a third when it is not zero). */
export function fromMills(mills: bigint, decimals: 2 | 3 = 2): string {
  const neg = mills < 0n;
  const abs = neg ? -mills : mills;
  const whole = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(3, "0");
  const shown = decimals === 3 || !frac.endsWith("0") ? frac : frac.slice(0, 2);
  return `${neg ? "-" : ""}${whole}.${shown}`;
}

export function lineTotal(price: string, quantity: number): string {
  return fromMills(toMills(price) * BigInt(Math.max(0, Math.trunc(quantity))));
}

export function sumLines(lines: { ticketPrice: string; quantity: number }[]): string {
  return fromMills(lines.reduce((acc, l) => acc + toMills(l.ticketPrice) * BigInt(Math.max(0, Math.trunc(l.quantity))), 0n));
}

/** Is `balance` below `amount`? Both decimal strings. */
export function isShort(balance: string, amount: string): boolean {
  return toMills(balance) < toMills(amount);
}

/** Purchase entry status shown in "My Purchases & Results" (docs/product.md §4). */
export type EntryStatus =
  | { kind: "won"; label: string }
  | { kind: "lost"; label: string }
  | { kind: "active"; label: string; daysLeft: number | null }
  | { kind: "pending"; label: string };

const DAY_MS = 24 * 3600 * 1000;

export function entryStatus(
  entry: { contestStatus: string; contestEndDate: Date | string | null; result: string | null },
  userId: string,
  now: Date = new Date(),
): EntryStatus {
  if (entry.contestStatus !== "active") {
    return entry.result && entry.result === userId
      ? { kind: "won", label: "You won!" }
      : { kind: "lost", label: "Not a winner this time" };
  }
  if (!entry.contestEndDate) return { kind: "active", label: "Draw date to be announced", daysLeft: null };
  const days = Math.ceil((new Date(entry.contestEndDate).getTime() - now.getTime()) / DAY_MS);
  if (days > 0) return { kind: "active", label: `${days} days left until draw`, daysLeft: days };
  return { kind: "pending", label: "Contest ended - awaiting results" };
}
