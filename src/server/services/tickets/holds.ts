/**
 * Holds (docs/contests.md "Pick your numbers"): numbers a player added to the cart stay theirs for
 * TICKET_HOLD_MINUTES, so nobody else can buy or hold them meanwhile; checkout buys them atomically
 * (services/tickets/allocation.ts) and releases the hold. An expired hold is simply ignored, and the
 * next hold of that number takes it over.
 *
 * Race-safe: the (contestId, number) key allows one hold per number, and the insert takes over a row
 * only when it is the caller's own or expired (ON CONFLICT ... WHERE), atomically. Each request
 * also takes a share lock on the contest row, so it waits for a purchase in flight (which holds the
 * row's update lock) and then sees its entries.
 */
import { getEnv } from "../../platform/env";
import type { Db, DbTx } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { consumeOrThrow } from "../../security/rate-limit";
import { type HeldNumbers, PICK_LIMITS, PICK_MESSAGES } from "@/shared/ticket-picking";
import { checkRange, luckyNumbers, pickable, unavailableNumbers } from "./picking";

const holdRule = { limit: PICK_LIMITS.holdsPerMinute, windowMs: 60_000 };

/** The contest, share-locked, as an active pick contest (404 / 409 otherwise). */
async function lockPickContest(tx: DbTx, contestId: string) {
  const rows = await tx.$queryRaw<
    { id: string; title: string; pickNumbers: boolean; maxTickets: number | null; status: string; endDate: Date | null }[]
  >`SELECT "id", "title", "pickNumbers", "maxTickets", "status", "endDate" FROM "Contest" WHERE "id" = ${contestId} FOR SHARE`;
  const c = pickable(rows[0] ?? null);
  if (c.status !== "active" || (c.endDate && c.endDate <= new Date())) throw conflict(`${c.title} is closed`);
  return c;
}

/** Takes (or renews) the holds; the numbers another player took first are returned, not held. */
async function insertHolds(tx: DbTx, contestId: string, userId: string, numbers: readonly number[], expiresAt: Date) {
  const rows = await tx.$queryRaw<{ number: number }[]>`
    INSERT INTO "TicketHold" AS h ("contestId", "number", "userId", "expiresAt")
    SELECT ${contestId}, n, ${userId}, ${expiresAt}::timestamp(3) FROM unnest(${[...numbers]}::int[]) AS n
    ON CONFLICT ("contestId", "number") DO UPDATE SET "userId" = EXCLUDED."userId", "expiresAt" = EXCLUDED."expiresAt",
      "createdAt" = now()
    WHERE h."userId" = EXCLUDED."userId" OR h."expiresAt" <= now()
    RETURNING "number"`;
  const got = new Set(rows.map((r) => r.number));
  return numbers.filter((n) => !got.has(n));
}

async function checkHoldCount(tx: DbTx, contestId: string, userId: string) {
  const count = await tx.ticketHold.count({ where: { contestId, userId, expiresAt: { gt: new Date() } } });
  if (count > PICK_LIMITS.holdMax) throw conflict(PICK_MESSAGES.holdMax);
}

/** Every new hold's end; now and then (1 in 100, like the rate-limit counters) old rows are deleted too. */
function holdUntil(db: Db): Date {
  if (Math.random() < 0.01) void purgeExpiredHolds(db).catch(() => {});
  return new Date(Date.now() + getEnv().TICKET_HOLD_MINUTES * 60_000);
}

/** POST /api/cart/hold: all of `numbers` held for the caller, or none (409 naming those not free). */
export async function holdNumbers(db: Db, userId: string, contestId: string, numbers: number[]): Promise<HeldNumbers> {
  await consumeOrThrow(db, `pick-hold:${userId}`, holdRule, PICK_MESSAGES.holdsRate);
  return db.$transaction(async (tx) => {
    const c = await lockPickContest(tx, contestId);
    checkRange(c.maxTickets, numbers);
    const sorted = [...numbers].sort((a, b) => a - b);
    const gone = await unavailableNumbers(tx, contestId, userId, sorted);
    const expiresAt = holdUntil(db);
    const lost = gone.length ? gone : await insertHolds(tx, contestId, userId, sorted, expiresAt);
    if (lost.length) throw conflict(PICK_MESSAGES.taken(c.title, lost));
    await checkHoldCount(tx, contestId, userId);
    return { message: held(sorted.length), contestId, ticketNumbers: sorted, expiresAt };
  });
}

/** POST /api/cart/lucky-dip: the server chooses `quantity` free numbers and holds them for the caller. */
export async function luckyDip(db: Db, userId: string, contestId: string, quantity: number): Promise<HeldNumbers> {
  await consumeOrThrow(db, `pick-hold:${userId}`, holdRule, PICK_MESSAGES.holdsRate);
  return db.$transaction(async (tx) => {
    const c = await lockPickContest(tx, contestId);
    const mine = await tx.ticketHold.findMany({
      where: { contestId, userId, expiresAt: { gt: new Date() } },
      select: { number: true },
    });
    const expiresAt = holdUntil(db);
    const chosen: number[] = [];
    // A number another player holds at the same moment is skipped; a few rounds fill the gap.
    for (let round = 0; round < 3 && chosen.length < quantity; round++) {
      const exclude = [...mine.map((h) => h.number), ...chosen];
      const picks = await luckyNumbers(tx, contestId, userId, c.maxTickets, quantity - chosen.length, exclude);
      if (picks.length === 0) break;
      const lost = new Set(await insertHolds(tx, contestId, userId, picks, expiresAt));
      chosen.push(...picks.filter((n) => !lost.has(n)));
    }
    if (chosen.length < quantity) throw conflict(PICK_MESSAGES.noneFree(c.title));
    await checkHoldCount(tx, contestId, userId);
    chosen.sort((a, b) => a - b);
    return { message: held(chosen.length), contestId, ticketNumbers: chosen, expiresAt };
  });
}

/** POST /api/cart/release: the caller's holds on `numbers` end now (removed from the cart). */
export async function releaseNumbers(db: Db, userId: string, contestId: string, numbers: number[]): Promise<{ message: string }> {
  await consumeOrThrow(db, `pick-hold:${userId}`, holdRule, PICK_MESSAGES.holdsRate);
  const c = await db.contest.findUnique({ where: { id: contestId }, select: { id: true } });
  if (!c) throw notFound("Contest not found");
  const { count } = await db.ticketHold.deleteMany({ where: { contestId, userId, number: { in: numbers } } });
  return { message: `${count} number${count === 1 ? "" : "s"} released` };
}

const held = (n: number) =>
  `${n} number${n === 1 ? "" : "s"} held for you for ${getEnv().TICKET_HOLD_MINUTES} minutes: check out to buy ${n === 1 ? "it" : "them"}`;

/** Deletes expired holds (they are ignored anyway; this keeps the table small). */
export async function purgeExpiredHolds(db: DbTx, now = new Date()): Promise<number> {
  const { count } = await db.ticketHold.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
