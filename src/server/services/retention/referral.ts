/**
 * Referral (docs/retention.md "Referral"): each player has a personal code; a player who signs up
 * through it is recorded as referred (one `Referral` row, pending). When the referred player's cash
 * purchases within REFERRAL_WINDOW_DAYS of sign-up reach REFERRAL_QUALIFYING_USD, both are paid
 * spend-only credit once (ledger `referral_credit`, expiring); linked accounts and a closed, excluded
 * or limit-reached player are refused, with the reason on the row. Never tickets.
 */
import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import { REFERRAL_CODE_ALPHABET, type ReferralStatus, referralCodeSchema } from "@/shared/retention";
import type { referralOverviewOutput } from "@/shared/schemas/retention-responses";
import type { z } from "zod";
import type { Db, DbTx } from "../../platform/db";
import { appOrigin, getEnv } from "../../platform/env";
import { logger } from "../../platform/logger";
import { linkedAccounts } from "../accounts";
import { applyBalanceChange, notify } from "../kernel";
import { incentiveBlock } from "../safer-play";

const DAY_MS = 86_400_000;

export type ReferralOverview = z.output<typeof referralOverviewOutput>;

function newCode(): string {
  const bytes = randomBytes(8);
  let out = "";
  for (const b of bytes) out += REFERRAL_CODE_ALPHABET[b & 31];
  return out;
}

/** The player's code, made on first ask (a lost race or a rare collision just tries again). */
export async function referralCodeOf(db: Db | DbTx, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await db.referralCode.findUnique({ where: { userId } });
    if (existing) return existing.code;
    await db.referralCode.createMany({ data: [{ userId, code: newCode() }], skipDuplicates: true });
  }
  throw new Error("referral: no code could be made");
}

/**
 * At sign-up, with the code the `ref` cookie carried: records who referred the new player. A code
 * that is unknown, the player's own, or a closed referrer's records nothing (sign-up never fails for it).
 * Returns whether a referral was recorded.
 */
export async function recordReferral(db: Db, referredId: string, rawCode: string): Promise<boolean> {
  const parsed = referralCodeSchema.safeParse(rawCode);
  if (!parsed.success) return false;
  const owner = await db.referralCode.findUnique({ where: { code: parsed.data } });
  if (!owner || owner.userId === referredId) return false;
  const referrer = await db.user.findUnique({ where: { id: owner.userId }, select: { closedAt: true } });
  if (!referrer || referrer.closedAt) return false;
  const made = await db.referral.createMany({
    data: [{ referrerId: owner.userId, referredId }],
    skipDuplicates: true, // one referrer per player, the first one
  });
  return made.count === 1;
}

type Outcome = { status: ReferralStatus; reason: string | null };

/** Net cash the referred player paid for tickets between `from` and `to` (cash purchases less cash refunds). */
async function cashPurchases(tx: DbTx, userId: string, from: Date, to: Date): Promise<Prisma.Decimal> {
  const [row] = await tx.$queryRaw<{ spent: Prisma.Decimal | null }[]>`
    SELECT -SUM("cashAmount") AS spent FROM "LedgerEntry"
    WHERE "userId" = ${userId} AND "kind" IN ('purchase', 'refund') AND "createdAt" >= ${from} AND "createdAt" < ${to}`;
  return new Prisma.Decimal(row?.spent ?? 0);
}

/** Two accounts are linked when the accounts domain links them (device, payout address) or they signed up from one address block. */
async function linked(tx: DbTx, a: string, b: string): Promise<boolean> {
  if ((await linkedAccounts(tx, a)).includes(b)) return true;
  const users = await tx.user.findMany({ where: { id: { in: [a, b] } }, select: { signupNetwork: true } });
  return users.length === 2 && users[0]?.signupNetwork != null && users[0].signupNetwork === users[1]?.signupNetwork;
}

/**
 * Settles the player's pending referral if it is due: qualified once their cash purchases in the window
 * reach the setting (both credited), refused when the accounts are linked or either is blocked, expired
 * once the window passed short of it. Race-free: the row is locked and left `pending` only by this
 * function, so two purchases committing at once credit once. Returns the outcome, or null (nothing due).
 */
export async function settleReferral(db: Db, referredId: string, now = new Date()): Promise<Outcome | null> {
  const env = getEnv();
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string; referrerId: string; createdAt: Date }[]>`
      SELECT "id", "referrerId", "createdAt" FROM "Referral"
      WHERE "referredId" = ${referredId} AND "status" = 'pending' FOR UPDATE`;
    if (!row) return null;
    const windowEnd = new Date(row.createdAt.getTime() + env.REFERRAL_WINDOW_DAYS * DAY_MS);
    const spent = await cashPurchases(tx, referredId, row.createdAt, windowEnd);
    const close = async (outcome: Outcome, credits: { referrer?: Prisma.Decimal; referred?: Prisma.Decimal } = {}) => {
      await tx.referral.update({
        where: { id: row.id },
        data: {
          status: outcome.status,
          reason: outcome.reason,
          referrerCredit: credits.referrer ?? null,
          referredCredit: credits.referred ?? null,
          settledAt: now,
        },
      });
      return outcome;
    };
    if (spent.lt(env.REFERRAL_QUALIFYING_USD)) {
      return now >= windowEnd ? close({ status: "expired", reason: "window_passed" }) : null;
    }
    if (await linked(tx, referredId, row.referrerId)) return close({ status: "refused", reason: "linked" });
    const referredBlock = await incentiveBlock(tx, referredId, now);
    if (referredBlock) return close({ status: "refused", reason: `referred_${referredBlock}` });
    const referrerBlock = await incentiveBlock(tx, row.referrerId, now);
    if (referrerBlock) return close({ status: "refused", reason: `referrer_${referrerBlock}` });

    // The referrer's monthly cap, counted under the referrer's row lock (the lock every ledger change
    // takes), so two of their referrals qualifying at once cannot both take the last place.
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${row.referrerId} FOR NO KEY UPDATE`;
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const paidThisMonth = await tx.referral.count({
      where: { referrerId: row.referrerId, status: "qualified", settledAt: { gte: monthStart }, referrerCredit: { gt: 0 } },
    });
    const expiresAt = new Date(now.getTime() + env.REFERRAL_CREDIT_EXPIRY_DAYS * DAY_MS);
    const expiryText = expiresAt.toISOString().slice(0, 10);
    // Over the cap the referred player still gets theirs: the cap bounds what one referrer can farm,
    // and the welcome was promised to the new player by the link they followed.
    const referrerCredit = paidThisMonth < env.REFERRAL_MONTHLY_CAP ? new Prisma.Decimal(env.REFERRAL_REFERRER_CREDIT_USD) : null;
    const referredCredit = new Prisma.Decimal(env.REFERRAL_REFERRED_CREDIT_USD);
    if (referredCredit.gt(0)) {
      await applyBalanceChange(tx, {
        userId: referredId,
        amount: referredCredit,
        kind: "referral_credit",
        reference: `${row.id}:referred`,
        note: "Referral welcome credit",
        creditExpiresAt: expiresAt,
      });
      await notify(tx, referredId, {
        type: "success",
        title: "Referral Credit Added",
        message: `$${moneyString(referredCredit)} of site credit for joining through a friend's link; spend it on tickets before ${expiryText}. Site credit cannot be withdrawn.`,
      });
    }
    if (referrerCredit?.gt(0)) {
      await applyBalanceChange(tx, {
        userId: row.referrerId,
        amount: referrerCredit,
        kind: "referral_credit",
        reference: `${row.id}:referrer`,
        note: "Referral credit",
        creditExpiresAt: expiresAt,
      });
      await notify(tx, row.referrerId, {
        type: "success",
        title: "Referral Credit Added",
        message: `A friend you referred made their first purchases: $${moneyString(referrerCredit)} of site credit; spend it on tickets before ${expiryText}. Site credit cannot be withdrawn.`,
      });
    }
    return close(
      { status: "qualified", reason: referrerCredit ? null : "monthly_cap" },
      { referrer: referrerCredit ?? new Prisma.Decimal(0), referred: referredCredit },
    );
  });
}

/** After a purchase commits: settles the buyer's referral; a failure is logged and left to the sweep. */
export async function settleReferralAfterPurchase(db: Db, userId: string): Promise<void> {
  try {
    await settleReferral(db, userId);
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err), userId }, "referral not settled (the sweep retries)");
  }
}

/**
 * The `referrals.settle` job: every pending referral whose player has bought since it opened, and every
 * one whose window passed (a purchase whose settle was lost, a crash, a purchase by another path such
 * as auto-entry). A batch at a time; returns how many it settled.
 */
export async function settlePendingReferrals(db: Db, now = new Date(), batch = 200): Promise<number> {
  const windowStart = new Date(now.getTime() - getEnv().REFERRAL_WINDOW_DAYS * DAY_MS);
  const due = await db.$queryRaw<{ referredId: string }[]>`
    SELECT r."referredId" FROM "Referral" r
    WHERE r."status" = 'pending'
      AND (r."createdAt" <= ${windowStart}
           OR EXISTS (SELECT 1 FROM "LedgerEntry" l WHERE l."userId" = r."referredId" AND l."kind" = 'purchase'
                      AND l."cashAmount" < 0 AND l."createdAt" >= r."createdAt"))
    ORDER BY r."createdAt" LIMIT ${batch}`;
  let settled = 0;
  for (const r of due) if (await settleReferral(db, r.referredId, now)) settled++;
  if (settled) logger.info({ settled }, "referrals settled");
  return settled;
}

/** GET /api/user/referral: the code and link, the settings, and the players referred (first-name initial only). */
export async function referralOverview(db: Db, userId: string): Promise<ReferralOverview> {
  const env = getEnv();
  const code = await referralCodeOf(db, userId);
  const [rows, mine] = await Promise.all([
    db.referral.findMany({ where: { referrerId: userId }, orderBy: { createdAt: "desc" }, take: 100 }),
    db.referral.findUnique({ where: { referredId: userId } }),
  ]);
  const names = await db.user.findMany({
    where: { id: { in: rows.map((r) => r.referredId) } },
    select: { id: true, firstName: true },
  });
  const initial = new Map(names.map((n) => [n.id, `${(n.firstName.trim()[0] ?? "?").toUpperCase()}.`]));
  const [earned] = await db.$queryRaw<{ sum: Prisma.Decimal | null }[]>`
    SELECT SUM("amount") AS sum FROM "LedgerEntry" WHERE "userId" = ${userId} AND "kind" = 'referral_credit'`;
  return {
    code,
    link: `${appOrigin()}/r/${code}`,
    qualifyingUsd: moneyString(env.REFERRAL_QUALIFYING_USD),
    windowDays: env.REFERRAL_WINDOW_DAYS,
    referrerCredit: moneyString(env.REFERRAL_REFERRER_CREDIT_USD),
    referredCredit: moneyString(env.REFERRAL_REFERRED_CREDIT_USD),
    earned: moneyString(earned?.sum ?? 0),
    referredBy: mine
      ? {
          status: mine.status as ReferralStatus,
          reason: mine.reason,
          credit: mine.referredCredit ? moneyString(mine.referredCredit) : null,
        }
      : null,
    referrals: rows.map((r) => ({
      initial: initial.get(r.referredId) ?? "?",
      status: r.status as ReferralStatus,
      reason: r.reason,
      credit: r.referrerCredit ? moneyString(r.referrerCredit) : null,
      joinedAt: r.createdAt,
      settledAt: r.settledAt,
    })),
  };
}
