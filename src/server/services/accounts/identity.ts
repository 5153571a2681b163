/**
 * Identity only where the law needs it (docs/payments.md "Identity"). Tiers by what a player has
 * withdrawn (the withdrawal at hand included) and by the largest single prize they won:
 *   0: nothing beyond a verified e-mail;
 *   1: a declared legal name, date of birth and address (from KYC_TIER1_WITHDRAWN_USD / _PRIZE_USD);
 *   2: an identity check, decided by an admin (audited) or by a provider through its signed webhook
 *      (KYC_TIER2_*), of which only the decision and the provider's reference are kept.
 * Nothing is asked at sign-up. Money reads `identityStanding` (its payout rules hold a withdrawal
 * above the player's tier until they are verified); the player reads `identityStatus` before they
 * need it.
 */
import { Prisma } from "@/generated/prisma/client";
import {
  IDENTITY_ASKS,
  IDENTITY_MESSAGES,
  type DecideIdentityInput,
  type DeclareIdentityInput,
  type IdentityThresholds,
  tierNeeded,
} from "@/shared/identity";
import { formatUsd, moneyString } from "@/shared/money";
import type { IdentityTier } from "@/shared/payout-rules";
import { type IdentityDecision, parseIdentityWebhook, verifyIdentitySignature } from "../../gateways/identity";
import type { Db, DbTx } from "../../platform/db";
import { type Env, getEnv } from "../../platform/env";
import { conflict, DomainError, notFound, unauthorized } from "../../platform/errors";
import { logger } from "../../platform/logger";
import type { PageQuery } from "@/shared/schemas/paging";
import { cursorRow, notify, pageLimit, recordAudit } from "../kernel";
import { refuseOwnAccount } from "./staff";

export type IdentityStanding = {
  required: IdentityTier;
  verified: IdentityTier;
  /** The e-mail address was verified (its own payout rule: without it a person decides). */
  emailVerified: boolean;
  /** What is asked for the required tier, in the player's words (empty when nothing is missing). */
  asks: string[];
  message: string;
};

/** What the player sees before they need it: their tier, what is asked and from when. */
export type IdentityStatus = {
  verified: IdentityTier;
  /** The tier their history already needs (before any new withdrawal). */
  required: IdentityTier;
  emailVerified: boolean;
  withdrawn: string;
  largestPrize: string;
  thresholds: IdentityThresholds;
  declared: { legalName: string; city: string; country: string; declaredAt: Date } | null;
  check: { status: "pending" | "approved" | "rejected"; decidedAt: Date | null; reason: string | null } | null;
  /** When each tier is asked, in words. */
  explain: string[];
};

export function identityThresholds(env: Env = getEnv()): IdentityThresholds {
  return {
    tier1: { withdrawn: String(env.KYC_TIER1_WITHDRAWN_USD), prize: String(env.KYC_TIER1_PRIZE_USD) },
    tier2: { withdrawn: String(env.KYC_TIER2_WITHDRAWN_USD), prize: String(env.KYC_TIER2_PRIZE_USD) },
  };
}

type Facts = {
  withdrawn: Prisma.Decimal;
  largestPrize: Prisma.Decimal;
  emailVerified: boolean;
  hasDob: boolean;
  declared: boolean;
  checkStatus: string | null;
};

/** What the tiers are decided on, in one query. */
async function identityFacts(tx: DbTx, userId: string, excludeId = ""): Promise<Facts> {
  const [row] = await tx.$queryRaw<
    {
      withdrawn: Prisma.Decimal;
      largestPrize: Prisma.Decimal;
      emailVerified: boolean;
      hasDob: boolean;
      declared: boolean;
      checkStatus: string | null;
    }[]
  >`
    SELECT
      (SELECT COALESCE(SUM(w."amount"), 0) FROM "Withdrawal" w
        WHERE w."userId" = u."id" AND w."status" NOT IN ('rejected', 'failed') AND w."id" <> ${excludeId}) AS withdrawn,
      GREATEST(
        (SELECT COALESCE(MAX(p."cashAlternative"), 0) FROM "Prize" p WHERE p."userId" = u."id"),
        (SELECT COALESCE(MAX(i."amount"), 0) FROM "InstantPrize" i WHERE i."winnerId" = u."id")) AS "largestPrize",
      u."emailVerifiedAt" IS NOT NULL AS "emailVerified",
      u."dateOfBirth" IS NOT NULL AS "hasDob",
      (ip."declaredAt" IS NOT NULL) AS declared,
      ip."checkStatus"
    FROM "User" u LEFT JOIN "IdentityProfile" ip ON ip."userId" = u."id"
    WHERE u."id" = ${userId}`;
  if (!row) throw notFound("User not found");
  return {
    withdrawn: new Prisma.Decimal(row.withdrawn),
    largestPrize: new Prisma.Decimal(row.largestPrize),
    emailVerified: row.emailVerified,
    hasDob: row.hasDob,
    declared: row.declared,
    checkStatus: row.checkStatus,
  };
}

const verifiedTier = (f: Facts): IdentityTier => (f.declared && f.hasDob ? (f.checkStatus === "approved" ? 2 : 1) : 0);

const tierFor = (withdrawn: Prisma.Decimal, prize: Prisma.Decimal, t: IdentityThresholds): IdentityTier =>
  tierNeeded(moneyString(withdrawn), moneyString(prize), t);

/**
 * The identity this withdrawal needs and what the player has (read inside the request's transaction):
 * the player's other withdrawals (not `excludeId`, the one at hand when it is already written) plus
 * `withdrawing`.
 */
export async function identityStanding(
  tx: DbTx,
  userId: string,
  w: { withdrawing: Prisma.Decimal; excludeId?: string },
): Promise<IdentityStanding> {
  const f = await identityFacts(tx, userId, w.excludeId);
  const t = identityThresholds();
  const required = tierFor(f.withdrawn.add(w.withdrawing), f.largestPrize, t);
  const verified = verifiedTier(f);
  const asks =
    required > verified ? [...(verified < 1 ? IDENTITY_ASKS[1] : []), ...(required === 2 ? IDENTITY_ASKS[2] : [])] : [];
  const message =
    required === 0
      ? "No identity check needed at this amount"
      : required <= verified
        ? `Identity tier ${required} verified`
        : `Needs identity tier ${required} (${asks.join(", ")}) before it is paid`;
  return { required, verified, emailVerified: f.emailVerified, asks, message };
}

/** The player's identity page: their tier, what their history needs, and when each tier is asked. */
export async function identityStatus(db: DbTx, userId: string): Promise<IdentityStatus> {
  const f = await identityFacts(db, userId);
  const t = identityThresholds();
  const profile = await db.identityProfile.findUnique({ where: { userId } });
  return {
    verified: verifiedTier(f),
    required: tierFor(f.withdrawn, f.largestPrize, t),
    emailVerified: f.emailVerified,
    withdrawn: moneyString(f.withdrawn),
    largestPrize: moneyString(f.largestPrize),
    thresholds: t,
    declared:
      profile?.declaredAt && profile.legalName && profile.city && profile.country
        ? { legalName: profile.legalName, city: profile.city, country: profile.country, declaredAt: profile.declaredAt }
        : null,
    check: profile?.checkStatus
      ? {
          status: profile.checkStatus as "pending" | "approved" | "rejected",
          decidedAt: profile.checkDecidedAt,
          reason: profile.checkReason,
        }
      : null,
    explain: [
      "Below these amounts only a verified e-mail address is needed.",
      `From ${formatUsd(t.tier1.withdrawn)} withdrawn in total, or a single prize worth ${formatUsd(t.tier1.prize)}: ${IDENTITY_ASKS[1].join(", ")}.`,
      `From ${formatUsd(t.tier2.withdrawn)} withdrawn in total, or a single prize worth ${formatUsd(t.tier2.prize)}: ${IDENTITY_ASKS[2].join(", ")}.`,
      "A withdrawal that needs more is held, not refused, and paid as soon as you are verified.",
    ],
  };
}

/** Tier 1: the player declares their legal name, date of birth (kept once, with the age) and address. */
export async function declareIdentity(db: Db, userId: string, input: DeclareIdentityInput): Promise<IdentityStatus> {
  const dob = new Date(`${input.dateOfBirth}T00:00:00Z`);
  await db.$transaction(async (tx) => {
    const [u] = await tx.$queryRaw<{ dateOfBirth: Date | null }[]>`
      SELECT "dateOfBirth" FROM "User" WHERE "id" = ${userId} FOR NO KEY UPDATE`;
    if (!u) throw notFound("User not found");
    if (u.dateOfBirth && u.dateOfBirth.toISOString().slice(0, 10) !== input.dateOfBirth)
      throw conflict(IDENTITY_MESSAGES.dobOnFile);
    if (!u.dateOfBirth) await tx.user.update({ where: { id: userId }, data: { dateOfBirth: dob } });
    const details = {
      legalName: input.legalName.trim(),
      addressLine: input.addressLine.trim(),
      city: input.city.trim(),
      postcode: input.postcode.trim(),
      country: input.country.trim().toUpperCase(),
      declaredAt: new Date(),
    };
    await tx.identityProfile.upsert({ where: { userId }, create: { userId, ...details }, update: details });
  });
  logger.info({ userId }, "identity: tier 1 declared");
  return identityStatus(db, userId);
}

/** Tier 2: the player asks for the identity check (an admin or the provider decides it). */
export async function requestIdentityCheck(db: Db, userId: string): Promise<IdentityStatus & { reference: string }> {
  await db.$transaction(async (tx) => {
    const p = await tx.identityProfile.findUnique({ where: { userId } });
    if (!p?.declaredAt) throw conflict(IDENTITY_MESSAGES.needsTier1);
    if (p.checkStatus === "pending") throw conflict(IDENTITY_MESSAGES.checkPending);
    if (p.checkStatus === "approved") throw conflict(IDENTITY_MESSAGES.checkDone);
    await tx.identityProfile.update({
      where: { userId },
      data: {
        checkStatus: "pending",
        checkRequestedAt: new Date(),
        checkDecidedAt: null,
        checkDecidedBy: null,
        checkReason: null,
      },
    });
  });
  // The provider carries our reference (the player's id) back as `external_id`.
  return { ...(await identityStatus(db, userId)), reference: userId };
}

/** Records a decision once per check (a conditional UPDATE on "pending"), with its audit row and the player told. */
async function recordDecision(
  tx: DbTx,
  d: IdentityDecision,
  actor: { adminId: string | null; by: string },
): Promise<"recorded" | "repeat"> {
  const changed = await tx.identityProfile.updateMany({
    where: { userId: d.userId, checkStatus: "pending" },
    data: {
      checkStatus: d.decision,
      checkDecidedBy: actor.by,
      checkReference: d.reference,
      checkReason: d.reason,
      checkDecidedAt: new Date(),
    },
  });
  if (changed.count !== 1) {
    const p = await tx.identityProfile.findUnique({ where: { userId: d.userId } });
    if (p?.checkStatus === d.decision && p.checkReference === d.reference) return "repeat";
    throw conflict(
      p?.checkStatus ? `The identity check is ${p.checkStatus}, not waiting for a decision` : "No identity check was asked for",
    );
  }
  await recordAudit(tx, {
    actorId: actor.adminId,
    action: "identity.decide",
    targetType: "user",
    targetId: d.userId,
    before: { checkStatus: "pending" },
    after: { checkStatus: d.decision, decidedBy: actor.by, reference: d.reference },
    reason: d.reason ?? undefined,
  });
  await notify(tx, d.userId, {
    type: d.decision === "approved" ? "success" : "warning",
    title: d.decision === "approved" ? "Identity Verified" : "Identity Check Not Passed",
    message:
      d.decision === "approved"
        ? "Your identity check passed. Withdrawals held for it are being paid."
        : `Your identity check did not pass${d.reason ? `: ${d.reason}` : ""}. Write to us in the support chat to try again.`,
  });
  return "recorded";
}

/** An admin decides a player's identity check (audited; in the two-factor list). */
export async function decideIdentityCheck(db: Db, adminId: string, input: DecideIdentityInput): Promise<IdentityStatus> {
  refuseOwnAccount(adminId, input.userId, "identity");
  await db.$transaction((tx) =>
    recordDecision(
      tx,
      {
        userId: input.userId,
        decision: input.decision,
        reference: input.reference?.trim() || `admin:${adminId}`,
        provider: "admin",
        reason: input.reason.trim(),
      },
      { adminId, by: "admin" },
    ),
  );
  return identityStatus(db, input.userId);
}

/**
 * The provider's signed decision (src/server/gateways/identity.ts): 401 unsigned or without a secret,
 * 400 unreadable, 404 unknown player; a repeat changes nothing. Only the decision and the reference are kept.
 */
export async function processIdentityWebhook(db: Db, rawBody: string, signature: string | null): Promise<IdentityDecision> {
  const secret = getEnv().KYC_WEBHOOK_SECRET ?? "";
  if (!verifyIdentitySignature(secret, rawBody, signature)) {
    logger.warn({ hasSignature: Boolean(signature) }, "identity webhook refused: invalid signature");
    throw unauthorized("Unauthorized: invalid webhook signature");
  }
  const d = parseIdentityWebhook(rawBody);
  if (!d)
    throw new DomainError("BAD_REQUEST", "Webhook body must name external_id, reference and a decision (approved or rejected)");
  if (!(await db.user.findUnique({ where: { id: d.userId }, select: { id: true } }))) throw notFound("Unknown external_id");
  const outcome = await db.$transaction((tx) => recordDecision(tx, d, { adminId: null, by: d.provider }));
  logger.info({ userId: d.userId, decision: d.decision, outcome }, "identity webhook");
  return d;
}

/**
 * Players whose identity check waits for a decision, oldest first (the admin's queue); a keyset page
 * (default 50, `cursor` = the last userId seen) on the (checkStatus, checkRequestedAt) index.
 */
export async function listPendingIdentityChecks(db: Db, q: PageQuery = {}) {
  const after = await cursorRow(q.cursor, (userId) =>
    db.identityProfile.findUnique({ where: { userId }, select: { userId: true, checkRequestedAt: true } }),
  );
  // A pending check always has its request time (requestIdentityCheck sets both); epoch guards a row without.
  const at = after?.checkRequestedAt ?? new Date(0);
  const rows = await db.identityProfile.findMany({
    where: {
      checkStatus: "pending",
      ...(after && { OR: [{ checkRequestedAt: { gt: at } }, { checkRequestedAt: at, userId: { gt: after.userId } }] }),
    },
    orderBy: [{ checkRequestedAt: "asc" }, { userId: "asc" }],
    take: pageLimit(q),
    include: { user: { select: { email: true, dateOfBirth: true } } },
  });
  return rows.map((p) => ({
    userId: p.userId,
    email: p.user.email,
    legalName: p.legalName,
    dateOfBirth: p.user.dateOfBirth ? p.user.dateOfBirth.toISOString().slice(0, 10) : null,
    addressLine: p.addressLine,
    city: p.city,
    postcode: p.postcode,
    country: p.country,
    requestedAt: p.checkRequestedAt,
  }));
}
