/**
 * Pick your numbers, lucky dip and the online free entry (docs/contests.md, docs/fair-play.md): the
 * bounds, texts and payloads shared by the browser and the server. The request schemas are in
 * ./schemas/ticket-picking.ts, so the contest page's code does not load zod.
 */
import { formatCount } from "./format";

export const PICK_LIMITS = {
  /** Numbers one request may pick, hold or lucky-dip, and tickets per cart line of a pick contest (one entry each). */
  numbersMax: 100,
  /** Numbers one player may hold in one contest at a time. */
  holdMax: 100,
  /** ...and at most this share of the contest's numbers not sold yet (at least one). */
  holdShare: 0.25,
  /** The longest one player may hold one number without a break, renewals included; after it ends
   * they may hold that number again only once it has been free of them this long too. */
  holdTotalMinutes: 30,
  /** Numbers per page of the grid: a 500,000-ticket contest is never sent whole. */
  gridPage: 100,
  /** The largest ticket maximum a pick contest may have (bounds the lucky dip's fallback scan). */
  maxTickets: 1_000_000,
  /** Hold and lucky-dip requests per account per minute. */
  holdsPerMinute: 60,
  /** Online free entry attempts per account per hour (any contest). */
  freeEntryAttemptsPerHour: 10,
} as const;

const numberList = (ns: readonly number[]) => ns.map((n) => `#${n}`).join(", ");

export const PICK_MESSAGES = {
  numbers: "ticketNumbers must be a list of whole numbers from 1",
  numbersEmpty: "ticketNumbers must hold at least one number",
  numbersMax: `ticketNumbers may hold at most ${PICK_LIMITS.numbersMax} numbers`,
  duplicates: (ns: readonly number[]) => `ticketNumbers lists ${numberList(ns)} more than once`,
  quantityMismatch: "quantity must equal the count of ticketNumbers",
  lineTooBig: (title: string) =>
    `At most ${PICK_LIMITS.numbersMax} tickets per order line in "${title}" (each picked number is its own ticket)`,
  notPickable: (title: string) => `"${title}" does not let players pick their numbers`,
  outOfRange: (max: number, ns: readonly number[]) => `Ticket numbers must be from 1 to ${max}: ${numberList(ns)} is not`,
  taken: (title: string, ns: readonly number[]) =>
    `${ns.length === 1 ? "Ticket" : "Tickets"} ${numberList(ns)} of "${title}" ${ns.length === 1 ? "is" : "are"} no longer available: please choose other numbers`,
  noneFree: (title: string) => `Not enough numbers of "${title}" are left for that many tickets`,
  holdMax: `You can hold at most ${PICK_LIMITS.holdMax} numbers of one contest at a time`,
  holdShare: (max: number) => `You can hold at most ${max} of this contest's unsold numbers at a time (a quarter of them)`,
  holdCap: (title: string, cap: number, room: number) =>
    `Ticket limit reached: at most ${cap} tickets per player for "${title}", the numbers you hold included (you can hold ${room} more)`,
  holdBalance: (needed: string, balance: string) =>
    `Your balance (${balance}) does not cover the numbers you would hold (${needed}): add balance or hold fewer numbers`,
  holdTooLong: (ns: readonly number[]) =>
    `You have held ${numberList(ns)} for ${PICK_LIMITS.holdTotalMinutes} minutes, the longest one player may: buy ${ns.length === 1 ? "it" : "them"} now or choose other numbers`,
  holdsRate: (retry: string) => `Too many number requests. Try again ${retry}.`,
  busy: "Your other number requests are still being handled: try again in a moment",
  pickNeedsMax: "Pick your numbers needs a ticket maximum",
  pickMaxTooBig: `Pick your numbers works with at most ${formatCount(PICK_LIMITS.maxTickets)} tickets`,
  pickFrozen: "Tickets have been sold, so pick your numbers can no longer be switched on or off",
  searchRange: (max: number) => `Search for a number from 1 to ${max}`,
  freeEntryOff: (title: string) => `Online free entry is closed for "${title}"; the postal route stays open`,
  freeEntryUsed: (title: string, when: string) =>
    `You have had your online free entry to "${title}": the next one is possible ${when}`,
  freeEntryRate: (retry: string) => `Too many free entry attempts. Try again ${retry}.`,
} as const;

export function duplicatesOf(ns: readonly number[]): number[] {
  const seen = new Set<number>();
  const dup = new Set<number>();
  for (const n of ns) (seen.has(n) ? dup : seen).add(n);
  return [...dup];
}

export type NumbersPage = {
  page: number;
  pages: number;
  pageSize: number;
  first: number;
  last: number;
  /** Sold, or held by another player: greyed out. */
  taken: number[];
  /** Held for the caller (in their cart). */
  held: number[];
};
export type HeldNumbers = { message: string; contestId: string; ticketNumbers: number[]; expiresAt: Date };

/**
 * The k-th sold ticket (1-based) of an entry list sorted by first ticket: how a draw's winning
 * position becomes a ticket number in a pick-your-numbers contest (for a consecutive one it is k).
 */
export function nthSoldTicket(entries: readonly { firstTicket: number; lastTicket: number }[], k: number): number | null {
  let left = k;
  for (const e of entries) {
    const count = e.lastTicket - e.firstTicket + 1;
    if (left <= count) return e.firstTicket + left - 1;
    left -= count;
  }
  return null;
}
