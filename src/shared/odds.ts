/**
 * Odds and progress shown on every contest card and page. Pure, from the public
 * contest's counts only (no player's data), so cached public answers can carry them.
 *
 * soldTickets counts every ticket number given out, free postal entries included (they take
 * numbers exactly like a purchase: src/server/services/checkout/free-entries.ts), so the odds count them.
 * "Now" is the odds of a ticket bought now: it joins the tickets already out (sold + 1), never
 * more than the maximum. "At sell-out" is 1 in maxTickets; a contest without a maximum has no
 * sell-out and shows the current odds only.
 */
import { formatCount } from "./format";

export type Odds = { now: number; atSellOut: number | null };

export function ticketOdds(soldTickets: number, maxTickets: number | null): Odds {
  const sold = Math.max(0, Math.trunc(soldTickets));
  const now = maxTickets === null ? sold + 1 : Math.max(1, Math.min(sold + 1, maxTickets));
  return { now, atSellOut: maxTickets === null ? null : Math.max(1, maxTickets) };
}

/**
 * The odds line of a card and a contest page. Before the first sale "1 in 1 now" would read as a
 * certainty, so an unsold contest shows only what a ticket's odds will be at sell-out (or, without a
 * maximum, that the odds follow the sales).
 */
export function oddsText(soldTickets: number, maxTickets: number | null): string {
  const odds = ticketOdds(soldTickets, maxTickets);
  const atSellOut = odds.atSellOut === null ? null : `1 in ${formatCount(odds.atSellOut)} at sell-out`;
  if (Math.trunc(soldTickets) <= 0) {
    return atSellOut
      ? `No ticket sold yet · odds per ticket: ${atSellOut}`
      : "No ticket sold yet · odds per ticket: 1 in the number of tickets sold when the draw happens";
  }
  return `Odds per ticket: 1 in ${formatCount(odds.now)} now${atSellOut ? ` · ${atSellOut}` : ""}`;
}

/** Whole days, hours, minutes and seconds left until `end` (all 0 once it has passed). */
export type TimeLeft = { days: number; hours: number; minutes: number; seconds: number; over: boolean };

export function timeLeft(end: Date | string | number, now: number): TimeLeft {
  const ms = Math.max(0, new Date(end).getTime() - now);
  const s = Math.floor(ms / 1000);
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
    over: ms === 0,
  };
}

/** "2d 04h 05m 09s", "04h 05m 09s" under a day ("2d 04h 05m" without seconds); "Ended" once over. */
export function formatTimeLeft(t: TimeLeft, opts: { seconds?: boolean } = {}): string {
  if (t.over) return "Ended";
  const two = (n: number) => String(n).padStart(2, "0");
  const hms = `${two(t.hours)}h ${two(t.minutes)}m${opts.seconds === false ? "" : ` ${two(t.seconds)}s`}`;
  return t.days > 0 ? `${t.days}d ${hms}` : hms;
}
