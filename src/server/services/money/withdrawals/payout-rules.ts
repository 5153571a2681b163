/**
 * Instant payouts by rules (docs/payments.md "Instant payouts"): a withdrawal is sent without a
 * person when every rule below holds; otherwise it waits in the admin queue with the failing rules
 * named, or (identity) is held until the player is verified. One pure decision (`decidePayout`) over
 * the facts it reads (`readPayoutFacts`: one query in the request's transaction, under the player's
 * row lock, so concurrent requests count each other) and the payout wallet's balance, asked of the
 * gateway before the transaction (`payoutWalletFact`: never a network call inside a transaction).
 * The quote the player sees before the click (`quoteWithdrawal`) is the same decision.
 *
 * A rule added later (staff approval limits, abuse signals) is one more entry in `PAYOUT_RULES`,
 * one more fact, one more check in `decidePayout`. `solvency` is such a rule: the latest
 * proof-of-liabilities snapshot's assets against what was owed (docs/fair-play.md "Solvency"), read
 * from its published row.
 */
import { Prisma } from "@/generated/prisma/client";
import type { CryptoCurrency } from "@/shared/constants";
import { formatUsd, moneyString } from "@/shared/money";
import {
  PAYOUT_RULE_LABELS,
  type PayoutRoute,
  type PayoutRule,
  type PayoutRuleCheck,
  type WithdrawalQuote,
} from "@/shared/payout-rules";
import type { CreateWithdrawalInput } from "@/shared/withdrawals";
import { getPayoutGateway, type PayoutGateway } from "../../../gateways/payouts";
import { DomainError } from "../../../platform/errors";
import type { Db, DbTx } from "../../../platform/db";
import { type Env, getEnv } from "../../../platform/env";
import { logger } from "../../../platform/logger";
import { abuseFlagsOf, identityStanding, type IdentityStanding } from "../../accounts";
import { notify, recordAudit } from "../../kernel";
import type { EnqueuePayoutInTx } from "./admin";
import { sendPayout } from "./sending";
import { riskMarkersOf } from "../../safer-play";
import { errText } from "./shared";

export type PayoutSettings = {
  maxUsd: Prisma.Decimal;
  dailyCount: number;
  dailyMaxUsd: Prisma.Decimal;
  minAccountAgeHours: number;
  depositWindowDays: number;
  /** Automatic payouts pause while the latest proof-of-liabilities snapshot's assets are below this % of what is owed (0 = never). */
  solvencyPauseBelowPercent: number;
};

export function payoutSettings(env: Env = getEnv()): PayoutSettings {
  return {
    // Four eyes: a withdrawal that needs two approvers is never sent by the rules alone.
    maxUsd:
      env.FOUR_EYES_USD > 0
        ? Prisma.Decimal.min(env.AUTO_WITHDRAW_MAX_USD, new Prisma.Decimal(env.FOUR_EYES_USD).minus("0.01"))
        : new Prisma.Decimal(env.AUTO_WITHDRAW_MAX_USD),
    dailyCount: env.AUTO_WITHDRAW_DAILY_COUNT,
    dailyMaxUsd: new Prisma.Decimal(env.AUTO_WITHDRAW_DAILY_MAX_USD),
    minAccountAgeHours: env.AUTO_WITHDRAW_MIN_ACCOUNT_AGE_HOURS,
    depositWindowDays: env.AUTO_WITHDRAW_DEPOSIT_WINDOW_DAYS,
    solvencyPauseBelowPercent: env.SOLVENCY_PAUSE_BELOW_PERCENT,
  };
}

/** The payout wallet: the crypto amount this withdrawal sends and what the wallet holds (null = unknown). */
export type WalletFact = { payAmount: string | null; balance: string | null; problem: string | null };

/** Everything the decision reads, for one player and one withdrawal (USD unless named). */
export type PayoutFacts = {
  now: Date;
  amount: Prisma.Decimal;
  /** Cash before this withdrawal's hold. */
  cashBalance: Prisma.Decimal;
  accountCreatedAt: Date;
  /** The player's other withdrawals of the last 24 h that were not rejected or failed. */
  last24h: { count: number; sum: Prisma.Decimal };
  selfExcluded: boolean;
  closed: boolean;
  /** Why the account is flagged (the admin's "Players at risk" markers and abuse signals). */
  flags: string[];
  openReviews: number;
  openMoneyComplaints: number;
  /** Other accounts that withdrew to this address. */
  addressSharedWith: number;
  /** Top-ups of the deposit window not yet spent on tickets or spins. */
  unplayedDeposits: Prisma.Decimal;
  wallet: WalletFact;
  /**
   * The latest proof-of-liabilities snapshot's assets as a % of what was owed (docs/fair-play.md
   * "Solvency"); null: no snapshot yet, or its assets or liabilities were unknown or nothing.
   */
  solvency: { percent: Prisma.Decimal; takenAt: Date } | null;
  identity: IdentityStanding;
};

const check = (rule: PayoutRule, ok: boolean, message: string): PayoutRuleCheck => ({
  rule,
  ok,
  label: PAYOUT_RULE_LABELS[rule],
  message,
});

/** Paused while the last published solvency is below the setting; no figure (none yet, unknown) pauses nothing. */
function solvencyCheck(f: PayoutFacts, s: PayoutSettings): PayoutRuleCheck {
  const floor = s.solvencyPauseBelowPercent;
  if (floor <= 0) return check("solvency", true, "No solvency level is set");
  if (!f.solvency) return check("solvency", true, "No solvency figure published yet");
  const ok = f.solvency.percent.gte(floor);
  return check(
    "solvency",
    ok,
    ok
      ? `Assets cover ${f.solvency.percent.toFixed(2)}% of what is owed (automatic payouts pause below ${floor}%)`
      : `Automatic payouts are paused: assets cover ${f.solvency.percent.toFixed(2)}% of what is owed, below ${floor}%`,
  );
}

/** The decision: instant when every rule holds; held for identity when that is missing; else reviewed. Pure. */
export function decidePayout(f: PayoutFacts, s: PayoutSettings): { route: PayoutRoute; checks: PayoutRuleCheck[] } {
  const ageHours = (f.now.getTime() - f.accountCreatedAt.getTime()) / 3_600_000;
  const withdrawable = Prisma.Decimal.max(0, f.cashBalance.sub(f.unplayedDeposits));
  const daySum = f.last24h.sum.add(f.amount);
  const walletOk =
    f.wallet.balance !== null && f.wallet.payAmount !== null && new Prisma.Decimal(f.wallet.balance).gte(f.wallet.payAmount);
  const standing = [f.closed && "closed", f.selfExcluded && "self-excluded", ...f.flags.map((x) => `flagged (${x})`)].filter(
    Boolean,
  );
  const checks = [
    check(
      "amount",
      s.maxUsd.gt(0) && f.amount.lte(s.maxUsd),
      s.maxUsd.gt(0)
        ? `${formatUsd(f.amount)} is ${f.amount.lte(s.maxUsd) ? "within" : "over"} the instant limit of ${formatUsd(s.maxUsd)}`
        : "Instant payouts are switched off: every withdrawal is reviewed",
    ),
    check(
      "daily_count",
      f.last24h.count + 1 <= s.dailyCount,
      `Withdrawal ${f.last24h.count + 1} in 24 hours (instant up to ${s.dailyCount})`,
    ),
    check(
      "daily_sum",
      daySum.lte(s.dailyMaxUsd),
      `${formatUsd(daySum)} withdrawn in 24 hours with this one (instant up to ${formatUsd(s.dailyMaxUsd)})`,
    ),
    check(
      "account_age",
      ageHours >= s.minAccountAgeHours,
      ageHours >= s.minAccountAgeHours
        ? `Account older than ${s.minAccountAgeHours} hours`
        : `Account younger than ${s.minAccountAgeHours} hours`,
    ),
    check("standing", standing.length === 0, standing.length ? `Account ${standing.join(", ")}` : "Account in good standing"),
    check(
      "open_review",
      f.openReviews === 0 && f.openMoneyComplaints === 0,
      f.openReviews || f.openMoneyComplaints
        ? "An open money review or complaint on the account"
        : "No open money review or complaint",
    ),
    check(
      "shared_address",
      f.addressSharedWith === 0,
      f.addressSharedWith ? "This wallet address was used by another account" : "Wallet address used by this account only",
    ),
    check(
      "unplayed_deposit",
      f.amount.lte(withdrawable),
      f.unplayedDeposits.gt(0) && f.amount.gt(withdrawable)
        ? `Takes out ${formatUsd(Prisma.Decimal.min(f.amount.sub(withdrawable), f.unplayedDeposits))} of recent top-ups never played (money in and straight out is reviewed)`
        : "Not money topped up and taken straight out",
    ),
    check(
      "payout_wallet",
      walletOk,
      walletOk ? "The payout wallet covers it" : (f.wallet.problem ?? "The payout wallet cannot cover it right now"),
    ),
    check(
      "email_verified",
      f.identity.emailVerified,
      f.identity.emailVerified ? "E-mail address verified" : "E-mail address not verified yet (the link is in your inbox)",
    ),
    solvencyCheck(f, s),
    check("identity", f.identity.verified >= f.identity.required, f.identity.message),
  ];
  const failed = checks.filter((c) => !c.ok);
  const route: PayoutRoute = failed.some((c) => c.rule === "identity") ? "identity" : failed.length ? "review" : "instant";
  return { route, checks };
}

/** The facts in one query (plus the identity and risk reads), inside the caller's transaction. */
export async function readPayoutFacts(
  tx: DbTx,
  userId: string,
  w: { amount: Prisma.Decimal; address: string; excludeId?: string },
  wallet: WalletFact,
  s: PayoutSettings,
  now = new Date(),
): Promise<PayoutFacts> {
  const since = new Date(now.getTime() - s.depositWindowDays * 86_400_000);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const exclude = w.excludeId ?? "";
  const [row] = await tx.$queryRaw<
    {
      createdAt: Date;
      cashBalance: Prisma.Decimal;
      closed: boolean;
      selfExcluded: boolean;
      dayCount: number;
      daySum: Prisma.Decimal;
      openReviews: number;
      openComplaints: number;
      sharedWith: number;
      deposits: Prisma.Decimal;
      played: Prisma.Decimal;
      solvencyPercent: Prisma.Decimal | null;
      solvencyAt: Date | null;
    }[]
  >`
    SELECT u."createdAt", u."cashBalance", u."closedAt" IS NOT NULL AS closed,
      (u."selfExcludedUntil" IS NOT NULL AND (u."selfExclusionEndsAt" IS NULL OR u."selfExclusionEndsAt" > ${now})) AS "selfExcluded",
      (SELECT COUNT(*) FROM "Withdrawal" w WHERE w."userId" = u."id" AND w."createdAt" > ${dayAgo}
         AND w."status" NOT IN ('rejected', 'failed') AND w."id" <> ${exclude})::int AS "dayCount",
      (SELECT COALESCE(SUM(w."amount"), 0) FROM "Withdrawal" w WHERE w."userId" = u."id" AND w."createdAt" > ${dayAgo}
         AND w."status" NOT IN ('rejected', 'failed') AND w."id" <> ${exclude}) AS "daySum",
      (SELECT COUNT(*) FROM "ReviewItem" r WHERE r."userId" = u."id" AND r."status" = 'open')::int AS "openReviews",
      (SELECT COUNT(*) FROM "Complaint" c WHERE c."userId" = u."id" AND c."status" = 'acknowledged'
         AND c."category" IN ('payment', 'withdrawal'))::int AS "openComplaints",
      (SELECT COUNT(DISTINCT w."userId") FROM "Withdrawal" w
        WHERE lower(w."address") = lower(${w.address}) AND w."userId" <> u."id")::int AS "sharedWith",
      (SELECT COALESCE(SUM(l."cashAmount"), 0) FROM "LedgerEntry" l WHERE l."userId" = u."id"
         AND l."kind" IN ('topup', 'review_credit') AND l."createdAt" > ${since}) AS deposits,
      (SELECT COALESCE(-SUM(l."cashAmount"), 0) FROM "LedgerEntry" l WHERE l."userId" = u."id"
         AND l."kind" IN ('purchase', 'wheel_spin', 'refund') AND l."createdAt" > ${since}) AS played,
      s."solvencyPercent", s."takenAt" AS "solvencyAt"
    FROM "User" u
    LEFT JOIN LATERAL (SELECT "solvencyPercent", "takenAt" FROM "LiabilitySnapshot" ORDER BY "takenAt" DESC LIMIT 1) s ON true
    WHERE u."id" = ${userId}`;
  if (!row) throw new Error(`no user ${userId}`);
  const amount = w.amount;
  const [identity, riskFlags, abuseFlags] = await Promise.all([
    identityStanding(tx, userId, { withdrawing: amount, excludeId: w.excludeId }),
    riskMarkersOf(tx, userId, now),
    abuseFlagsOf(tx, userId),
  ]);
  const flags = [...riskFlags, ...abuseFlags];
  return {
    now,
    amount,
    cashBalance: new Prisma.Decimal(row.cashBalance),
    accountCreatedAt: row.createdAt,
    last24h: { count: row.dayCount, sum: new Prisma.Decimal(row.daySum) },
    selfExcluded: row.selfExcluded,
    closed: row.closed,
    flags,
    openReviews: row.openReviews,
    openMoneyComplaints: row.openComplaints,
    addressSharedWith: row.sharedWith,
    unplayedDeposits: Prisma.Decimal.max(0, new Prisma.Decimal(row.deposits).sub(row.played)),
    wallet,
    solvency:
      row.solvencyPercent !== null && row.solvencyAt !== null
        ? { percent: new Prisma.Decimal(row.solvencyPercent), takenAt: row.solvencyAt }
        : null,
    identity,
  };
}

/**
 * Asks the payout gateway (outside any transaction) what the withdrawal sends in its coin and what
 * the payout wallet holds. A failure is an unknown balance: the rule fails and a person decides.
 */
export async function payoutWalletFact(gateway: PayoutGateway, coin: CryptoCurrency, usd: string): Promise<WalletFact> {
  try {
    const [payAmount, balance] = await Promise.all([gateway.quote(coin, usd), gateway.walletBalance(coin)]);
    return {
      payAmount,
      balance,
      problem: balance === null ? "The payout wallet's balance is not known (no OxaPay general API key)" : null,
    };
  } catch (err) {
    logger.warn({ coin, err: errText(err) }, "payout wallet could not be checked");
    return { payAmount: null, balance: null, problem: "The payout wallet's balance could not be checked just now" };
  }
}

/** The payout gateway for the wallet check, or null when payouts are not configured (the rule then fails). */
export async function gatewayOrNull(db: Db, given?: PayoutGateway): Promise<PayoutGateway | null> {
  if (given) return given;
  try {
    return await getPayoutGateway(db);
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
}

/** The wallet fact through whatever gateway there is (none: payouts are not configured). */
export async function walletFactFor(gateway: PayoutGateway | null, coin: CryptoCurrency, usd: string): Promise<WalletFact> {
  return gateway
    ? payoutWalletFact(gateway, coin, usd)
    : { payAmount: null, balance: null, problem: "Payouts are not configured" };
}

/** What the player sees before the click: the same decision, on the same facts, nothing held. */
export async function quoteWithdrawal(
  db: Db,
  userId: string,
  input: CreateWithdrawalInput,
  given?: PayoutGateway,
): Promise<WithdrawalQuote> {
  const amount = new Prisma.Decimal(input.amount);
  const s = payoutSettings();
  const wallet = await walletFactFor(await gatewayOrNull(db, given), input.cryptoCurrency, moneyString(amount));
  const facts = await readPayoutFacts(db, userId, { amount, address: input.address.trim() }, wallet, s);
  const decision = decidePayout(facts, s);
  return describeDecision(decision, facts);
}

/** The decision in the words the player and the admin read. */
export function describeDecision(
  d: { route: PayoutRoute; checks: PayoutRuleCheck[] },
  f: Pick<PayoutFacts, "amount" | "cashBalance" | "identity">,
): WithdrawalQuote {
  const failed = d.checks.filter((c) => !c.ok);
  const enough = f.amount.lte(f.cashBalance);
  return {
    route: d.route,
    enoughCash: enough,
    cashBalance: moneyString(f.cashBalance),
    summary:
      d.route === "instant"
        ? "Instant: sent to your wallet as soon as you confirm."
        : d.route === "identity"
          ? `Held until your identity is verified, then paid: ${f.identity.message}.`
          : `Reviewed by our team first: ${failed.map((c) => c.message).join("; ")}.`,
    checks: d.checks,
    failed: failed.map((c) => c.rule),
    identity: { required: f.identity.required, verified: f.identity.verified, asks: f.identity.asks },
  };
}

/**
 * Withdrawals held for identity, decided again once the player may be verified: each one the rules
 * now let through is paid at once, one a rule still stops goes to the admin queue naming it, one
 * still short of identity stays held. The flip is a conditional UPDATE on `pending` + `identity`, so
 * a release racing another (the provider's webhook and the player's declaration) pays once.
 */
export async function releaseIdentityHolds(
  db: Db,
  userId: string,
  opts: { origin?: string; gateway?: PayoutGateway; enqueueInTx?: EnqueuePayoutInTx; sendNow?: boolean } = {},
): Promise<{ paid: string[]; reviewed: string[]; held: string[] }> {
  const out = { paid: [] as string[], reviewed: [] as string[], held: [] as string[] };
  const held = await db.withdrawal.findMany({
    where: { userId, status: "pending", route: "identity" },
    orderBy: { createdAt: "asc" },
  });
  if (!held.length) return out;
  const gateway = await gatewayOrNull(db, opts.gateway);
  const s = payoutSettings();
  for (const w of held) {
    const wallet = await walletFactFor(gateway, w.cryptoCurrency, moneyString(w.amount));
    const route = await db.$transaction(async (tx) => {
      // The player's row first, as a request takes it: releases and requests count each other.
      const [u] = await tx.$queryRaw<{ cashBalance: Prisma.Decimal }[]>`
        SELECT "cashBalance" FROM "User" WHERE "id" = ${userId} FOR NO KEY UPDATE`;
      if (!u) return null;
      const facts = await readPayoutFacts(tx, userId, { amount: w.amount, address: w.address, excludeId: w.id }, wallet, s);
      // Its amount is already held: the rules weigh the cash there was before the hold.
      facts.cashBalance = new Prisma.Decimal(u.cashBalance).add(w.amount);
      const decision = decidePayout(facts, s);
      if (decision.route === "identity") return "identity" as const;
      const instant = decision.route === "instant";
      const flipped = await tx.$executeRaw`
        UPDATE "Withdrawal" SET "route" = ${decision.route}, "ruleChecks" = ${JSON.stringify(decision.checks)}::jsonb,
          "status" = ${instant ? "processing" : "pending"}::"WithdrawalStatus", "autoApproved" = ${instant},
          "processedAt" = CASE WHEN ${instant} THEN now() ELSE "processedAt" END, "updatedAt" = now()
        WHERE "id" = ${w.id} AND "status" = 'pending' AND "route" = 'identity'`;
      if (flipped !== 1) return null;
      if (instant) {
        await recordAudit(tx, {
          actorId: null,
          action: "withdrawal.auto_approve",
          targetType: "withdrawal",
          targetId: w.id,
          before: { status: "pending", route: "identity" },
          after: { status: "processing", route: "instant", rules: decision.checks.map((c) => c.rule) },
        });
        await opts.enqueueInTx?.(tx, { id: w.id, origin: opts.origin ?? "" });
      }
      await notify(tx, userId, {
        type: "other",
        title: "Withdrawal Released",
        message: instant
          ? `Your identity is verified: your withdrawal of $${moneyString(w.amount)} is being sent to your wallet now.`
          : `Your identity is verified: your withdrawal of $${moneyString(w.amount)} now waits for our team: ${decision.checks
              .filter((c) => !c.ok)
              .map((c) => c.message)
              .join("; ")}.`,
      });
      return decision.route;
    });
    if (route === "identity") out.held.push(w.id);
    else if (route === "review") out.reviewed.push(w.id);
    else if (route === "instant") {
      out.paid.push(w.id);
      if (opts.sendNow !== false && gateway) {
        await sendPayout(db, w.id, { origin: opts.origin ?? "", gateway }).catch((err: unknown) =>
          logger.warn({ withdrawalId: w.id, err: errText(err) }, "released payout attempt failed; the job retries"),
        );
      }
    }
  }
  logger.info({ userId, ...out }, "identity holds decided again");
  return out;
}

/** The safety net (withdrawals.reconcile): every player with a held withdrawal whose identity may now be enough. */
export async function releaseAllIdentityHolds(
  db: Db,
  opts: { origin?: string; enqueueInTx?: EnqueuePayoutInTx } = {},
): Promise<number> {
  const players = await db.withdrawal.findMany({
    where: { status: "pending", route: "identity" },
    distinct: ["userId"],
    select: { userId: true },
    take: 200,
  });
  let released = 0;
  for (const { userId } of players) {
    const r = await releaseIdentityHolds(db, userId, opts);
    released += r.paid.length + r.reviewed.length;
  }
  return released;
}
