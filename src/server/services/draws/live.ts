/**
 * The "Live draws" page (docs/fair-play.md "Live draws"): the next draws with their end dates and the
 * latest closed ones. Bounded lists of public figures only; each card then reads the contest's public
 * draw record (services/draws/record.ts) and follows it live on the `contests` event, which a database
 * trigger sends whenever a contest row changes (sales closed, entry list committed, winner drawn).
 */
import type { z } from "zod";
import type { liveDrawCardOutput } from "@/shared/schemas/responses";
import type { DbTx } from "../../platform/db";

/** Cards per list on the page. */
export const LIVE_DRAWS_LIMIT = 12;

export type LiveDrawCard = z.output<typeof liveDrawCardOutput>;

const select = {
  id: true,
  title: true,
  imageUrl: true,
  endDate: true,
  soldTickets: true,
  maxTickets: true,
  salesClosedAt: true,
  drawnAt: true,
} as const;

export async function listLiveDraws(db: DbTx, now = new Date()): Promise<{ upcoming: LiveDrawCard[]; recent: LiveDrawCard[] }> {
  const [upcoming, recent] = await Promise.all([
    db.contest.findMany({
      where: { status: "active", drawnAt: null, endDate: { gt: now } },
      orderBy: { endDate: "asc" },
      take: LIVE_DRAWS_LIMIT,
      select,
    }),
    // Closed or drawn: a contest drawn before sales-close times were recorded (older data, the demo
    // seed's) has only drawnAt, and is still one of the latest draws.
    db.contest.findMany({
      where: { status: "ended", OR: [{ salesClosedAt: { not: null } }, { drawnAt: { not: null } }] },
      orderBy: [{ salesClosedAt: { sort: "desc", nulls: "last" } }, { drawnAt: "desc" }, { id: "asc" }],
      take: LIVE_DRAWS_LIMIT,
      select,
    }),
  ]);
  return { upcoming, recent };
}
