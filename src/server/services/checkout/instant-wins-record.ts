/**
 * The public instant-win record of a contest (GET /api/contests/{id}/instant-wins): the prize list
 * and the map's commitment from the start, each prize's ticket once it is won, and after the end
 * the seed and the whole map, which src/shared/instant-wins.ts `verifyInstantReveal` (the contest
 * page, scripts/tools/verify-instant-wins.ts) recomputes. A scheme-1 mapHash (SHA-256 of a
 * guessable text) is withheld until the reveal; a re-drawn map (./instant-redraw.ts) says so, and
 * after the reveal adds the replaced commitment and the excluded tickets.
 */
import type { z } from "zod";
import type { instantWinsRecordOutput } from "@/shared/schemas/responses";
import { countTickets, parseTicketRanges } from "@/shared/instant-wins";
import { maskedName } from "@/shared/draw";
import { moneyString } from "@/shared/money";
import type { DbTx } from "../../platform/db";
import { notFound } from "../../platform/errors";

export type InstantWinsRecord = z.output<typeof instantWinsRecordOutput>;

/** What `Contest.instantRedraw` holds (the schema's comment); written by instant-redraw.ts; the record publishes parts of it. */
export type StoredInstantRedraw = {
  at: string;
  excluded: string;
  excludedHash: string;
  carried: number[];
  previous: { scheme: 1; seed: string; seedHash: string; mapHash: string };
};

/**
 * Sales are over for good: cancelled, or ended with tickets sold (such a contest cannot be
 * re-opened, src/server/services/contests/admin.ts `activateContest`). A contest ended with no
 * ticket sold may re-open, so its map stays secret.
 */
export function isRevealed(c: { status: string; soldTickets: number; salesClosedAt: Date | null }): boolean {
  return c.status === "cancelled" || (c.status === "ended" && c.salesClosedAt !== null && c.soldTickets > 0);
}

export async function getInstantWinsRecord(db: DbTx, contestId: string): Promise<InstantWinsRecord> {
  const c = await db.contest.findUnique({
    where: { id: contestId },
    select: {
      id: true,
      title: true,
      status: true,
      soldTickets: true,
      salesClosedAt: true,
      instantSeed: true,
      instantSeedHash: true,
      instantMapHash: true,
      instantTicketMax: true,
      instantScheme: true,
      instantRedraw: true,
      instantPrizes: { orderBy: { position: "asc" } },
    },
  });
  if (!c) throw notFound("Contest not found");
  const revealed = isRevealed(c) && c.instantSeed !== null;
  const entryIds = c.instantPrizes.flatMap((p) => (p.entryId ? [p.entryId] : []));
  const entries = entryIds.length
    ? await db.ticketEntry.findMany({
        where: { id: { in: entryIds } },
        select: { id: true, firstTicket: true, lastTicket: true, user: { select: { firstName: true, lastName: true } } },
      })
    : [];
  const byId = new Map(entries.map((e) => [e.id, e]));
  const prizes = c.instantPrizes.map((p) => {
    const e = p.entryId ? byId.get(p.entryId) : undefined;
    return {
      position: p.position,
      kind: p.kind,
      label: p.label,
      amount: p.amount ? moneyString(p.amount) : null,
      awarded: p.awardedAt !== null,
      winningTicket: p.awardedAt !== null || revealed ? p.winningTicket : null,
      awardedEntry: e
        ? {
            firstTicket: e.firstTicket,
            lastTicket: e.lastTicket,
            name: c.salesClosedAt !== null || c.status !== "active" ? maskedName(e.user.firstName, e.user.lastName) : null,
          }
        : null,
    };
  });
  return {
    contestId: c.id,
    title: c.title,
    status: c.status,
    seedHash: c.instantSeedHash,
    scheme: c.instantScheme,
    mapHash: c.instantScheme === 1 && !revealed ? null : c.instantMapHash,
    redraw: redrawRecord(c.instantRedraw as StoredInstantRedraw | null, revealed),
    ticketMax: c.instantTicketMax,
    soldTickets: c.soldTickets,
    total: prizes.length,
    left: prizes.filter((p) => !p.awarded).length,
    revealed,
    seed: revealed ? c.instantSeed : null,
    prizes,
  };
}

function redrawRecord(d: StoredInstantRedraw | null, revealed: boolean): InstantWinsRecord["redraw"] {
  if (!d) return null;
  return {
    at: new Date(d.at),
    excludedHash: d.excludedHash,
    excludedCount: countTickets(parseTicketRanges(d.excluded, Number.MAX_SAFE_INTEGER)),
    carried: d.carried,
    previousSeedHash: d.previous.seedHash,
    excluded: revealed ? d.excluded : null,
    previousMapHash: revealed ? d.previous.mapHash : null,
    previousSeed: revealed ? d.previous.seed : null,
  };
}
