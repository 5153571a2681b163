/**
 * The public instant-win record of a contest (GET /api/contests/{id}/instant-wins): the prize list
 * and the map's commitment from the start, each prize's ticket once it is won, and after the end
 * the seed and the whole map, which src/shared/instant-wins.ts `verifyInstantReveal` (the contest
 * page, scripts/tools/verify-instant-wins.ts) recomputes.
 */
import type { z } from "zod";
import type { instantWinsRecordOutput } from "@/shared/schemas/responses";
import { maskedName } from "@/shared/draw";
import { moneyString } from "@/shared/money";
import type { DbTx } from "../../platform/db";
import { notFound } from "../../platform/errors";

export type InstantWinsRecord = z.output<typeof instantWinsRecordOutput>;

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
        ? { firstTicket: e.firstTicket, lastTicket: e.lastTicket, name: maskedName(e.user.firstName, e.user.lastName) }
        : null,
    };
  });
  return {
    contestId: c.id,
    title: c.title,
    status: c.status,
    seedHash: c.instantSeedHash,
    mapHash: c.instantMapHash,
    ticketMax: c.instantTicketMax,
    soldTickets: c.soldTickets,
    total: prizes.length,
    left: prizes.filter((p) => !p.awarded).length,
    revealed,
    seed: revealed ? c.instantSeed : null,
    prizes,
  };
}
