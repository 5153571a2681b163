/**
 * Withdrawals to crypto wallets (docs/payments.md "Withdrawals"):
 *   request  -> the amount leaves the balance at once (ledger `withdrawal_hold`, reference = id), status pending
 *   approve  -> pending -> processing, then the payout goes to the gateway (sandbox: paid at once);
 *               a gateway outage is retried by the `withdrawals.payout` job
 *   webhook  -> processing -> paid (with the txid) or failed
 *   reject / failed -> the hold comes back once (ledger `withdrawal_release`, same reference)
 * Every status change is a conditional UPDATE on the expected status, so races and repeats change nothing.
 */
import type { Withdrawal } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import { moneyString as amountString } from "@/shared/money";
import { mailWithdrawal } from "../mail/events";
import type { CreateWithdrawalInput } from "@/shared/withdrawals";
import type { Db, DbTx } from "../db";
import { conflict, DomainError, notFound, unauthorized } from "../errors";
import { GatewayError } from "../gateways/gateway";
import { getPayoutGateway, type PayoutGateway, parsePayoutWebhook, payoutOutcome } from "../gateways/payout";
import { logger } from "../logger";
import type { PageQuery } from "@/shared/schemas/paging";
import { cursorRow, olderThan, pageLimit } from "./paging";
import { applyBalanceChange, InsufficientBalanceError } from "./ledger";
import { recordAudit } from "./audit";
import { notify } from "./notifications";

export const PAYOUT_WEBHOOK_PATH = "/api/withdrawals/webhook";
export const PAYOUT_JOB = "withdrawals.payout";
/** Attempts of the payout job after the first failure (then the withdrawal fails and the hold returns). */
export const PAYOUT_RETRY_LIMIT = 5;
/** How long one payout attempt holds its claim (a crashed attempt frees it after this). */
const SEND_LEASE_SECONDS = 120;
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
    UPDATE "Withdrawal" SET "status" = 'failed', "failureReason" = ${reason}, "sendingUntil" = NULL, "updatedAt" = now()
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
      "updatedAt" = now()
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

export type SendOutcome = "paid" | "processing" | "failed" | "retry" | "skipped";

/**
 * One payout attempt for a processing withdrawal without a gateway track id. The attempt is claimed
 * with a lease (a conditional UPDATE), so two workers never send the same withdrawal at once.
 * "retry" = the gateway was unreachable or busy (429/5xx); the caller schedules another attempt.
 */
export async function sendPayout(
  db: Db,
  withdrawalId: string,
  opts: { origin: string; gateway?: PayoutGateway },
): Promise<SendOutcome> {
  const claimed = await db.$queryRaw<Withdrawal[]>`
    UPDATE "Withdrawal" SET "attempts" = "attempts" + 1,
      "sendingUntil" = now() + make_interval(secs => ${SEND_LEASE_SECONDS}), "updatedAt" = now()
    WHERE "id" = ${withdrawalId} AND "status" = 'processing' AND "trackId" IS NULL
      AND ("sendingUntil" IS NULL OR "sendingUntil" < now())
    RETURNING *`;
  const w = claimed[0];
  if (!w) return "skipped";
  const gateway = opts.gateway ?? (await getPayoutGateway(db));
  let payAmount: string;
  let result: Awaited<ReturnType<PayoutGateway["createPayout"]>>;
  try {
    payAmount = await gateway.quote(w.cryptoCurrency, amountString(w.amount));
    result = await gateway.createPayout({
      withdrawalId: w.id,
      address: w.address,
      cryptoCurrency: w.cryptoCurrency,
      network: w.network as never,
      payAmount,
      callbackUrl: `${opts.origin}${PAYOUT_WEBHOOK_PATH}`,
    });
  } catch (err) {
    const retryable = !(err instanceof GatewayError) || err.details?.retryable !== false;
    logger.warn(
      { withdrawalId: w.id, err: err instanceof Error ? err.message : String(err), retryable },
      "payout attempt failed",
    );
    if (retryable) {
      await db.withdrawal.updateMany({ where: { id: w.id, status: "processing" }, data: { sendingUntil: null } });
      return "retry";
    }
    // The gateway refused it (bad address, no funds...): it will not pass later either.
    const reason = err instanceof Error ? err.message.slice(0, 300) : "payout refused";
    await db.$transaction((tx) => failInTx(tx, w, reason));
    return "failed";
  }
  // The gateway accepted it: from here on never release the hold on a database error (the lease
  // expires and the track id is missing: an operator checks it in the gateway panel).
  const outcome = payoutOutcome(result.status);
  await db.$transaction(async (tx) => {
    await tx.withdrawal.update({
      where: { id: w.id },
      data: { trackId: result.trackId, provider: gateway.name, payAmount, sendingUntil: null },
    });
    if (outcome === "paid") await payInTx(tx, w, result.txid);
    if (outcome === "failed") await failInTx(tx, w, `gateway status ${result.status}`);
  });
  logger.info({ withdrawalId: w.id, trackId: result.trackId, status: result.status }, "payout sent");
  return outcome;
}

/** Called by the job queue and after approval: enqueues another attempt (with back-off) when needed. */
export type EnqueuePayout = (data: { id: string; origin: string }) => Promise<unknown>;

export async function approveWithdrawal(
  db: Db,
  adminId: string,
  id: string,
  opts: { origin: string; gateway?: PayoutGateway; enqueueRetry?: EnqueuePayout },
) {
  const w = await db.withdrawal.findUnique({ where: { id } });
  if (!w) throw notFound("Withdrawal not found");
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
    return true;
  });
  if (!ok) return alreadyProcessed(db, id);
  logger.info({ withdrawalId: id, adminId }, "withdrawal approved");
  const outcome = await sendPayout(db, id, opts);
  if (outcome === "retry" && opts.enqueueRetry) await opts.enqueueRetry({ id, origin: opts.origin });
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
 * The `withdrawals.payout` job: one more attempt; throws to be retried with back-off, and after the
 * last attempt fails the withdrawal (the hold comes back). Idempotent: a paid, failed or already
 * sent withdrawal is skipped.
 */
export async function runPayoutJob(
  db: Db,
  data: { id: string; origin: string },
  job: { retryCount: number },
  opts: { gateway?: PayoutGateway } = {},
): Promise<void> {
  const outcome = await sendPayout(db, data.id, { origin: data.origin, gateway: opts.gateway });
  if (outcome !== "retry") return;
  if (job.retryCount >= PAYOUT_RETRY_LIMIT) {
    const w = await db.withdrawal.findUnique({ where: { id: data.id } });
    if (w) await db.$transaction((tx) => failInTx(tx, w, "payout gateway unavailable"));
    return;
  }
  throw new Error(`payout ${data.id}: gateway unavailable, will retry`);
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
  const outcome = payoutOutcome(notice.status);
  const changed = await db.$transaction(async (tx) => {
    if (outcome === "paid") return payInTx(tx, w, notice.txid);
    if (outcome === "failed") return failInTx(tx, w, `gateway status ${notice.status}`);
    return false;
  });
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
      const outcome = payoutOutcome(info.status);
      const changed = await db.$transaction(async (tx) => {
        if (outcome === "paid") return payInTx(tx, w, info.txid);
        if (outcome === "failed") return failInTx(tx, w, `gateway status ${info.status}`);
        await tx.withdrawal.updateMany({ where: { id: w.id, status: "processing" }, data: { updatedAt: new Date() } });
        return false;
      });
      if (changed) settled++;
    } catch (err) {
      logger.warn({ withdrawalId: w.id, err: err instanceof Error ? err.message : String(err) }, "payout reconcile failed");
    }
  }
  if (settled) logger.info({ checked: stuck.length, settled }, "payouts reconciled");
  return { checked: stuck.length, settled };
}
