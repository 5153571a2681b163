/**
 * Spend limits and self-exclusion (docs/fair-play.md), enforced on the server inside the same
 * transaction as the spending: guardSpending locks the player's row (FOR UPDATE) before it reads
 * what was spent, so two purchases at once cannot both slip under a limit.
 */
import type { z } from "zod";
import type { limitsOutput } from "@/shared/schemas/responses";
import { Prisma } from "@/generated/prisma/client";
import {
  ageOn,
  LIMIT_RAISE_DELAY_HOURS,
  LIMIT_WINDOW_HOURS,
  type LimitsInput,
  SELF_EXCLUSION_PERIODS,
  type SelfExclusionPeriod,
  UNDER_AGE_LOCK_HOURS,
} from "@/shared/responsible-play";
import {
  AGE_MESSAGES,
  LIMIT_PERIODS,
  type LimitPeriod,
  RESPONSIBLE_MESSAGES,
  MINIMUM_AGE,
} from "@/shared/responsible-play-messages";
import type { Db, DbTx } from "../../platform/db";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { assertNotLimited, hit } from "../../security/rate-limit";
import { fairPlaySettings } from "../kernel";
import { moneyString } from "@/shared/money";
import { mailLimitsChanged, mailSelfExclusion } from "../../mail/events";

const COLUMN = { daily: "dailyLimit", weekly: "weeklyLimit", monthly: "monthlyLimit" } as const;
type Pending = Partial<Record<LimitPeriod, string | null>>;
export type LimitRow = {
  dailyLimit: Prisma.Decimal | null;
  weeklyLimit: Prisma.Decimal | null;
  monthlyLimit: Prisma.Decimal | null;
  pendingLimits: unknown;
  pendingLimitsAt: Date | null;
  selfExcludedUntil: Date | null;
  selfExclusionEndsAt: Date | null;
  dateOfBirth: Date | null;
  limitChoice: string | null;
};

/**
 * A self-exclusion lasts past its chosen period until the player asks to end it, and ends
 * SELF_EXCLUSION_COOLING_OFF_HOURS after the request (src/server/services/safer-play/choices.ts). `until`:
 * when it ends if asked, else the end of the chosen period while it runs, else null (until asked).
 */
export function exclusionOf(
  row: Pick<LimitRow, "selfExcludedUntil" | "selfExclusionEndsAt">,
  now: Date,
): { excluded: boolean; until: Date | null } {
  if (!row.selfExcludedUntil) return { excluded: false, until: null };
  if (row.selfExclusionEndsAt) return { excluded: row.selfExclusionEndsAt > now, until: row.selfExclusionEndsAt };
  return { excluded: true, until: row.selfExcludedUntil > now ? row.selfExcludedUntil : null };
}

/**
 * exclusionOf's rule in SQL, for queries that must stop counting what an excluded player holds
 * (the number holds of src/server/services/tickets/holds.ts): true while the player whose id is
 * `userId` (a column or a value) is self-excluded.
 */
export function selfExcludedSql(userId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM "User" x WHERE x."id" = ${userId} AND x."selfExcludedUntil" IS NOT NULL
    AND (x."selfExclusionEndsAt" IS NULL OR x."selfExclusionEndsAt" > now()))`;
}

function pendingOf(value: unknown): Pending {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: Pending = {};
  for (const p of LIMIT_PERIODS) {
    const v = (value as Record<string, unknown>)[p];
    if (v === null || typeof v === "string") out[p] = v;
  }
  return out;
}

/** Applies raised/removed limits whose 24 h wait is over (inside the caller's transaction). */
async function applyDuePending(tx: DbTx, userId: string, row: LimitRow, now: Date): Promise<LimitRow> {
  if (!row.pendingLimitsAt || row.pendingLimitsAt > now) return row;
  const pending = pendingOf(row.pendingLimits);
  const data: Record<string, Prisma.Decimal | null | typeof Prisma.DbNull> = { pendingLimits: Prisma.DbNull };
  for (const p of LIMIT_PERIODS)
    if (p in pending) data[COLUMN[p]] = pending[p] == null ? null : new Prisma.Decimal(pending[p] as string);
  const updated = await tx.user.update({ where: { id: userId }, data: { ...data, pendingLimitsAt: null } });
  return updated;
}

/** The columns guarding spending read (LimitRow); the checkout's buyer (src/server/services/checkout/buyer.ts) reads them too. */
export const LIMIT_ROW_COLUMNS = Prisma.sql`"User"."dailyLimit", "User"."weeklyLimit", "User"."monthlyLimit", "User"."pendingLimits",
  "User"."pendingLimitsAt", "User"."selfExcludedUntil", "User"."selfExclusionEndsAt", "User"."dateOfBirth", "User"."limitChoice"`;

async function lockUser(tx: DbTx, userId: string): Promise<LimitRow> {
  const rows = await tx.$queryRaw<LimitRow[]>`SELECT ${LIMIT_ROW_COLUMNS} FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
  if (!rows[0]) throw notFound("User not found");
  return rows[0];
}

/** What the player spent (ticket purchases + paid spins, net of nothing) in each rolling window. */
async function spentInWindows(tx: DbTx, userId: string, now: Date): Promise<Record<LimitPeriod, Prisma.Decimal>> {
  const since = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const rows = await tx.$queryRaw<
    { daily: Prisma.Decimal | null; weekly: Prisma.Decimal | null; monthly: Prisma.Decimal | null }[]
  >`
    SELECT
      -SUM("amount") FILTER (WHERE "createdAt" > ${since(LIMIT_WINDOW_HOURS.daily)}) AS "daily",
      -SUM("amount") FILTER (WHERE "createdAt" > ${since(LIMIT_WINDOW_HOURS.weekly)}) AS "weekly",
      -SUM("amount") AS "monthly"
    FROM "LedgerEntry"
    WHERE "userId" = ${userId} AND "kind" IN ('purchase', 'wheel_spin') AND "amount" < 0
      AND "createdAt" > ${since(LIMIT_WINDOW_HOURS.monthly)}`;
  const r = rows[0];
  const d = (v: Prisma.Decimal | null | undefined) => new Prisma.Decimal(v ?? 0);
  return { daily: d(r?.daily), weekly: d(r?.weekly), monthly: d(r?.monthly) };
}

/**
 * Call inside the spending transaction, before the debit. Refuses (403) a self-excluded player,
 * one without a declared date of birth when REQUIRE_AGE_DECLARATION=true, and, when `amount` is
 * given, a spend beyond any limit (naming the limit and what is left).
 */
export async function guardSpending(tx: DbTx, userId: string, amount: Prisma.Decimal | null): Promise<void> {
  await checkSpending(tx, userId, await lockUser(tx, userId), amount);
}

/**
 * guardSpending's rules for a player whose row the caller has already locked (FOR UPDATE, with
 * LIMIT_ROW_COLUMNS) in this transaction: a checkout reads the row together with what its
 * receipt needs, in one statement.
 */
export async function checkSpending(tx: DbTx, userId: string, locked: LimitRow, amount: Prisma.Decimal | null): Promise<void> {
  const now = new Date();
  let row = locked;
  const exclusion = exclusionOf(row, now);
  if (exclusion.excluded) throw forbidden(RESPONSIBLE_MESSAGES.selfExcluded(exclusion.until));
  if (fairPlaySettings().requireAgeDeclaration && !row.dateOfBirth) throw forbidden(RESPONSIBLE_MESSAGES.ageRequired);
  if (!amount || amount.lte(0)) return;
  row = await applyDuePending(tx, userId, row, now);
  if (!row.dailyLimit && !row.weeklyLimit && !row.monthlyLimit) return;
  const spent = await spentInWindows(tx, userId, now);
  for (const p of LIMIT_PERIODS) {
    const limit = row[COLUMN[p]];
    if (limit && spent[p].add(amount).gt(limit)) {
      const left = Prisma.Decimal.max(0, limit.sub(spent[p]));
      throw forbidden(RESPONSIBLE_MESSAGES.overLimit(p, moneyString(limit), moneyString(left)));
    }
  }
}

/** The player's limits as GET /api/user/limits answers them; a change answers its message too. */
export type LimitsView = z.output<typeof limitsOutput> & { message?: string };

async function view(tx: DbTx, userId: string, row: LimitRow, now: Date): Promise<LimitsView> {
  const spent = await spentInWindows(tx, userId, now);
  const exclusion = exclusionOf(row, now);
  const pending = pendingOf(row.pendingLimits);
  const s = (v: Prisma.Decimal | null) => (v ? moneyString(v) : null);
  return {
    limits: { daily: s(row.dailyLimit), weekly: s(row.weeklyLimit), monthly: s(row.monthlyLimit) },
    pending: Object.keys(pending).length ? pending : null,
    pendingFrom: Object.keys(pending).length ? row.pendingLimitsAt : null,
    spent: { daily: moneyString(spent.daily), weekly: moneyString(spent.weekly), monthly: moneyString(spent.monthly) },
    selfExcludedUntil: exclusion.excluded ? exclusion.until : null,
    selfExcluded: exclusion.excluded,
    selfExclusionEndRequested: exclusion.excluded && row.selfExclusionEndsAt !== null,
    limitChoice: row.limitChoice === "set" || row.limitChoice === "declined" ? row.limitChoice : null,
    ageDeclared: row.dateOfBirth !== null,
    ageDeclarationRequired: fairPlaySettings().requireAgeDeclaration,
  };
}

export function getLimits(db: Db, userId: string): Promise<LimitsView> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const row = await applyDuePending(tx, userId, await lockUser(tx, userId), now);
    return view(tx, userId, row, now);
  });
}

/** Lower (or new) limits apply at once; higher or removed ones after LIMIT_RAISE_DELAY_HOURS. */
export function setLimits(db: Db, userId: string, input: LimitsInput): Promise<LimitsView> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const row = await applyDuePending(tx, userId, await lockUser(tx, userId), now);
    const pending = pendingOf(row.pendingLimits);
    const data: Record<string, Prisma.Decimal | null> = {};
    let delayed = false;
    for (const p of LIMIT_PERIODS) {
      const wanted = input[p];
      if (wanted === undefined) continue;
      const current = row[COLUMN[p]];
      const next = wanted === null ? null : new Prisma.Decimal(wanted);
      if (next && (!current || next.lte(current))) {
        data[COLUMN[p]] = next; // stricter: at once, and it cancels a waiting raise of the same limit
        delete pending[p];
      } else if ((next === null && current === null) || (next && current && next.eq(current))) {
        delete pending[p];
      } else {
        pending[p] = wanted;
        delayed = true;
      }
    }
    const hasPending = Object.keys(pending).length > 0;
    const pendingFrom = delayed
      ? new Date(now.getTime() + LIMIT_RAISE_DELAY_HOURS * 3_600_000)
      : hasPending
        ? row.pendingLimitsAt
        : null;
    const updated = await tx.user.update({
      where: { id: userId },
      data: {
        ...data,
        pendingLimits: hasPending ? pending : Prisma.DbNull,
        pendingLimitsAt: pendingFrom,
        ...(Object.keys(data).length || hasPending ? { limitChoice: "set", limitChoiceAt: now } : {}), // answers the prompt
      },
    });
    const out = await view(tx, userId, updated, now);
    out.message = delayed ? RESPONSIBLE_MESSAGES.limitsDelayed(pendingFrom!) : "Your limits apply now";
    await mailLimitsChanged(tx, userId, out);
    return out;
  });
}

/** Starts or extends a self-exclusion; it can never be shortened. */
export async function selfExclude(
  db: Db,
  userId: string,
  period: SelfExclusionPeriod,
): Promise<{ message: string; selfExcludedUntil: Date }> {
  return db.$transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    const until = new Date();
    until.setUTCMonth(until.getUTCMonth() + SELF_EXCLUSION_PERIODS[period]);
    const kept = row.selfExcludedUntil && row.selfExcludedUntil > until ? row.selfExcludedUntil : until;
    // A new exclusion also withdraws any request to end the current one.
    await tx.user.update({ where: { id: userId }, data: { selfExcludedUntil: kept, selfExclusionEndsAt: null } });
    await mailSelfExclusion(tx, userId, kept);
    return {
      message: `${RESPONSIBLE_MESSAGES.selfExcluded(kept)}. You can still sign in, read your history and withdraw.`,
      selfExcludedUntil: kept,
    };
  });
}

/**
 * Records the player's date of birth; it cannot be changed afterwards. An under-18 date is refused
 * and remembered: that account may not declare again for UNDER_AGE_LOCK_HOURS (no trying a later
 * year at once). The counter is written outside the declaration's transaction, so it stays.
 */
export async function declareAge(db: Db, userId: string, dateOfBirth: string, now = new Date()): Promise<LimitsView> {
  const key = `age-under:${userId}`;
  const lockMs = UNDER_AGE_LOCK_HOURS * 3600_000;
  const rule = { limit: 1, windowMs: lockMs };
  await assertNotLimited(
    db,
    key,
    rule,
    (retry) => `${AGE_MESSAGES.underAge}. You may declare your date of birth again ${retry}.`,
    now,
  );
  if (ageOn(new Date(`${dateOfBirth}T00:00:00Z`), now) < MINIMUM_AGE) {
    await hit(db, key, rule, { now });
    throw badRequest(AGE_MESSAGES.underAge);
  }
  return db.$transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    if (row.dateOfBirth) throw conflict("Your date of birth is already on file; contact support to correct it");
    const updated = await tx.user.update({ where: { id: userId }, data: { dateOfBirth: new Date(`${dateOfBirth}T00:00:00Z`) } });
    const out = await view(tx, userId, updated, new Date());
    out.message = "Thank you: your date of birth is on file";
    return out;
  });
}

/** The earliest spend still inside each rolling window: when it drops out, room comes back. */
async function oldestSpendInWindows(tx: DbTx, userId: string, now: Date): Promise<Record<LimitPeriod, Date | null>> {
  const since = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const rows = await tx.$queryRaw<{ daily: Date | null; weekly: Date | null; monthly: Date | null }[]>`
    SELECT
      MIN("createdAt") FILTER (WHERE "createdAt" > ${since(LIMIT_WINDOW_HOURS.daily)}) AS "daily",
      MIN("createdAt") FILTER (WHERE "createdAt" > ${since(LIMIT_WINDOW_HOURS.weekly)}) AS "weekly",
      MIN("createdAt") AS "monthly"
    FROM "LedgerEntry"
    WHERE "userId" = ${userId} AND "kind" IN ('purchase', 'wheel_spin') AND "amount" < 0
      AND "createdAt" > ${since(LIMIT_WINDOW_HOURS.monthly)}`;
  const r = rows[0];
  return { daily: r?.daily ?? null, weekly: r?.weekly ?? null, monthly: r?.monthly ?? null };
}

/**
 * What this player may do now, the one answer every call to action reads (docs/fair-play.md
 * "Restricted players"): the same rules guardSpending enforces, asked before the click rather than
 * refused after it. The server still refuses on its own; this only lets the screens say why.
 */
export function getStanding(db: Db, userId: string): Promise<PlayerStanding> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const row = await applyDuePending(tx, userId, await lockUser(tx, userId), now);
    // The screens ask for a spend limit (or a "no") before the next purchase until it is answered.
    return { ...(await restrictionOf(tx, userId, row, now)), askLimitChoice: row.limitChoice === null };
  });
}

async function restrictionOf(
  tx: DbTx,
  userId: string,
  row: LimitRow,
  now: Date,
): Promise<Omit<PlayerStanding, "askLimitChoice">> {
  const exclusion = exclusionOf(row, now);
  if (exclusion.excluded) {
    return standing({
      reason: "self_excluded",
      until: exclusion.until,
      message: RESPONSIBLE_MESSAGES.selfExcluded(exclusion.until),
    });
  }
  if (fairPlaySettings().requireAgeDeclaration && !row.dateOfBirth) {
    return standing({ reason: "age_required", until: null, message: RESPONSIBLE_MESSAGES.ageRequired });
  }
  if (!row.dailyLimit && !row.weeklyLimit && !row.monthlyLimit) return standing(null);
  const spent = await spentInWindows(tx, userId, now);
  for (const p of LIMIT_PERIODS) {
    const limit = row[COLUMN[p]];
    if (limit && spent[p].gte(limit)) {
      const oldest = (await oldestSpendInWindows(tx, userId, now))[p];
      const until = oldest ? new Date(oldest.getTime() + LIMIT_WINDOW_HOURS[p] * 3_600_000) : null;
      return standing({
        reason: "limit_reached",
        period: p,
        limit: moneyString(limit),
        until,
        message: RESPONSIBLE_MESSAGES.limitReached(p, moneyString(limit), until),
      });
    }
  }
  return standing(null);
}

export type Restriction = {
  reason: "self_excluded" | "age_required" | "limit_reached";
  /** When it ends (self-exclusion), or when the oldest spend leaves the limit's window; null: when the player acts. */
  until: Date | null;
  period?: LimitPeriod;
  limit?: string;
  /** The server's sentence (instants in UTC); screens compose their own with the player's zone. */
  message: string;
};

export type PlayerStanding = {
  /** Top-ups, free and paid spins, free entries: refused while self-excluded or undeclared. */
  mayTopUp: boolean;
  maySpinFree: boolean;
  /** Tickets and paid spins: also refused once a spend limit is used up. */
  mayBuy: boolean;
  restriction: Restriction | null;
  /** The spend-limit prompt is unanswered: the screens ask before the next purchase or top-up. */
  askLimitChoice: boolean;
};

function standing(restriction: Restriction | null): Omit<PlayerStanding, "askLimitChoice"> {
  const blocksAll = restriction !== null && restriction.reason !== "limit_reached";
  return { mayTopUp: !blocksAll, maySpinFree: !blocksAll, mayBuy: restriction === null, restriction };
}

/** Why a player gets no incentive nor marketing now (docs/fair-play.md "No incentives to players who asked to stop"). */
export type IncentiveBlock = "closed" | "self_excluded" | "limit_reached";

/**
 * The one rule every incentive and every marketing message reads (referral and cashback credit,
 * auto-entry purchases, marketing e-mail and push): nothing for a closed or gone account, a
 * self-excluded player (until the cooling-off is over) or one whose spend limit is used up. Reads
 * without locking: a caller that moves money still goes through guardSpending in its own transaction.
 */
export async function incentiveBlock(tx: DbTx, userId: string, now = new Date()): Promise<IncentiveBlock | null> {
  const rows = await tx.$queryRaw<(LimitRow & { closedAt: Date | null })[]>`
    SELECT ${LIMIT_ROW_COLUMNS}, "User"."closedAt" FROM "User" WHERE "id" = ${userId}`;
  const row = rows[0];
  if (!row || row.closedAt) return "closed";
  const restriction = (await restrictionOf(tx, userId, row, now)).restriction;
  if (restriction?.reason === "self_excluded") return "self_excluded";
  if (restriction?.reason === "limit_reached") return "limit_reached";
  return null;
}
