/**
 * Holds (docs/contests.md "Pick your numbers"): numbers a player added to the cart stay theirs for
 * TICKET_HOLD_MINUTES, so no other player can PICK them meanwhile; checkout buys them atomically
 * (services/tickets/allocation.ts) and releases the hold. A hold reserves a number, so it is held to
 * the rules of spending it (`checkHolder`, under the player's row lock, taken first as a checkout
 * does, so the two never deadlock):
 *  - only a player who may spend: not self-excluded (and the age rule), the held value within their
 *    spend limits (safer-play's guardSpending) and within their balance, every contest's holds counted;
 *  - at most PICK_LIMITS.holdMax numbers of a contest, at most PICK_LIMITS.holdShare of its unsold
 *    numbers, and within the contest's per-player cap together with the tickets already owned: all
 *    counted under that lock, so parallel requests cannot pass them together;
 *  - one number at most PICK_LIMITS.holdTotalMinutes without a break: a renewal keeps createdAt, and
 *    the same player gets a fresh start on that number only after as long free of them.
 * A hold belongs to the session that made it and ends with it (logout, closure: the foreign key's
 * cascade); a self-excluded player's holds stop counting (LIVE_HOLD in ./picking.ts).
 *
 * Lucky dips ignore holds (./picking.ts `luckyNumbers`): the cart's lucky dip draws among all unsold
 * numbers but the caller's own and takes the drawn ones over, held or not, so nobody can steer it.
 *
 * Race-safe: the (contestId, number) key allows one hold per number, and the insert takes over a row
 * only when the rules above allow (ON CONFLICT ... WHERE), atomically, in ascending number order (so
 * two requests never wait on each other's rows in a cycle). Each request also takes a share lock on
 * the contest row, so it waits for a purchase in flight (which holds the row's update lock) and then
 * sees its entries.
 */
import { Prisma } from "@/generated/prisma/client";
import { formatUsd } from "@/shared/money-format";
import { type HeldNumbers, PICK_LIMITS, PICK_MESSAGES } from "@/shared/ticket-picking";
import { getEnv } from "../../platform/env";
import type { Db, DbTx } from "../../platform/db";
import { conflict, notFound, tooManyRequests } from "../../platform/errors";
import { boundLockWaits, isLockTimeout } from "../../platform/lock-wait";
import { consumeOrThrow } from "../../security/rate-limit";
import { guardSpending } from "../safer-play";
import { checkRange, LIVE_HOLD, luckyNumbers, pickable, unavailableNumbers } from "./picking";

const holdRule = { limit: PICK_LIMITS.holdsPerMinute, windowMs: 60_000 };

/**
 * One hold request's transaction. Requests of one player queue on the player's row (and dips of one
 * contest on its hold rows): each lock wait is bounded well inside the transaction's timeout, and
 * one that runs out answers 429 "try again" instead of the 500 an expired transaction would.
 */
async function holdTransaction<T>(db: Db, work: (tx: DbTx) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(
      async (tx) => {
        await boundLockWaits(tx, 3_000);
        return work(tx);
      },
      { timeout: 15_000 },
    );
  } catch (e) {
    if (isLockTimeout(e)) throw tooManyRequests(PICK_MESSAGES.busy, 1);
    throw e;
  }
}

/** Who holds: the player and the session the holds belong to (they end with it). */
export type Holder = { userId: string; sessionId: string };

type PickContest = {
  id: string;
  title: string;
  pickNumbers: boolean;
  maxTickets: number | null;
  maxTicketsPerUser: number | null;
  soldTickets: number;
  status: string;
  endDate: Date | null;
};

/**
 * The player's row first (guardSpending locks it FOR UPDATE and refuses a self-excluded player),
 * then the contest, share-locked, as an active pick contest (404 / 409 otherwise).
 */
async function lockHolderAndContest(tx: DbTx, userId: string, contestId: string) {
  await guardSpending(tx, userId, null);
  const rows = await tx.$queryRaw<PickContest[]>`
    SELECT "id", "title", "pickNumbers", "maxTickets", "maxTicketsPerUser", "soldTickets", "status", "endDate"
    FROM "Contest" WHERE "id" = ${contestId} FOR SHARE`;
  const c = pickable(rows[0] ?? null);
  if (c.status !== "active" || (c.endDate && c.endDate <= new Date())) throw conflict(`${c.title} is closed`);
  return c;
}

const minutes = (n: number) => Prisma.sql`(${n}::int * interval '1 minute')`;

/**
 * Takes (or renews) the holds, in ascending order; returns the numbers not taken. A row is taken
 * over when it is the caller's own and its time without a break is not used up (a renewal keeps
 * createdAt; expiresAt never passes createdAt + holdTotalMinutes), or the caller's own that ended
 * holdTotalMinutes ago or more (a fresh start), or another player's that no longer counts (expired,
 * or its holder self-excluded).
 */
async function insertHolds(tx: DbTx, contestId: string, holder: Holder, numbers: readonly number[], expiresAt: Date) {
  const total = minutes(PICK_LIMITS.holdTotalMinutes);
  const mineRecent = Prisma.sql`(h."userId" = EXCLUDED."userId" AND h."expiresAt" > now() - ${total})`;
  const rows = await tx.$queryRaw<{ number: number }[]>`
    INSERT INTO "TicketHold" AS h ("contestId", "number", "userId", "sessionId", "expiresAt")
    SELECT ${contestId}, n, ${holder.userId}, ${holder.sessionId}, ${expiresAt}::timestamp(3)
    FROM unnest(${[...numbers].sort((a, b) => a - b)}::int[]) AS n ORDER BY n
    ON CONFLICT ("contestId", "number") DO UPDATE SET
      "userId" = EXCLUDED."userId",
      "sessionId" = EXCLUDED."sessionId",
      "createdAt" = CASE WHEN ${mineRecent} THEN h."createdAt" ELSE now() END,
      "expiresAt" = CASE WHEN ${mineRecent} THEN LEAST(EXCLUDED."expiresAt", h."createdAt" + ${total}) ELSE EXCLUDED."expiresAt" END
    WHERE CASE WHEN ${mineRecent} THEN h."createdAt" + ${total} > now()
               WHEN h."userId" = EXCLUDED."userId" THEN true
               ELSE NOT (${LIVE_HOLD}) END
    RETURNING "number"`;
  const got = new Set(rows.map((r) => r.number));
  return numbers.filter((n) => !got.has(n));
}

/**
 * The cart's lucky dip: holds `numbers` (drawn among the unsold ones, none of the caller's) for the
 * caller whoever held them, in ascending order. A dip never lands on a number the caller holds, so
 * their own time without a break is untouched.
 */
async function takeOverHolds(tx: DbTx, contestId: string, holder: Holder, numbers: readonly number[], expiresAt: Date) {
  await tx.$executeRaw`
    INSERT INTO "TicketHold" AS h ("contestId", "number", "userId", "sessionId", "expiresAt")
    SELECT ${contestId}, n, ${holder.userId}, ${holder.sessionId}, ${expiresAt}::timestamp(3)
    FROM unnest(${[...numbers].sort((a, b) => a - b)}::int[]) AS n ORDER BY n
    ON CONFLICT ("contestId", "number") DO UPDATE SET
      "userId" = EXCLUDED."userId", "sessionId" = EXCLUDED."sessionId", "createdAt" = now(), "expiresAt" = EXCLUDED."expiresAt"`;
}

/**
 * After the holds are written, under the player's row lock: the contest's hold count, share and
 * per-player cap, then the value of everything the player holds against their balance and (through
 * safer-play) their spend limits. Any refusal rolls the whole request back.
 */
async function checkHolder(tx: DbTx, userId: string, c: PickContest & { maxTickets: number }) {
  const [held] = await tx.$queryRaw<{ inContest: number; value: Prisma.Decimal | null }[]>`
    SELECT count(*) FILTER (WHERE h."contestId" = ${c.id})::int AS "inContest", SUM(k."ticketPrice") AS "value"
    FROM "TicketHold" h JOIN "Contest" k ON k."id" = h."contestId"
    WHERE h."userId" = ${userId} AND h."expiresAt" > now()`;
  const inContest = held?.inContest ?? 0;
  if (inContest > PICK_LIMITS.holdMax) throw conflict(PICK_MESSAGES.holdMax);
  // The numbers not sold, the ones just held included: sold ones never count (soldTickets is current under the share lock).
  const share = Math.max(1, Math.floor((c.maxTickets - c.soldTickets) * PICK_LIMITS.holdShare));
  if (inContest > share) throw conflict(PICK_MESSAGES.holdShare(share));
  if (c.maxTicketsPerUser !== null) {
    const owned = await tx.ticketEntry.aggregate({ where: { contestId: c.id, userId }, _sum: { ticketCount: true } });
    const have = owned._sum.ticketCount ?? 0;
    if (have + inContest > c.maxTicketsPerUser)
      throw conflict(PICK_MESSAGES.holdCap(c.title, c.maxTicketsPerUser, Math.max(0, c.maxTicketsPerUser - have)));
  }
  const value = held?.value ?? new Prisma.Decimal(0);
  const me = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { balance: true } });
  if (value.gt(me.balance)) throw conflict(PICK_MESSAGES.holdBalance(formatUsd(value), formatUsd(me.balance)));
  await guardSpending(tx, userId, value);
}

/** Every new hold's end (never past the longest time without a break); now and then (1 in 100) old rows are deleted too. */
function holdUntil(db: Db): Date {
  if (Math.random() < 0.01) void purgeExpiredHolds(db).catch(() => {});
  return new Date(Date.now() + Math.min(getEnv().TICKET_HOLD_MINUTES, PICK_LIMITS.holdTotalMinutes) * 60_000);
}

/** POST /api/cart/hold: all of `numbers` held for the caller, or none (409 naming those not free, or the rule refusing). */
export async function holdNumbers(db: Db, holder: Holder, contestId: string, numbers: number[]): Promise<HeldNumbers> {
  await consumeOrThrow(db, `pick-hold:${holder.userId}`, holdRule, PICK_MESSAGES.holdsRate);
  return holdTransaction(db, async (tx) => {
    const c = await lockHolderAndContest(tx, holder.userId, contestId);
    checkRange(c.maxTickets, numbers);
    const sorted = [...numbers].sort((a, b) => a - b);
    const gone = await unavailableNumbers(tx, contestId, holder.userId, sorted);
    if (gone.length) throw conflict(PICK_MESSAGES.taken(c.title, gone));
    const expiresAt = holdUntil(db);
    const lost = await insertHolds(tx, contestId, holder, sorted, expiresAt);
    if (lost.length) {
      const mine = await tx.ticketHold.findMany({
        where: { contestId, number: { in: lost }, userId: holder.userId },
        select: { number: true },
      });
      if (mine.length) throw conflict(PICK_MESSAGES.holdTooLong(mine.map((h) => h.number)));
      throw conflict(PICK_MESSAGES.taken(c.title, lost));
    }
    await checkHolder(tx, holder.userId, c);
    const rows = await tx.ticketHold.findMany({ where: { contestId, userId: holder.userId, number: { in: sorted } } });
    const until = new Date(Math.min(expiresAt.getTime(), ...rows.map((r) => r.expiresAt.getTime())));
    return { message: held(sorted.length), contestId, ticketNumbers: sorted, expiresAt: until };
  });
}

/** POST /api/cart/lucky-dip: the server draws `quantity` unsold numbers (holds ignored) and holds them for the caller. */
export async function luckyDip(db: Db, holder: Holder, contestId: string, quantity: number): Promise<HeldNumbers> {
  await consumeOrThrow(db, `pick-hold:${holder.userId}`, holdRule, PICK_MESSAGES.holdsRate);
  return holdTransaction(db, async (tx) => {
    const c = await lockHolderAndContest(tx, holder.userId, contestId);
    // Never a number the caller holds, or held until lately (its time without a break stays theirs).
    const mine = await tx.ticketHold.findMany({
      where: {
        contestId,
        userId: holder.userId,
        expiresAt: { gt: new Date(Date.now() - PICK_LIMITS.holdTotalMinutes * 60_000) },
      },
      select: { number: true },
    });
    const chosen = await luckyNumbers(
      tx,
      contestId,
      c.maxTickets,
      quantity,
      mine.map((h) => h.number),
    );
    if (chosen.length < quantity) throw conflict(PICK_MESSAGES.noneFree(c.title));
    chosen.sort((a, b) => a - b);
    const expiresAt = holdUntil(db);
    await takeOverHolds(tx, contestId, holder, chosen, expiresAt);
    await checkHolder(tx, holder.userId, c);
    return { message: held(chosen.length), contestId, ticketNumbers: chosen, expiresAt };
  });
}

/** POST /api/cart/release: the caller's holds on `numbers` end now (removed from the cart). */
export async function releaseNumbers(db: Db, userId: string, contestId: string, numbers: number[]): Promise<{ message: string }> {
  await consumeOrThrow(db, `pick-hold:${userId}`, holdRule, PICK_MESSAGES.holdsRate);
  const c = await db.contest.findUnique({ where: { id: contestId }, select: { id: true } });
  if (!c) throw notFound("Contest not found");
  // Ended now, kept as the player's: createdAt still bounds their time on these numbers (insertHolds).
  const count = await db.$executeRaw`
    UPDATE "TicketHold" SET "expiresAt" = LEAST("expiresAt", now())
    WHERE "contestId" = ${contestId} AND "userId" = ${userId} AND "number" = ANY(${numbers}::int[]) AND "expiresAt" > now()`;
  return { message: `${count} number${count === 1 ? "" : "s"} released` };
}

const held = (n: number) =>
  `${n} number${n === 1 ? "" : "s"} held for you for ${Math.min(getEnv().TICKET_HOLD_MINUTES, PICK_LIMITS.holdTotalMinutes)} minutes: check out to buy ${n === 1 ? "it" : "them"}`;

/**
 * Deletes holds that ended holdTotalMinutes ago or more: until then an ended row still remembers
 * since when its player held the number (insertHolds), and it counts for nobody anyway.
 */
export async function purgeExpiredHolds(db: DbTx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PICK_LIMITS.holdTotalMinutes * 60_000);
  const { count } = await db.ticketHold.deleteMany({ where: { expiresAt: { lte: before } } });
  return count;
}
