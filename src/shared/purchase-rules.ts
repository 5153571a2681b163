/**
 * What the server decides about buying tickets and about a player's entries, in one place both
 * sides run: checkout (`src/server/services/checkout/purchases.ts`) refuses with these reasons, and the
 * contest page (`src/components/contests/ContestDetail.tsx`) shows the same ones, so the two can
 * never disagree (tests/integration/purchase-rules.test.ts holds them together).
 */
import { formatCount } from "./format";

export type BlockerCode = "cancelled" | "sold_out" | "ended" | "not_enough_left";

export type PurchaseBlocker = {
  code: BlockerCode;
  /** What the contest page says on its button ("Sold out"). */
  label: string;
  /** The sentence under it. */
  detail: string;
  /** The checkout refusal for a contest with this title (409). */
  message: (title: string) => string;
};

type ContestForSale = {
  status: string;
  endDate: Date | string | null;
  soldTickets: number;
  maxTickets: number | null;
};

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;

/** "Ticket #7", "Tickets #1–#4": one line of consecutive ticket numbers. */
export function ticketRangeText(first: number, last: number): string {
  return first === last ? `Ticket #${first}` : `Tickets #${first}–#${last}`;
}

/**
 * Ticket numbers given as ranges (a purchase's entries, in any order), sorted and joined where they
 * touch: "Ticket #7", "Tickets #1–#3, #9, #17". Past `max` pieces the rest is counted
 * ("… and 12 more"), so a big purchase stays one line.
 */
export function ticketRangesText(ranges: readonly (readonly [number, number])[], max = 12): string {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const runs: [number, number][] = [];
  for (const [first, last] of sorted) {
    const run = runs.at(-1);
    if (run && first <= run[1] + 1) run[1] = Math.max(run[1], last);
    else runs.push([first, last]);
  }
  if (runs.length === 0) return "";
  if (runs.length === 1) return ticketRangeText(runs[0]![0], runs[0]![1]);
  const pieces = runs.map(([a, b]) => (a === b ? `#${a}` : `#${a}–#${b}`));
  const rest = runs.slice(max).reduce((n, [a, b]) => n + b - a + 1, 0);
  return `Tickets ${pieces.slice(0, max).join(", ")}${rest ? ` and ${formatCount(rest)} more` : ""}`;
}

/**
 * Can `quantity` tickets of this contest be bought now, and if not, why? null = yes.
 * Order matters: a cancelled contest says so; a sold-out contest is drawn at once and so ends, and
 * "Sold out" says more than "ended"; then the end date; then how many are left.
 */
export function purchaseBlocker(c: ContestForSale, quantity = 1, now: number = Date.now()): PurchaseBlocker | null {
  if (c.status === "cancelled") {
    return {
      code: "cancelled",
      label: "Contest cancelled",
      detail: "This contest was cancelled and every ticket refunded to its buyer's balance.",
      message: (t) => `Contest was cancelled: ${t}`,
    };
  }
  if (c.maxTickets !== null && c.soldTickets >= c.maxTickets) {
    return {
      code: "sold_out",
      label: "Sold out",
      detail: "All tickets for this contest have been sold.",
      message: (t) => `Sold out: ${t}`,
    };
  }
  if (c.status !== "active" || (c.endDate !== null && new Date(c.endDate).getTime() <= now)) {
    return {
      code: "ended",
      label: "This contest has ended",
      detail: "Tickets can no longer be bought for this contest.",
      message: (t) => `Contest has ended: ${t}`,
    };
  }
  const left = c.maxTickets === null ? null : c.maxTickets - c.soldTickets;
  if (left !== null && left < quantity) {
    return {
      code: "not_enough_left",
      label: `Only ${plural(left, "ticket")} left`,
      detail: `Only ${plural(left, "ticket")} left: lower the quantity to buy.`,
      message: (t) => `Sold out: only ${plural(left, "ticket")} left for ${t}`,
    };
  }
  return null;
}

/** The stored outcome of one entry (TicketEntry.result): "refunded" when cancelled; won/lost only on entries drawn before the results fan-out. */
export type StoredEntryResult = "won" | "lost" | "refunded" | null;

/**
 * An entry's outcome: what is stored (refunded, or won/lost written by old draws), else derived from
 * the contest's winner once it is drawn (the draw no longer rewrites every entry: services/draws/draw.ts).
 */
export function entryOutcome(
  entry: { result: StoredEntryResult; userId: string },
  contest: { drawnAt: Date | string | null; winnerId: string | null },
): StoredEntryResult {
  if (entry.result !== null) return entry.result;
  if (contest.drawnAt === null || contest.winnerId === null) return null;
  return entry.userId === contest.winnerId ? "won" : "lost";
}

/** An entry's status as the server reports it (docs/product.md §4 "Purchase entry status"). */
export const ENTRY_STATUS_KINDS = ["won", "lost", "active", "pending", "refunded"] as const;
export type EntryStatusKind = (typeof ENTRY_STATUS_KINDS)[number];

/**
 * The server's rule: the entry's outcome first (`entryOutcome`: refunded by the cancellation, won /
 * lost from the contest's winner); otherwise active until the end date, then pending until the draw.
 */
export function entryStatusKind(
  entry: { result: StoredEntryResult; contestStatus: string; contestEndDate: Date | string | null },
  now: number = Date.now(),
): EntryStatusKind {
  if (entry.result === "won" || entry.result === "lost" || entry.result === "refunded") return entry.result;
  if (entry.contestStatus !== "active") return "pending"; // ended, results being written
  if (entry.contestEndDate !== null && new Date(entry.contestEndDate).getTime() <= now) return "pending";
  return "active";
}

const DAY_MS = 24 * 3600 * 1000;

/** The words for a status (display only; the kind comes from the server). */
export function entryStatusLabel(kind: EntryStatusKind, contestEndDate: Date | string | null, now: number = Date.now()): string {
  switch (kind) {
    case "won":
      return "You won!";
    case "lost":
      return "Not a winner this time";
    case "refunded":
      return "Contest cancelled - your tickets were refunded";
    case "pending":
      return "Contest ended - awaiting results";
    case "active": {
      if (contestEndDate === null) return "Draw date to be announced";
      const days = Math.max(1, Math.ceil((new Date(contestEndDate).getTime() - now) / DAY_MS));
      return `${plural(days, "day")} left until draw`;
    }
  }
}

/** The badge beside an entry. */
export function entryBadge(kind: EntryStatusKind): { label: string; color: string } {
  if (kind === "active") return { label: "Active", color: "blue" };
  if (kind === "pending") return { label: "Drawing", color: "orange" };
  if (kind === "refunded") return { label: "Cancelled", color: "red" };
  return { label: "Ended", color: "gray" };
}
