/**
 * Re-drawing instant-win maps committed under scheme 1 (src/shared/instant-wins.ts header): their
 * mapHash, SHA-256 of a text whose only secret part is a few ticket numbers, was published, so
 * anyone could find the winning tickets before buying them. A contest whose scheme-1 map is not
 * revealed yet gets a fresh scheme-2 map (docs/fair-play.md "Maps committed before the keyed hash"):
 *  - prizes already won keep their tickets ("carried": the win stands, its ticket is public anyway);
 *  - every other prize is drawn from a fresh secret seed among the tickets NOT sold at that moment
 *    (the sold ones are committed as `excluded`), so each new winning ticket is still for sale,
 *    nobody's ticket starts winning after the fact, and the old map, which anyone may have
 *    recovered, wins nothing more.
 * The replaced seed and map hash are kept and revealed with the new seed, so the carried prizes
 * verify against the map they were won under.
 *
 * It runs under the contest's row lock, the lock every sale takes: in each sale's transaction before
 * any prize is judged (`redrawLegacyInstantMaps`, called by awardInstantWins in ./instant-wins.ts),
 * so no sale is ever judged against a guessable map. That sale's own tickets, numbered just before,
 * count as not sold yet: the map is re-drawn as if just before the sale, which is then judged against
 * the fresh map like any later one (knowing the old map tells nothing about it). For every contest at once by
 * `npm run instant-wins:redraw` (`redrawAllLegacyInstantMaps`, scripts/db/redraw-instant-wins.ts),
 * which publishes the new commitments without waiting for a sale.
 */
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { commitInstantMap, type InstantPrizeSpec, ticketRangesText } from "@/shared/instant-wins";
import { sha256Hex } from "@/shared/draw";
import { moneyString } from "@/shared/money";
import type { Db, DbTx } from "../../platform/db";
import { recordAudit } from "../kernel";
import { isRevealed, type StoredInstantRedraw } from "./instant-wins-record";

type LegacyRow = {
  id: string;
  status: string;
  soldTickets: number;
  salesClosedAt: Date | null;
  instantSeed: string | null;
  instantSeedHash: string | null;
  instantMapHash: string | null;
  instantTicketMax: number | null;
  instantScheme: number | null;
};

/**
 * Re-draws one contest's scheme-1 map (see the file comment) inside the caller's transaction;
 * false when there is nothing to re-draw (no map, already scheme 2, or revealed: a revealed map
 * decides nothing any more and verifies as it was).
 */
export async function redrawInstantMap(tx: DbTx, contestId: string, saleEntryIds: readonly string[] = []): Promise<boolean> {
  const rows = await tx.$queryRaw<LegacyRow[]>`
    SELECT "id", "status", "soldTickets", "salesClosedAt", "instantSeed", "instantSeedHash", "instantMapHash",
           "instantTicketMax", "instantScheme"
    FROM "Contest" WHERE "id" = ${contestId} FOR UPDATE`;
  const c = rows[0];
  if (c?.instantScheme !== 1 || isRevealed(c)) return false;
  const { instantSeed, instantSeedHash, instantMapHash, instantTicketMax: ticketMax } = c;
  if (!instantSeed || !instantSeedHash || !instantMapHash || ticketMax === null) return false;
  const prizes = await tx.instantPrize.findMany({ where: { contestId }, orderBy: { position: "asc" } });
  const specs: InstantPrizeSpec[] = prizes.map((p) => ({
    position: p.position,
    kind: p.kind,
    label: p.label,
    amount: p.amount ? moneyString(p.amount) : null,
  }));
  const entries = await tx.ticketEntry.findMany({
    where: { contestId, id: { notIn: [...saleEntryIds] } },
    select: { firstTicket: true, lastTicket: true },
  });
  const excluded = ticketRangesText(entries.map((e) => [e.firstTicket, e.lastTicket] as const));
  const carried = new Map(prizes.filter((p) => p.awardedAt !== null).map((p) => [p.position, p.winningTicket]));
  const seed = randomBytes(32).toString("hex");
  const { map, seedHash, mapHash } = await commitInstantMap({
    seed,
    contestId,
    ticketMax,
    prizes: specs,
    scheme: 2,
    redraw: { carried, excluded },
  });
  const moved = prizes.filter((p) => p.awardedAt === null);
  if (moved.length) {
    // (contestId, winningTicket) is unique row by row: park the moving prizes above the maximum first.
    await tx.$executeRaw`
      UPDATE "InstantPrize" SET "winningTicket" = ${ticketMax}::int + "position"
      WHERE "contestId" = ${contestId} AND "awardedAt" IS NULL`;
    await tx.$executeRaw`
      UPDATE "InstantPrize" AS p SET "winningTicket" = m.ticket
      FROM unnest(${moved.map((p) => p.id)}::text[], ${moved.map((p) => map.get(p.position) as number)}::int[]) AS m(id, ticket)
      WHERE p."id" = m.id AND p."awardedAt" IS NULL`;
  }
  const stored: StoredInstantRedraw = {
    at: new Date().toISOString(),
    excluded,
    excludedHash: await sha256Hex(excluded),
    carried: [...carried.keys()].sort((a, b) => a - b),
    previous: { scheme: 1, seed: instantSeed, seedHash: instantSeedHash, mapHash: instantMapHash },
  };
  await tx.contest.update({
    where: { id: contestId },
    data: {
      instantSeed: seed,
      instantSeedHash: seedHash,
      instantMapHash: mapHash,
      instantScheme: 2,
      instantRedraw: stored as unknown as Prisma.InputJsonValue,
    },
  });
  await recordAudit(tx, {
    actorId: null,
    action: "contest.instant_redraw",
    targetType: "contest",
    targetId: contestId,
    before: { scheme: 1, seedHash: instantSeedHash },
    after: { scheme: 2, seedHash, mapHash, carried: stored.carried.length, redrawn: moved.length, soldTickets: c.soldTickets },
  });
  return true;
}

/**
 * In a sale's transaction (the contests' row locks held), before its prizes are judged: re-draws any
 * scheme-1 map among the contests of `lines`, the sale's own entries counted as not sold yet.
 */
export async function redrawLegacyInstantMaps(tx: DbTx, lines: readonly { contestId: string; entryId: string }[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.contestId))];
  const legacy = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Contest" WHERE "id" = ANY(${ids}::text[]) AND "instantScheme" = 1 ORDER BY "id"`;
  for (const { id } of legacy)
    await redrawInstantMap(
      tx,
      id,
      lines.filter((l) => l.contestId === id).map((l) => l.entryId),
    );
}

/** Every contest's scheme-1 map not revealed yet, one transaction each; how many were re-drawn. */
export async function redrawAllLegacyInstantMaps(db: Db): Promise<number> {
  const legacy = await db.contest.findMany({ where: { instantScheme: 1 }, select: { id: true }, orderBy: { id: "asc" } });
  let count = 0;
  for (const { id } of legacy) if (await db.$transaction((tx) => redrawInstantMap(tx, id))) count++;
  return count;
}
