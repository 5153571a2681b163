/**
 * Rate limits that hold across app instances: fixed-window counters in the `RateLimit` table.
 *
 * Every hit is ONE atomic statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), so two
 * instances (or two requests in one) can never both read "9" and both write "10". A counter lives
 * until `expiresAt`; the first hit after that starts a new window. When `blockMs` is given, the hit
 * that reaches the limit moves `expiresAt` to now + blockMs ("locked for 15 minutes from the 5th
 * wrong answer"), whatever was left of the window.
 *
 * Typical use:
 *   await assertNotLimited(db, key, rule)        // refuse while blocked (does not count)
 *   ... attempt ...
 *   on failure: await hit(db, key, rule)          // count a failure
 *   on success: await resetLimit(db, key)         // or not, depending on the rule
 * or, for "N per window regardless of outcome": await consumeOrThrow(db, key, rule, message).
 */
import type { DbTx } from "../platform/db";
import { tooManyRequests } from "../platform/errors";

export type RateRule = {
  /** Attempts allowed in one window; the (limit+1)th is refused. */
  limit: number;
  windowMs: number;
  /** When the limit is reached, stay blocked this long from that moment (default: until the window ends). */
  blockMs?: number;
};

export type RateState = {
  /** Points counted in the current window (after this hit, for `hit`). */
  points: number;
  expiresAt: Date;
  /** True while points >= limit and the window (or block) has not expired. */
  limited: boolean;
  /** Whole seconds until the counter expires (at least 1). */
  retryAfterSeconds: number;
};

function stateOf(points: number, expiresAt: Date, rule: RateRule, now: Date): RateState {
  const ms = expiresAt.getTime() - now.getTime();
  return {
    points,
    expiresAt,
    limited: points >= rule.limit && ms > 0,
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  };
}

/** Adds `cost` points to `key` atomically and returns the new state of its window. */
export async function hit(db: DbTx, key: string, rule: RateRule, opts: { cost?: number; now?: Date } = {}): Promise<RateState> {
  const now = opts.now ?? new Date();
  const cost = opts.cost ?? 1;
  const windowEnd = new Date(now.getTime() + rule.windowMs);
  const blockUntil = rule.blockMs ? new Date(now.getTime() + rule.blockMs) : null;
  const firstExpires = blockUntil && cost >= rule.limit ? blockUntil : windowEnd;
  const rows = await db.$queryRaw<{ points: number; expiresAt: Date }[]>`
    INSERT INTO "RateLimit" AS r ("key", "points", "expiresAt")
    VALUES (${key}, ${cost}, ${firstExpires}::timestamp(3))
    ON CONFLICT ("key") DO UPDATE SET
      "points" = CASE WHEN r."expiresAt" <= ${now}::timestamp(3) THEN ${cost} ELSE r."points" + ${cost} END,
      "expiresAt" = CASE
        WHEN r."expiresAt" <= ${now}::timestamp(3) THEN ${firstExpires}::timestamp(3)
        WHEN r."points" < ${rule.limit} AND r."points" + ${cost} >= ${rule.limit} THEN COALESCE(${blockUntil}::timestamp(3), r."expiresAt")
        ELSE r."expiresAt"
      END
    RETURNING "points", "expiresAt"`;
  const row = rows[0];
  if (!row) throw new Error("rate limit upsert returned no row");
  // Now and then sweep dead counters (only on the root client: never on a transaction that may end first).
  if ("$transaction" in db && Math.random() < 0.01) void purgeExpiredRateLimits(db, now).catch(() => {});
  return stateOf(Number(row.points), new Date(row.expiresAt), rule, now);
}

/** The current state of `key` without counting (null when there is no live window). */
export async function peek(db: DbTx, key: string, rule: RateRule, now = new Date()): Promise<RateState | null> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return stateOf(row.points, row.expiresAt, rule, now);
}

/** Forgets `key` (e.g. after a successful login). */
export async function resetLimit(db: DbTx, key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}

/** Gives back points (e.g. a successful login does not count against its IP); never below 0. */
export async function refund(db: DbTx, key: string, cost = 1): Promise<void> {
  await db.rateLimit.updateMany({ where: { key, points: { gte: cost } }, data: { points: { decrement: cost } } });
}

/** "in 14 minutes" / "in 30 seconds" / "in 24 hours": when a refused caller may try again. */
export function retryText(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) return `in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (minutes > 120) return `in ${Math.ceil(minutes / 60)} hours`;
  return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Throws 429 (with retryAfterSeconds) while `key` is at its limit; counts nothing. */
export async function assertNotLimited(
  db: DbTx,
  key: string,
  rule: RateRule,
  message: (retry: string) => string,
  now = new Date(),
): Promise<void> {
  const state = await peek(db, key, rule, now);
  if (state?.limited) throw tooManyRequests(message(retryText(state.retryAfterSeconds)), state.retryAfterSeconds);
}

/** Counts one attempt and throws 429 when it goes over the limit ("N per window, whatever the outcome"). */
export async function consumeOrThrow(
  db: DbTx,
  key: string,
  rule: RateRule,
  message: (retry: string) => string,
  opts: { cost?: number; now?: Date } = {},
): Promise<RateState> {
  const state = await hit(db, key, rule, opts);
  if (state.points > rule.limit) throw tooManyRequests(message(retryText(state.retryAfterSeconds)), state.retryAfterSeconds);
  return state;
}

/** Deletes expired counters (called now and then by `hit`; safe to call from a job). */
export async function purgeExpiredRateLimits(db: DbTx, now = new Date()): Promise<number> {
  const { count } = await db.rateLimit.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
