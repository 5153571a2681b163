/**
 * Withdrawals to crypto wallets (docs/payments.md "Withdrawals"):
 *   request  -> the amount leaves the balance at once (ledger `withdrawal_hold`, reference = id), status pending
 *   approve  -> pending -> processing with the `withdrawals.payout` job queued in the same
 *               transaction, then one attempt at once (sandbox: paid at once). The request is stored
 *               before it is sent; an answer that never came is looked up, never resent blind
 *               (services/payment-lifecycle.ts has the payout table)
 *   webhook  -> processing -> paid (with the txid) or failed
 *   reject / failed -> the hold comes back once (ledger `withdrawal_release`, same reference)
 * Every status change is a conditional UPDATE on the expected status, so races and repeats change nothing.
 */
import type { Withdrawal } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import { moneyString as amountString } from "@/shared/money";
import { mailWithdrawal } from "../mail/events";
import type { CreateWithdrawalInput, WithdrawalNetwork } from "@/shared/withdrawals";
import type { Db, DbTx } from "../platform/db";
import { badRequest, conflict, DomainError, notFound, unauthorized } from "../platform/errors";
import { failureOutcome } from "../gateways/oxapay/client";
import {
  getPayoutGateway,
  type PayoutGateway,
  type PayoutResult,
  parsePayoutWebhook,
  payoutBody,
  payoutReference,
} from "../gateways/payout";
import { getEnv } from "../platform/env";
import { logger } from "../platform/logger";
import type { PageQuery } from "@/shared/schemas/paging";
import { cursorRow, olderThan, pageLimit } from "./paging";
import { applyBalanceChange, InsufficientBalanceError } from "./ledger";
import { recordAudit } from "./audit";
import { notify } from "./notifications";
import { decideAfterLookup, decidePayoutAttempt, decidePayoutReport } from "./payment-lifecycle";
import { closePayoutReview, openReview } from "./review-queue";

export const PAYOUT_WEBHOOK_PATH = "/api/withdrawals/webhook";
export const PAYOUT_JOB = "withdrawals.payout";
/** Attempts of the payout job after the first failure (then the withdrawal fails and the hold returns). */
export const PAYOUT_RETRY_LIMIT = 5;
const LIST_LIMIT = 200;
/** Bursts wait for a pooled connection rather than failing (as checkout does, services/purchases.ts). */
const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

export type PublicWithdrawal = {
  id: string;
  status: Withdrawal["status"];
  amount: string;
  cryptoCurrency: Withdrawal["cryptoCurrency"];
  network: string;
  address: string;
  createdAt: Date;
  payAmount: string | null;
  txid: string | null;
  paidAt: Date | null;
  rejectionReason: string | null;
  failureReason: string | null;
};

export function toPublicWithdrawal(w: Withdrawal): PublicWithdrawal {
  return {
    id: w.id,
    status: w.status,
    amount: amountString(w.amount),
    cryptoCurrency: w.cryptoCurrency,
    network: w.network,
    address: w.address,
    createdAt: w.createdAt,
    payAmount: w.payAmount,
    txid: w.txid,
    paidAt: w.paidAt,
    rejectionReason: w.rejectionReason,
    failureReason: w.failureReason,
  };
}

/** Holds the amount and records the request; 409 when the balance does not cover it (under any concurrency). */
export async function createWithdrawal(db: Db, userId: string, input: CreateWithdrawalInput): Promise<PublicWithdrawal> {
  const amount = new Prisma.Decimal(input.amount);
  try {
    const created = await db.$transaction(async (tx) => {
      const w = await tx.withdrawal.create({
        data: {
          userId,
          amount,
          cryptoCurrency: input.cryptoCurrency,
          network: input.network,
          address: input.address.trim(),
        },
      });
      await applyBalanceChange(tx, {
        userId,
        amount: amount.negated(),
        kind: "withdrawal_hold",
        reference: w.id,
        note: `${input.cryptoCurrency} ${input.network}`,
      });
      await notify(tx, userId, {
        type: "other",
        title: "Withdrawal Requested",
        message: `Your withdrawal of $${amountString(amount)} in ${input.cryptoCurrency} is waiting for approval.`,
      });
      await mailWithdrawal(tx, { ...w, amount: amountString(w.amount) }, { kind: "requested" });
      return w;
    }, TX_OPTIONS);
    logger.info({ withdrawalId: created.id, userId, amount: amountString(amount) }, "withdrawal requested");
    return toPublicWithdrawal(created);
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw conflict("Insufficient balance for this withdrawal");
    throw err;
  }
}

/** The player's withdrawals newest first: a keyset page (default 50; `cursor` = the last id seen). */
export async function listMyWithdrawals(db: Db, userId: string, q: PageQuery = {}): Promise<PublicWithdrawal[]> {
  const after = await cursorRow(q.cursor, (id) =>
    db.withdrawal.findFirst({ where: { id, userId }, select: { id: true, createdAt: true } }),
  );
  const rows = await db.withdrawal.findMany({
    where: { userId, ...olderThan(after) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageLimit(q),
  });
  return rows.map(toPublicWithdrawal);
}

export type AdminWithdrawal = PublicWithdrawal & {
  user: { id: string; email: string; firstName: string; lastName: string };
  processedAt: Date | null;
  attempts: number;
};

/** Pending first (oldest first, the queue), then the rest newest first. */
export async function listAdminWithdrawals(db: Db): Promise<AdminWithdrawal[]> {
  const include = { user: { select: { id: true, email: true, firstName: true, lastName: true } } } as const;
  const [pending, rest] = await Promise.all([
    db.withdrawal.findMany({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, take: LIST_LIMIT, include }),
    db.withdrawal.findMany({
      where: { status: { not: "pending" } },
      orderBy: { createdAt: "desc" },
      take: LIST_LIMIT,
      include,
    }),
  ]);
  return [...pending, ...rest].map((w) => ({
    ...toPublicWithdrawal(w),
    user: w.user,
    processedAt: w.processedAt,
    attempts: w.attempts,
  }));
}

async function alreadyProcessed(db: DbTx, id: string): Promise<never> {
  const current = await db.withdrawal.findUnique({ where: { id }, select: { status: true } });
  if (!current) throw notFound("Withdrawal not found");
  throw conflict(`Withdrawal already ${current.status}`);
}

/** processing -> failed and the hold comes back (once: the flip and the unique ledger reference guard it). */
async function failInTx(tx: DbTx, w: Withdrawal, reason: string): Promise<boolean> {
  const flipped = await tx.$executeRaw`
    UPDATE "Withdrawal" SET "status" = 'failed', "failureReason" = ${reason}, "sendingUntil" = NULL,
      "outcomeUnknownSince" = NULL, "updatedAt" = now()
    WHERE "id" = ${w.id} AND "status" = 'processing'`;
  if (flipped !== 1) return false;
  await applyBalanceChange(tx, {
    userId: w.userId,
    amount: w.amount,
    kind: "withdrawal_release",
    reference: w.id,
    note: "payout failed",
  });
  await notify(tx, w.userId, {
    type: "error",
    title: "Withdrawal Failed",
    message: `Your withdrawal of $${amountString(w.amount)} could not be sent (${reason}); the amount is back in your balance.`,
  });
  await mailWithdrawal(tx, { ...w, amount: amountString(w.amount) }, { kind: "failed", reason });
  return true;
}

async function payInTx(tx: DbTx, w: Withdrawal, txid: string | null): Promise<boolean> {
  const flipped = await tx.$executeRaw`
    UPDATE "Withdrawal" SET "status" = 'paid', "txid" = COALESCE(${txid}, "txid"), "paidAt" = now(), "sendingUntil" = NULL,
      "outcomeUnknownSince" = NULL, "updatedAt" = now()
    WHERE "id" = ${w.id} AND "status" = 'processing'`;
  if (flipped !== 1) return false;
  await notify(tx, w.userId, {
    type: "success",
    title: "Withdrawal Paid",
    message: `Your withdrawal of $${amountString(w.amount)} has been sent to ${w.address}${txid ? ` (transaction ${txid})` : ""}.`,
  });
  await mailWithdrawal(tx, { ...w, amount: amountString(w.amount) }, { kind: "paid", txid });
  return true;
}

export type SendOutcome = "paid" | "processing" | "failed" | "retry" | "review" | "skipped";

/** Tunables of one payout attempt (settings: PAYOUT_UNKNOWN_LIMIT_MINUTES; tests shorten them). */
export type PayoutTiming = {
  /** A payout whose outcome stays unknown this long goes to the review queue. */
  unknownLimitMs?: number;
  /** A lookup's "not there" is trusted only this long after the send (the gateway's history may lag). */
  absentAfterMs?: number;
  now?: () => Date;
};

const DEFAULT_ABSENT_AFTER_MS = 60_000;

/**
 * One payout attempt for a processing withdrawal without a gateway track id (the payout state
 * machine, services/payment-lifecycle.ts). The attempt is claimed with a lease (a conditional
 * UPDATE), so two workers never act on the same withdrawal at once. The request is stored with
 * `outcomeUnknownSince` before it is sent: a timeout, a connection error, a 5xx or a crash leaves that
 * mark, and the next attempt looks the payout up by its description instead of sending again; only a
 * definite "not there" sends again. "retry" = try later; "review" = a person decides (the hold stays).
 */
export async function sendPayout(
  db: Db,
  withdrawalId: string,
  opts: { origin: string; gateway?: PayoutGateway } & PayoutTiming,
): Promise<SendOutcome> {
  const claimed = await db.$queryRaw<Withdrawal[]>`
    UPDATE "Withdrawal" SET "attempts" = "attempts" + 1,
      "sendingUntil" = now() + make_interval(secs => ${getEnv().PAYOUT_SEND_LEASE_SECONDS}), "updatedAt" = now()
    WHERE "id" = ${withdrawalId} AND "status" = 'processing' AND "trackId" IS NULL
      AND ("sendingUntil" IS NULL OR "sendingUntil" < now())
    RETURNING *`;
  const w = claimed[0];
  if (!w) return "skipped";
  const now = opts.now?.() ?? new Date();
  const release = () => db.withdrawal.updateMany({ where: { id: w.id, status: "processing" }, data: { sendingUntil: null } });
  const gateway = opts.gateway ?? (await getPayoutGateway(db));

  if (decidePayoutAttempt(w) === "lookup" && w.outcomeUnknownSince) {
    const sentAt = w.outcomeUnknownSince;
    let found: "found" | "absent" | "unknown" = "unknown";
    let result: PayoutResult | null = null;
    try {
      const r = await gateway.findPayoutByReference(payoutReference(w.id), w.processedAt ?? w.createdAt);
      if (r === "absent") {
        // Too soon after the send, "not in the history" may only mean "not listed yet".
        found = now.getTime() - sentAt.getTime() >= (opts.absentAfterMs ?? DEFAULT_ABSENT_AFTER_MS) ? "absent" : "unknown";
      } else {
        found = "found";
        result = r;
      }
    } catch (err) {
      logger.warn({ withdrawalId: w.id, err: errText(err) }, "payout lookup failed; outcome still unknown");
    }
    const pastLimit = now.getTime() - sentAt.getTime() > (opts.unknownLimitMs ?? getEnv().PAYOUT_UNKNOWN_LIMIT_MINUTES * 60_000);
    const next = decideAfterLookup(found, pastLimit);
    logger.info({ withdrawalId: w.id, found, next }, "payout outcome looked up");
    if (next === "adopt" && result) return recordPayoutAnswer(db, w, gateway, result);
    if (next === "wait") {
      await release();
      return "retry";
    }
    if (next === "review") {
      await db.$transaction((tx) => openPayoutReview(tx, w, "the gateway's answer never came and its history does not say"));
      await release();
      return "review";
    }
    // "send": the gateway definitely has no such payout.
  }

  let payAmount: string;
  try {
    payAmount = await gateway.quote(w.cryptoCurrency, amountString(w.amount));
  } catch (err) {
    // Nothing was sent: a later attempt may quote again.
    logger.warn({ withdrawalId: w.id, err: errText(err) }, "payout quote failed");
    await release();
    return failureOutcome(err) === "refused" ? failNow(db, w, err) : "retry";
  }
  const body = payoutBody({
    withdrawalId: w.id,
    address: w.address,
    cryptoCurrency: w.cryptoCurrency,
    network: w.network as WithdrawalNetwork,
    payAmount,
    callbackUrl: `${opts.origin}${PAYOUT_WEBHOOK_PATH}`,
  });
  // Stored before sending: from here until a definite answer the outcome is unknown.
  await db.withdrawal.update({
    where: { id: w.id },
    data: { payoutRequest: body, payAmount, provider: gateway.name, outcomeUnknownSince: new Date() },
  });
  let result: PayoutResult;
  try {
    result = await gateway.createPayout(body);
  } catch (err) {
    if (failureOutcome(err) === "refused") return failNow(db, w, err);
    logger.warn({ withdrawalId: w.id, err: errText(err) }, "payout sent without a definite answer; outcome unknown");
    await release();
    return "retry";
  }
  return recordPayoutAnswer(db, w, gateway, result);
}

/** The gateway refused the payout outright (bad address, no funds...): it will not pass later either. */
async function failNow(db: Db, w: Withdrawal, err: unknown): Promise<SendOutcome> {
  const reason = err instanceof Error ? err.message.slice(0, 300) : "payout refused";
  await db.$transaction((tx) => failInTx(tx, w, reason));
  return "failed";
}

/** The gateway has the payout (its answer, or found by reference): keep its track id and settle as the table says. */
async function recordPayoutAnswer(db: Db, w: Withdrawal, gateway: PayoutGateway, result: PayoutResult): Promise<SendOutcome> {
  const action = decidePayoutReport("processing", result.status);
  await db.$transaction(async (tx) => {
    await tx.withdrawal.update({
      where: { id: w.id },
      data: { trackId: result.trackId, provider: gateway.name, sendingUntil: null, outcomeUnknownSince: null },
    });
    if (action === "pay") await payInTx(tx, w, result.txid);
    if (action === "fail") await failInTx(tx, w, `gateway status ${result.status}`);
  });
  logger.info({ withdrawalId: w.id, trackId: result.trackId, status: result.status }, "payout recorded");
  return action === "pay" ? "paid" : action === "fail" ? "failed" : "processing";
}

/** A payout nobody can settle automatically: one review entry per withdrawal; the hold stays. */
async function openPayoutReview(tx: DbTx, w: Withdrawal, why: string) {
  await openReview(tx, {
    kind: "payout_unknown",
    dedupeKey: `payout_unknown:${w.id}`,
    userId: w.userId,
    withdrawalId: w.id,
    amount: w.amount,
    summary: `Payout of $${amountString(w.amount)} (${w.cryptoCurrency} to ${w.address}): ${why}. Check OxaPay's panel for "${payoutReference(w.id)}".`,
    details: { payoutRequest: w.payoutRequest, outcomeUnknownSince: w.outcomeUnknownSince, attempts: w.attempts },
    alertAdmins: true,
  });
}

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Enqueues the payout job inside the approving transaction (src/server/jobs/app-jobs.ts supplies it). */
export type EnqueuePayoutInTx = (tx: DbTx, data: { id: string; origin: string }) => Promise<unknown>;

export async function approveWithdrawal(
  db: Db,
  adminId: string,
  id: string,
  opts: { origin: string; gateway?: PayoutGateway; enqueueInTx?: EnqueuePayoutInTx; sendNow?: boolean } & PayoutTiming,
) {
  const w = await db.withdrawal.findUnique({ where: { id } });
  if (!w) throw notFound("Withdrawal not found");
  // Refuse before the flip when payouts cannot be sent at all (503 "Withdrawals are not configured").
  const gateway = opts.gateway ?? (await getPayoutGateway(db));
  const ok = await db.$transaction(async (tx) => {
    const flipped = await tx.$executeRaw`
      UPDATE "Withdrawal" SET "status" = 'processing', "processedById" = ${adminId}, "processedAt" = now(), "updatedAt" = now()
      WHERE "id" = ${id} AND "status" = 'pending'`;
    if (flipped !== 1) return false;
    await recordAudit(tx, {
      actorId: adminId,
      action: "withdrawal.approve",
      targetType: "withdrawal",
      targetId: w.id,
      before: { status: w.status, amount: amountString(w.amount) },
      after: { status: "processing", cryptoCurrency: w.cryptoCurrency, network: w.network, address: w.address },
    });
    await notify(tx, w.userId, {
      type: "other",
      title: "Withdrawal Approved",
      message: `Your withdrawal of $${amountString(w.amount)} was approved and is being sent.`,
    });
    // The payout job commits with the flip: a crash after this commit still leaves a job to send it.
    await opts.enqueueInTx?.(tx, { id, origin: opts.origin });
    return true;
  }, TX_OPTIONS);
  if (!ok) return alreadyProcessed(db, id);
  logger.info({ withdrawalId: id, adminId }, "withdrawal approved");
  const outcome = opts.sendNow === false ? "processing" : await sendPayout(db, id, { ...opts, gateway });
  const current = await db.withdrawal.findUniqueOrThrow({ where: { id } });
  return {
    message: outcome === "retry" ? "Withdrawal approved; the payout will be retried" : "Withdrawal approved",
    withdrawal: toPublicWithdrawal(current),
  };
}

export async function rejectWithdrawal(db: Db, adminId: string, id: string, reason: string) {
  const why = reason.trim();
  const w = await db.withdrawal.findUnique({ where: { id } });
  if (!w) throw notFound("Withdrawal not found");
  const ok = await db.$transaction(async (tx) => {
    const flipped = await tx.$executeRaw`
      UPDATE "Withdrawal" SET "status" = 'rejected', "rejectionReason" = ${why}, "processedById" = ${adminId},
        "processedAt" = now(), "updatedAt" = now()
      WHERE "id" = ${id} AND "status" = 'pending'`;
    if (flipped !== 1) return false;
    await applyBalanceChange(tx, {
      userId: w.userId,
      amount: w.amount,
      kind: "withdrawal_release",
      reference: w.id,
      note: "rejected",
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: "withdrawal.reject",
      targetType: "withdrawal",
      targetId: w.id,
      before: { status: w.status, amount: amountString(w.amount) },
      after: { status: "rejected", released: amountString(w.amount) },
      reason: why,
    });
    await notify(tx, w.userId, {
      type: "error",
      title: "Withdrawal Rejected",
      message: `Your withdrawal of $${amountString(w.amount)} was rejected: ${why}. The amount is back in your balance.`,
    });
    await mailWithdrawal(tx, { ...w, amount: amountString(w.amount) }, { kind: "rejected", reason: why });
    return true;
  });
  if (!ok) return alreadyProcessed(db, id);
  logger.info({ withdrawalId: id, adminId }, "withdrawal rejected");
  return {
    message: "Withdrawal rejected",
    withdrawal: toPublicWithdrawal(await db.withdrawal.findUniqueOrThrow({ where: { id } })),
  };
}

/**
 * The `withdrawals.payout` job: one more attempt; throws to be retried with back-off. After the last
 * retry a withdrawal that was never sent fails (the hold comes back once); one whose request went out
 * without a definite answer goes to the review queue instead (never released blind). Idempotent: a
 * paid, failed or already recorded withdrawal is skipped.
 */
export async function runPayoutJob(
  db: Db,
  data: { id: string; origin: string },
  job: { retryCount: number },
  opts: { gateway?: PayoutGateway } & PayoutTiming = {},
): Promise<void> {
  const outcome = await sendPayout(db, data.id, { origin: data.origin, ...opts });
  if (outcome !== "retry") return;
  if (job.retryCount >= PAYOUT_RETRY_LIMIT) {
    const w = await db.withdrawal.findUnique({ where: { id: data.id } });
    if (w?.status !== "processing") return;
    if (w.outcomeUnknownSince) {
      await db.$transaction((tx) =>
        openPayoutReview(tx, w, `its outcome stayed unknown after ${PAYOUT_RETRY_LIMIT + 1} attempts`),
      );
    } else {
      await db.$transaction((tx) => failInTx(tx, w, "payout gateway unavailable"));
    }
    return;
  }
  throw new Error(`payout ${data.id}: outcome not settled yet, will retry`);
}

/**
 * An admin settles a payout from the review queue: paid (with the transaction id seen in OxaPay's
 * panel) or failed (the hold comes back once). Closes the entry and flips the withdrawal in one
 * transaction; audited.
 */
export async function settleUnknownPayout(
  db: Db,
  adminId: string,
  input: { id: string; outcome: "paid" | "failed"; txid?: string; reason: string },
) {
  if (input.outcome === "paid" && !input.txid?.trim()) throw badRequest("A paid payout needs the transaction id");
  const result = await db.$transaction(async (tx) => {
    const item = await closePayoutReview(tx, input.id, adminId, input.reason);
    const w = await tx.withdrawal.findUnique({ where: { id: item.withdrawalId } });
    if (!w) throw notFound("Withdrawal not found");
    const changed =
      input.outcome === "paid"
        ? await payInTx(tx, w, input.txid ?? null)
        : await failInTx(tx, w, `settled by an admin: ${input.reason}`);
    if (!changed) throw conflict(`Withdrawal already ${w.status}`);
    await recordAudit(tx, {
      actorId: adminId,
      action: "review.settle_payout",
      targetType: "withdrawal",
      targetId: w.id,
      before: { status: w.status, review: item.id },
      after: { status: input.outcome, txid: input.txid ?? null },
      reason: input.reason,
    });
    return w.id;
  });
  return {
    message: `Payout settled as ${input.outcome}`,
    withdrawal: toPublicWithdrawal(await db.withdrawal.findUniqueOrThrow({ where: { id: result } })),
  };
}

/** The gateway's payout webhook: signed with the payout key; moves processing -> paid / failed once. */
export async function processPayoutWebhook(
  db: Db,
  rawBody: string,
  signature: string | null,
  opts: { gateway?: PayoutGateway; ip?: string } = {},
): Promise<{ changed: boolean; status: string }> {
  const gateway = opts.gateway ?? (await getPayoutGateway(db));
  if (!gateway.verifySignature(rawBody, signature)) {
    logger.warn(
      { gateway: gateway.name, ip: opts.ip, hasSignature: Boolean(signature) },
      "payout webhook refused: invalid signature",
    );
    throw unauthorized("Unauthorized: invalid webhook signature");
  }
  const notice = parsePayoutWebhook(rawBody);
  if (!notice) throw new DomainError("BAD_REQUEST", "Webhook body must be a JSON object with a track_id");
  const w = await db.withdrawal.findUnique({ where: { trackId: notice.trackId } });
  if (!w) {
    logger.warn({ trackId: notice.trackId }, "payout webhook for unknown track id");
    throw notFound("Unknown track id");
  }
  const changed = await db.$transaction((tx) => applyPayoutReport(tx, w, notice.status, notice.txid));
  logger.info({ trackId: notice.trackId, status: notice.status, changed }, "payout webhook");
  return { changed, status: w.status };
}

/** How long a sent payout may wait for its webhook before the reconcile job asks the gateway. */
export const PAYOUT_RECONCILE_AFTER_MINUTES = 10;

/**
 * The `withdrawals.reconcile` job: payouts the gateway accepted (track id known) that are still
 * processing after PAYOUT_RECONCILE_AFTER_MINUTES (a lost webhook) are looked up through the
 * gateway and settled as paid / failed. Idempotent: the same conditional UPDATEs as the webhook.
 */
export async function reconcileProcessingWithdrawals(
  db: Db,
  opts: { gateway?: PayoutGateway; now?: Date; limit?: number } = {},
): Promise<{ checked: number; settled: number }> {
  const gateway = opts.gateway ?? (await getPayoutGateway(db));
  const before = new Date((opts.now ?? new Date()).getTime() - PAYOUT_RECONCILE_AFTER_MINUTES * 60_000);
  const stuck = await db.withdrawal.findMany({
    where: { status: "processing", trackId: { not: null }, provider: gateway.name, updatedAt: { lt: before } },
    orderBy: { updatedAt: "asc" },
    take: opts.limit ?? 50,
  });
  let settled = 0;
  for (const w of stuck) {
    try {
      const info = await gateway.getPayout(w.trackId as string);
      if (!info) continue;
      const changed = await db.$transaction(async (tx) => {
        const settled = await applyPayoutReport(tx, w, info.status, info.txid);
        if (!settled)
          await tx.withdrawal.updateMany({ where: { id: w.id, status: "processing" }, data: { updatedAt: new Date() } });
        return settled;
      });
      if (changed) settled++;
    } catch (err) {
      logger.warn({ withdrawalId: w.id, err: err instanceof Error ? err.message : String(err) }, "payout reconcile failed");
    }
  }
  if (settled) logger.info({ checked: stuck.length, settled }, "payouts reconciled");
  return { checked: stuck.length, settled };
}

/** A gateway report (webhook or lookup) about a withdrawal with a track id, as the payout table decides. */
async function applyPayoutReport(tx: DbTx, w: Withdrawal, status: string, txid: string | null): Promise<boolean> {
  const current = await tx.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
  const action = decidePayoutReport(current.status, status);
  if (action === "pay") return payInTx(tx, current, txid);
  if (action === "fail") return failInTx(tx, current, `gateway status ${status}`);
  if (action === "review_conflict") {
    await openReview(tx, {
      kind: "reconcile_difference",
      dedupeKey: `payout_conflict:${w.id}:${status}`,
      userId: w.userId,
      withdrawalId: w.id,
      amount: w.amount,
      summary: `Withdrawal ${w.id} is ${current.status} here but the gateway reports its payout ${status}.`,
      details: { trackId: w.trackId, status, txid },
      alertAdmins: true,
    });
  }
  return false;
}

/** For the daily reconciliation: one gateway report about a recorded payout, in its own transaction. */
export function applyPayoutReportOnce(db: Db, w: Withdrawal, status: string, txid: string | null): Promise<boolean> {
  return db.$transaction((tx) => applyPayoutReport(tx, w, status, txid));
}
