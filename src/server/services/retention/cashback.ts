/**
 * Cashback (docs/retention.md "Cashback"): after each ISO week (UTC) ends, CASHBACK_PERCENT of every
 * player's net cash spend in it (cash paid for tickets and paid spins, less cash refunded) is paid as
 * spend-only credit expiring after CASHBACK_EXPIRY_DAYS (ledger `cashback_credit`). One `Cashback`
 * row per (player, week), unique, written in the transaction that pays: two instances, a retry or a
 * restart mid-run never pay twice, and a run that stopped half-way pays the rest next time. A player
 * whom safer-play's `incentiveBlock` stops gets a `suppressed` row and no credit.
 */
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import type { CashbackStatus } from "@/shared/retention";
import type { cashbackOverviewOutput } from "@/shared/schemas/retention-responses";
import type { z } from "zod";
import type { Db } from "../../platform/db";
import { getEnv } from "../../platform/env";
import { logger } from "../../platform/logger";
import { applyBalanceChange, notify } from "../kernel";
import { incentiveBlock } from "../safer-play";

const DAY_MS = 86_400_000;

export type CashbackOverview = z.output<typeof cashbackOverviewOutput>;

/** The ISO week (UTC) `at` falls in: its name ("2026-W48"), first instant (Monday 00:00) and end. */
export function isoWeek(at: Date): { period: string; start: Date; end: Date } {
  const day = (at.getUTCDay() + 6) % 7; // Monday = 0
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - day));
  const end = new Date(start.getTime() + 7 * DAY_MS);
  // The ISO year is the year of the week's Thursday.
  const thursday = new Date(start.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { period: `${year}-W${String(week).padStart(2, "0")}`, start, end };
}

/** The last ISO week that ended before `now`. */
export function lastEndedWeek(now: Date): { period: string; start: Date; end: Date } {
  return isoWeek(new Date(isoWeek(now).start.getTime() - DAY_MS));
}

/**
 * Pays one week's cashback to every player who spent cash in it and has no row for it yet; each player
 * in a transaction of their own that claims the (player, week) row first. `afterEach` is told of each
 * player done (progress for the caller; a throw from it stops the run as a crash would).
 * Returns how many rows this run wrote.
 */
export async function runCashback(
  db: Db,
  opts: {
    now?: Date;
    period?: { period: string; start: Date; end: Date };
    batch?: number;
    afterEach?: (userId: string) => void;
  } = {},
): Promise<number> {
  const env = getEnv();
  const now = opts.now ?? new Date();
  const week = opts.period ?? lastEndedWeek(now);
  if (week.end > now) throw new Error(`cashback: ${week.period} has not ended`);
  const percent = new Prisma.Decimal(env.CASHBACK_PERCENT);
  const minimum = new Prisma.Decimal(env.CASHBACK_MIN_USD);
  let written = 0;
  for (;;) {
    const due = await db.$queryRaw<{ userId: string; spend: Prisma.Decimal }[]>`
      SELECT l."userId", -SUM(l."cashAmount") AS spend FROM "LedgerEntry" l
      WHERE l."kind" IN ('purchase', 'wheel_spin', 'refund') AND l."createdAt" >= ${week.start} AND l."createdAt" < ${week.end}
        AND NOT EXISTS (SELECT 1 FROM "Cashback" c WHERE c."userId" = l."userId" AND c."period" = ${week.period})
      GROUP BY l."userId" HAVING -SUM(l."cashAmount") > 0
      ORDER BY l."userId" LIMIT ${opts.batch ?? 200}`;
    if (due.length === 0) break;
    // A player another instance is paying makes the INSERT below wait for its commit, then write nothing;
    // the next query no longer sees them, so the loop ends.
    for (const row of due) {
      const spend = new Prisma.Decimal(row.spend);
      const done = await db.$transaction(async (tx) => {
        const id = randomUUID();
        const block = await incentiveBlock(tx, row.userId, now);
        const credit = spend.mul(percent).div(100).toDecimalPlaces(2, Prisma.Decimal.ROUND_DOWN);
        const status: CashbackStatus = block ? "suppressed" : credit.lt(minimum) || credit.lte(0) ? "below_minimum" : "credited";
        const expiresAt = status === "credited" ? new Date(now.getTime() + env.CASHBACK_EXPIRY_DAYS * DAY_MS) : null;
        // The claim: a second instance (or a rerun) finds the row and writes nothing.
        const claimed = await tx.$executeRaw`
          INSERT INTO "Cashback" ("id", "userId", "period", "periodStart", "spend", "amount", "status", "reason", "expiresAt")
          VALUES (${id}, ${row.userId}, ${week.period}, ${week.start}, ${spend}::numeric,
                  ${status === "credited" ? credit : new Prisma.Decimal(0)}::numeric, ${status}, ${block}, ${expiresAt})
          ON CONFLICT ("userId", "period") DO NOTHING`;
        if (claimed !== 1) return false;
        if (status === "credited" && expiresAt) {
          await applyBalanceChange(tx, {
            userId: row.userId,
            amount: credit,
            kind: "cashback_credit",
            reference: id,
            note: `Cashback ${week.period}`,
            creditExpiresAt: expiresAt,
          });
          await notify(tx, row.userId, {
            type: "success",
            title: "Cashback Added",
            message: `$${moneyString(credit)} of site credit: ${env.CASHBACK_PERCENT}% of what you spent last week. Spend it on tickets before ${expiresAt.toISOString().slice(0, 10)}. Site credit cannot be withdrawn.`,
          });
        }
        return true;
      });
      if (done) written++;
      opts.afterEach?.(row.userId);
    }
  }
  if (written) logger.info({ period: week.period, written }, "cashback paid");
  return written;
}

/**
 * Tells each player whose cashback credit expires within CASHBACK_REMINDER_DAYS and is not all spent,
 * once per cashback (a conditional UPDATE of `remindedAt`); never a player whom `incentiveBlock` stops
 * (they are asked again next run, and told if they are no longer stopped). Returns how many were told.
 */
export async function remindCashbackExpiry(db: Db, now = new Date(), batch = 200): Promise<number> {
  const days = getEnv().CASHBACK_REMINDER_DAYS;
  if (days === 0) return 0;
  const horizon = new Date(now.getTime() + days * DAY_MS);
  const due = await db.$queryRaw<{ id: string; userId: string; remaining: Prisma.Decimal; expiresAt: Date }[]>`
    SELECT c."id", c."userId", lot."remaining", lot."expiresAt" FROM "Cashback" c
    JOIN "LedgerEntry" l ON l."kind" = 'cashback_credit' AND l."reference" = c."id"
    JOIN "CreditLot" lot ON lot."ledgerEntryId" = l."id"
    WHERE c."status" = 'credited' AND c."remindedAt" IS NULL AND c."expiresAt" > ${now} AND c."expiresAt" <= ${horizon}
      AND lot."remaining" > 0
    ORDER BY c."expiresAt" LIMIT ${batch}`;
  let told = 0;
  for (const c of due) {
    const sent = await db.$transaction(async (tx) => {
      if (await incentiveBlock(tx, c.userId, now)) return false;
      const marked = await tx.cashback.updateMany({ where: { id: c.id, remindedAt: null }, data: { remindedAt: now } });
      if (marked.count !== 1) return false;
      await notify(tx, c.userId, {
        type: "warning",
        title: "Cashback Expiring Soon",
        message: `$${moneyString(c.remaining)} of your cashback credit expires on ${c.expiresAt.toISOString().slice(0, 10)}. Spend it on tickets before then.`,
      });
      return true;
    });
    if (sent) told++;
  }
  return told;
}

/** GET /api/user/cashback: the settings and the player's weeks, newest first (the last 52). */
export async function cashbackOverview(db: Db, userId: string): Promise<CashbackOverview> {
  const env = getEnv();
  const rows = await db.$queryRaw<
    {
      period: string;
      periodStart: Date;
      spend: Prisma.Decimal;
      amount: Prisma.Decimal;
      status: string;
      reason: string | null;
      expiresAt: Date | null;
      remaining: Prisma.Decimal | null;
    }[]
  >`
    SELECT c."period", c."periodStart", c."spend", c."amount", c."status", c."reason", c."expiresAt", lot."remaining"
    FROM "Cashback" c
    LEFT JOIN "LedgerEntry" l ON l."kind" = 'cashback_credit' AND l."reference" = c."id"
    LEFT JOIN "CreditLot" lot ON lot."ledgerEntryId" = l."id"
    WHERE c."userId" = ${userId}
    ORDER BY c."periodStart" DESC LIMIT 52`;
  return {
    percent: env.CASHBACK_PERCENT,
    minimum: moneyString(env.CASHBACK_MIN_USD),
    expiryDays: env.CASHBACK_EXPIRY_DAYS,
    periods: rows.map((r) => ({
      period: r.period,
      periodStart: r.periodStart,
      spend: moneyString(r.spend),
      credit: moneyString(r.amount),
      status: r.status as CashbackStatus,
      reason: r.reason,
      expiresAt: r.expiresAt,
      remaining: moneyString(r.remaining ?? 0),
    })),
  };
}
