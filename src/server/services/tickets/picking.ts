/**
 * Pick your numbers (docs/contests.md). In a contest with `pickNumbers` every ticket is its own
 * TicketEntry with firstTicket = lastTicket = its number, so the unique (contestId, firstTicket)
 * index itself forbids selling a number twice, and the draw, the entry list and the invariants
 * keep reading ranges. soldTickets still counts the tickets sold (caps, progress, the draw's range).
 *
 * A number can be PICKED when no entry holds it and no other player's live hold does
 * (services/tickets/holds.ts: unexpired, its holder not self-excluded; a hold ends with its session).
 * Purchases check that under the contest's row lock (the conditional UPDATE of
 * services/tickets/allocation.ts), so two buyers of one number serialise: the second sees the
 * first's entry and gets a 409 naming it. A LUCKY DIP (at checkout, free entries, the cart's lucky
 * dip) draws among the numbers not sold, holds ignored: what others hold cannot steer it.
 */
import { Prisma } from "@/generated/prisma/client";
import type { DbTx } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { type NumbersPage, PICK_LIMITS, PICK_MESSAGES } from "@/shared/ticket-picking";
import { selfExcludedSql } from "../safer-play";

/** A hold (alias `h`) that still counts: unexpired, its holder not self-excluded. */
export const LIVE_HOLD = Prisma.sql`h."expiresAt" > now() AND NOT ${selfExcludedSql(Prisma.sql`h."userId"`)}`;

/** Which of `numbers` are sold or held (live) by someone other than `userId` (ascending). */
export async function unavailableNumbers(tx: DbTx, contestId: string, userId: string, numbers: readonly number[]) {
  if (numbers.length === 0) return [];
  const rows = await tx.$queryRaw<{ n: number }[]>`
    SELECT n FROM unnest(${[...numbers]}::int[]) AS n
    WHERE EXISTS (SELECT 1 FROM "TicketEntry" e WHERE e."contestId" = ${contestId} AND e."firstTicket" = n)
       OR EXISTS (SELECT 1 FROM "TicketHold" h WHERE h."contestId" = ${contestId} AND h."number" = n
                   AND h."userId" <> ${userId} AND ${LIVE_HOLD})
    ORDER BY n`;
  return rows.map((r) => r.n);
}

/** Refuses numbers outside 1..max (400, naming them). */
export function checkRange(max: number, numbers: readonly number[]): void {
  const out = numbers.filter((n) => n < 1 || n > max);
  if (out.length) throw badRequest(PICK_MESSAGES.outOfRange(max, out.slice(0, 10)));
}

/**
 * `count` random numbers of 1..max that are not sold and not in `exclude`, uniform over them: holds
 * are ignored, so holding every number but some cannot steer a dip onto those (the dip then takes a
 * held number from its holder, whose checkout of it gets the 409 any sale gives). Random candidates
 * first (cheap while the contest is not nearly full), then one scan of what is left. Fewer than
 * `count` only when that many are not left. The candidates are shuffled before the LIMIT: DISTINCT
 * may hand them back sorted, which would favour the lowest numbers.
 */
export async function luckyNumbers(
  tx: DbTx,
  contestId: string,
  max: number,
  count: number,
  exclude: readonly number[] = [],
): Promise<number[]> {
  const free = `
    WHERE NOT EXISTS (SELECT 1 FROM "TicketEntry" e WHERE e."contestId" = $1 AND e."firstTicket" = n)
      AND NOT (n = ANY($2::int[]))`;
  const sample = await tx.$queryRawUnsafe<{ n: number }[]>(
    `SELECT n FROM (SELECT DISTINCT (floor(random() * $3)::int + 1) AS n FROM generate_series(1, $4)) r ${free} ORDER BY random() LIMIT $5`,
    contestId,
    [...exclude],
    max,
    count * 4 + 16,
    count,
  );
  if (sample.length >= count) return sample.map((r) => r.n);
  // Nearly full: scan the rest once (bounded by PICK_LIMITS.maxTickets).
  const rest = await tx.$queryRawUnsafe<{ n: number }[]>(
    `SELECT n FROM generate_series(1, $3::int) AS n ${free} ORDER BY random() LIMIT $4`,
    contestId,
    [...exclude],
    max,
    count,
  );
  return rest.map((r) => r.n);
}

type PickContest = { id: string; title: string; pickNumbers: boolean; maxTickets: number | null };

/** The contest as a pick contest (404 / 409 otherwise). */
export function pickable<C extends PickContest>(c: C | null): C & { maxTickets: number } {
  if (!c) throw notFound("Contest not found");
  if (!c.pickNumbers || c.maxTickets === null) throw conflict(PICK_MESSAGES.notPickable(c.title));
  return c as C & { maxTickets: number };
}

/**
 * One page of the grid (PICK_LIMITS.gridPage numbers): which are taken (sold or held by others) and
 * which the caller holds. `search` opens the page holding that number.
 */
export async function numbersPage(
  db: DbTx,
  contestId: string,
  userId: string | null,
  q: { page?: number; search?: number },
): Promise<NumbersPage> {
  const c = pickable(
    await db.contest.findUnique({
      where: { id: contestId },
      select: { id: true, title: true, pickNumbers: true, maxTickets: true },
    }),
  );
  const size = PICK_LIMITS.gridPage;
  const pages = Math.max(1, Math.ceil(c.maxTickets / size));
  if (q.search !== undefined && q.search > c.maxTickets) throw badRequest(PICK_MESSAGES.searchRange(c.maxTickets));
  const page = q.search !== undefined ? Math.ceil(q.search / size) : Math.min(q.page ?? 1, pages);
  const first = (page - 1) * size + 1;
  const last = Math.min(page * size, c.maxTickets);
  const [sold, holds] = await Promise.all([
    db.ticketEntry.findMany({
      where: { contestId, firstTicket: { gte: first, lte: last } },
      select: { firstTicket: true },
    }),
    db.$queryRaw<{ number: number; userId: string }[]>`
      SELECT h."number", h."userId" FROM "TicketHold" h
      WHERE h."contestId" = ${contestId} AND h."number" BETWEEN ${first} AND ${last} AND ${LIVE_HOLD}`,
  ]);
  const held = holds.filter((h) => h.userId === userId).map((h) => h.number);
  const taken = [...sold.map((e) => e.firstTicket), ...holds.filter((h) => h.userId !== userId).map((h) => h.number)];
  return {
    page,
    pages,
    pageSize: size,
    first,
    last,
    taken: [...new Set(taken)].sort((a, b) => a - b),
    held: held.sort((a, b) => a - b),
  };
}

/**
 * The draw of a pick contest: its winning position k (1..soldTickets, src/shared/draw.ts) is the k-th
 * sold number in ascending order (nthSoldTicket in src/shared/ticket-picking.ts, for verifiers). For a
 * consecutive contest the k-th sold ticket is k itself, so one rule covers both.
 */
export async function nthSoldNumber(tx: DbTx, contestId: string, k: number): Promise<number | null> {
  const rows = await tx.$queryRaw<{ n: number }[]>`
    SELECT "firstTicket" AS n FROM "TicketEntry" WHERE "contestId" = ${contestId}
    ORDER BY "firstTicket" OFFSET ${k - 1} LIMIT 1`;
  return rows[0]?.n ?? null;
}
