/**
 * Crypto top-ups: create an invoice at the gateway, record the payment, process signed webhooks,
 * and let an admin approve (credit exactly once) or reject. No network call inside a transaction:
 * the invoice is created first, then the payment row is inserted.
 */
import { mailTopUpApproved, mailTopUpRejected } from "../mail/events";
import { notify } from "./notifications";
import { randomUUID } from "node:crypto";
import type { Payment, User } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import { CRYPTO_LABELS, type CryptoCurrency, GATEWAY_STATUS_RANK, LIMITS } from "@/shared/constants";
import { PAYMENT_MESSAGES } from "@/shared/schemas/payments";
import type { Db, DbTx } from "../db";
import { badRequest, conflict, DomainError, notFound, tooManyRequests, unauthorized } from "../errors";
import { logger } from "../logger";
import { moneyString } from "@/shared/money";
import { COIN_NETWORKS, type WithdrawalNetwork } from "@/shared/networks";
import {
  autoApprovePaid,
  GatewayError,
  type GatewayPaymentInfo,
  getGateway,
  type PaymentGateway,
  parseWebhookBody,
  paymentsSimulated,
  receivedUsd,
} from "../gateways";
import { paymentQrCode } from "../gateways/qr";
import { SandboxGateway } from "../gateways/sandbox";
import { recordAudit } from "./audit";
import { decidePaymentReport } from "./payment-lifecycle";
import { openReview } from "./review-queue";
import { guardSpending } from "./responsible-play";
import { applyBalanceChange } from "./ledger";

export const WEBHOOK_PATH = "/api/payments/webhook";
/** Gateway statuses that mean the money arrived (credited automatically when AUTO_APPROVE_PAID=true). */
export const PAID_STATUSES = new Set(["paid", "manual_accept"]);

export const badGateway = (m: string) => new DomainError("BAD_GATEWAY", m);

/** Gateway statuses of a top-up that is still waiting for money (before paid / expired / failed). */
const UNPAID_STATUSES = Object.entries(GATEWAY_STATUS_RANK)
  .filter(([, rank]) => rank < (GATEWAY_STATUS_RANK.paid ?? 4))
  .map(([status]) => status);
/** A top-up without an expiry from its gateway stops counting as open after this long. */
const OPEN_WITHOUT_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** The player's open top-ups: pending, not yet paid, not expired. */
function openTopUps(db: DbTx, userId: string, now = new Date()) {
  return db.payment.count({
    where: {
      userId,
      status: "pending",
      gatewayStatus: { in: UNPAID_STATUSES },
      OR: [{ expiresAt: { gt: now } }, { expiresAt: null, createdAt: { gt: new Date(now.getTime() - OPEN_WITHOUT_EXPIRY_MS) } }],
    },
  });
}

/** 429 when the player already has LIMITS.openTopUpsMax open top-ups. */
async function guardOpenTopUps(db: DbTx, userId: string): Promise<void> {
  if ((await openTopUps(db, userId)) >= LIMITS.openTopUpsMax) throw tooManyRequests(PAYMENT_MESSAGES.tooManyOpen);
}

export type CreatePaymentResult = {
  success: true;
  message: string;
  instructions: { en: string };
  payLink: string;
  qrCode: string | null;
  address: string | null;
  trackId: string;
  payAmount: string | null;
  /** The currency of payAmount (the chosen crypto). The USD amount is `amount`. */
  currency: string;
  /** The chain to send on (TRC20, ERC20, BEP20, BTC). */
  network: WithdrawalNetwork;
  /** When the invoice stops accepting money (the pay page counts down to it). */
  expiresAt: Date | null;
  amount: string;
  paymentId: string;
};

export async function createPayment(
  db: Db,
  user: Pick<User, "id" | "email">,
  input: { amount: string; currency: string; cryptoCurrency: CryptoCurrency; network?: WithdrawalNetwork },
  opts: { origin: string; gateway?: PaymentGateway },
): Promise<CreatePaymentResult> {
  // Responsible play: no top-up while self-excluded (or before the age declaration, when required).
  await db.$transaction((tx) => guardSpending(tx, user.id, null));
  // At most LIMITS.openTopUpsMax open top-ups per player: checked before the gateway is asked, and
  // again under the player's row lock when the payment is stored (concurrent requests).
  await guardOpenTopUps(db, user.id);
  const gateway = opts.gateway ?? (await getGateway(db));
  const id = randomUUID();
  const amount = new Prisma.Decimal(input.amount);
  const usd = amount.toFixed(2);
  const network = input.network ?? COIN_NETWORKS[input.cryptoCurrency][0] ?? "BTC";
  let invoice: Awaited<ReturnType<PaymentGateway["createInvoice"]>>;
  try {
    invoice = await gateway.createInvoice({
      orderId: id,
      amount: usd,
      currency: input.currency,
      cryptoCurrency: input.cryptoCurrency,
      network,
      description: `Balance top-up of $${usd} (${CRYPTO_LABELS[input.cryptoCurrency]})`,
      callbackUrl: `${opts.origin}${WEBHOOK_PATH}`,
      returnUrl: `${opts.origin}/payments`,
      email: user.email,
      appOrigin: opts.origin,
    });
  } catch (err) {
    if (err instanceof GatewayError) {
      logger.error({ err, details: err.details, gateway: gateway.name, userId: user.id }, "payment invoice failed");
      throw badGateway(`Payment gateway error: ${err.message}. No payment was created; please try again later.`);
    }
    throw err;
  }
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${user.id} FOR UPDATE`;
    await guardOpenTopUps(tx, user.id);
    await tx.payment.create({
      data: {
        id,
        userId: user.id,
        amount,
        currency: input.currency,
        cryptoCurrency: input.cryptoCurrency,
        network,
        provider: gateway.name,
        trackId: invoice.trackId,
        payAmount: invoice.payAmount,
        payLink: invoice.payLink,
        address: invoice.address,
        gatewayStatus: invoice.gatewayStatus,
        expiresAt: invoice.expiresAt,
      },
    });
  });
  logger.info({ paymentId: id, trackId: invoice.trackId, gateway: gateway.name }, "payment created");
  const instructions =
    invoice.address && invoice.payAmount
      ? `Send ${invoice.payAmount} ${input.cryptoCurrency} to ${invoice.address}. Your balance is credited with $${usd} once the payment is confirmed and approved.`
      : `Complete your payment of $${usd} in ${CRYPTO_LABELS[input.cryptoCurrency]} (${input.cryptoCurrency}) on the payment page. Your balance is credited once the payment is confirmed and approved.`;
  return {
    success: true,
    message: "Payment created successfully",
    instructions: { en: instructions },
    payLink: invoice.payLink,
    qrCode: invoice.qrCode,
    address: invoice.address,
    trackId: invoice.trackId,
    payAmount: invoice.payAmount,
    currency: input.cryptoCurrency,
    network,
    expiresAt: invoice.expiresAt,
    amount: usd,
    paymentId: id,
  };
}

export type WebhookResult = { changed: boolean; status: string; approved: boolean };

/**
 * A gateway webhook: only a valid signature is accepted (else 401, logged); unknown track id ->
 * 404 (logged). When the notice's amount, currency or order id differ from the payment (OxaPay's
 * payloads vary), it is not trusted as is: the payment-information endpoint is asked and its answer
 * used, and only if that disagrees too is the webhook refused (400). The status change is a
 * conditional UPDATE that only moves forward, so a repeated or concurrent delivery changes nothing.
 */
export async function processWebhook(
  db: Db,
  rawBody: string,
  signature: string | null,
  opts: { gateway?: PaymentGateway; autoApprove?: boolean; ip?: string } = {},
): Promise<WebhookResult> {
  const gateway = opts.gateway ?? (await getGateway(db));
  if (!gateway.verifySignature(rawBody, signature)) {
    logger.warn(
      { gateway: gateway.name, ip: opts.ip, hasSignature: Boolean(signature), bytes: rawBody.length },
      "payment webhook refused: invalid signature",
    );
    throw unauthorized("Unauthorized: invalid webhook signature");
  }
  const notice = parseWebhookBody(rawBody);
  if (!notice) {
    logger.warn({ gateway: gateway.name }, "payment webhook refused: no track_id in body");
    throw new DomainError("BAD_REQUEST", "Webhook body must be a JSON object with a track_id");
  }
  const payment = await db.payment.findUnique({ where: { trackId: notice.trackId } });
  if (!payment) {
    logger.warn({ trackId: notice.trackId, status: notice.status }, "payment webhook for unknown track id");
    throw notFound("Unknown track id");
  }
  if (payment.provider !== gateway.name) {
    logger.warn({ trackId: notice.trackId, provider: payment.provider }, "payment webhook from another gateway");
    throw conflict("Payment was created through another gateway");
  }
  let report: Pick<GatewayPaymentInfo, "status" | "txs"> & { payload: Record<string, unknown> } = notice;
  const mismatch = mismatchOf(payment, notice);
  if (mismatch) {
    const info = await gateway
      .getPayment(payment.trackId, { status: payment.gatewayStatus, expiresAt: payment.expiresAt })
      .catch(() => null);
    // Only the gateway's own record of the invoice confirms (the sandbox has none: it reports no amount).
    const confirmed = info !== null && info.amount !== null && !mismatchOf(payment, info);
    logger.warn(
      {
        trackId: notice.trackId,
        field: mismatch,
        got: { amount: notice.amount, currency: notice.currency },
        confirmed: Boolean(confirmed),
      },
      "payment webhook differs from the payment; reconciled against the gateway",
    );
    if (!info || !confirmed) throw new DomainError("BAD_REQUEST", `Webhook ${mismatch} does not match the payment`);
    report = { status: info.status, txs: info.txs, payload: { webhook: notice.payload, confirmedBy: info.payload ?? null } };
  }
  // The sandbox's payments are simulated: they never credit without an admin, whatever the caller asks.
  const autoApprove = (opts.autoApprove ?? autoApprovePaid()) && gateway.name !== "sandbox";
  const result = await applyGatewayStatus(db, payment, report, { autoApprove });
  logger.info(
    { trackId: notice.trackId, status: report.status, ...result },
    result.changed ? "payment webhook recorded" : "payment webhook repeated; nothing changed",
  );
  return { changed: result.changed, approved: result.approved, status: result.changed ? report.status : payment.gatewayStatus };
}

/** Which of amount, currency, order id a gateway report contradicts (USD amount and currency of the invoice). */
function mismatchOf(payment: Payment, report: { amount: string | null; currency: string | null; orderId: string | null }) {
  return (
    (report.amount !== null && !new Prisma.Decimal(report.amount).eq(payment.amount) && "amount") ||
    (report.currency !== null && report.currency !== payment.currency && "currency") ||
    (report.orderId !== null && report.orderId !== payment.id && "order_id") ||
    null
  );
}

/**
 * Records what the gateway says (webhook or reconcile) as the payment state machine decides
 * (services/payment-lifecycle.ts): under the payment's row lock the report is checked against the
 * current local and gateway status (duplicates and out-of-order reports change nothing), the
 * received value only grows, a paid invoice is credited when auto-approval is on, a dead one leaves
 * the pending list, and money we can no longer take automatically (late, after a reject, a refund
 * after a credit) opens a review-queue entry. One transaction; false `changed` when nothing was new.
 */
async function applyGatewayStatus(
  db: Db,
  payment: Payment,
  report: Pick<GatewayPaymentInfo, "status" | "txs"> & { payload: Record<string, unknown> },
  opts: { autoApprove: boolean },
): Promise<{ changed: boolean; approved: boolean; expired: boolean }> {
  const unchanged = { changed: false, approved: false, expired: false };
  if (GATEWAY_STATUS_RANK[report.status] === undefined) {
    logger.warn({ trackId: payment.trackId, status: report.status }, "gateway status unknown; ignored");
    return unchanged;
  }
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Payment" WHERE "id" = ${payment.id} FOR UPDATE`;
    const current = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
    const reported = receivedUsd(current, report.txs);
    // "paid" without transactions we can value: the whole invoice arrived.
    const value = reported ?? (PAID_STATUSES.has(report.status) ? current.amount : null);
    const known = current.receivedAmount;
    const moneyGrew = value !== null && (known === null || value.gt(known));
    const received = moneyGrew ? value : known;
    const decision = decidePaymentReport(current.status, current.gatewayStatus, report.status, {
      moneyGrew,
      hasMoney: received?.gt(0) ?? false,
      moneyBeyondCredit: received !== null && current.creditedAmount !== null && received.gt(current.creditedAmount),
    });
    if (!decision.record) return unchanged;
    await tx.payment.update({
      where: { id: current.id },
      data: { gatewayStatus: report.status, receivedAmount: received ?? undefined },
    });
    await tx.paymentEvent.create({
      data: { paymentId: current.id, status: report.status, payload: report.payload as Prisma.InputJsonValue },
    });
    const fresh = { ...current, gatewayStatus: report.status, receivedAmount: received };
    let approved = false;
    let expired = false;
    switch (decision.effect) {
      case "credit_if_auto":
        if (opts.autoApprove) approved = await approveInTx(tx, fresh, null, { credit: current.amount, overrideReason: null });
        break;
      case "expire":
        expired = await expireInTx(tx, fresh, false);
        break;
      case "expire_and_review":
        expired = await expireInTx(tx, fresh, true);
        await openLatePaymentReview(tx, fresh, received ?? current.amount, report.status);
        break;
      case "review_late": {
        const due = current.status === "approved" && received ? received.sub(current.creditedAmount ?? 0) : received;
        if (due?.gt(0)) await openLatePaymentReview(tx, fresh, due, report.status);
        break;
      }
      case "review_refund":
        await openReview(tx, {
          kind: "refund_after_credit",
          dedupeKey: `refund_after_credit:${current.id}`,
          userId: current.userId,
          paymentId: current.id,
          amount: current.creditedAmount ?? current.amount,
          summary: `Top-up ${current.trackId} was credited $${moneyString(current.creditedAmount ?? current.amount)}, then the gateway reported it ${report.status}.`,
          details: { trackId: current.trackId, gatewayStatus: report.status },
          alertAdmins: true,
        });
        break;
      case "record":
        break;
    }
    return { changed: true, approved, expired };
  });
}

/** A gateway report from elsewhere (the daily reconciliation), through the same state machine as webhooks and polls. */
export function recordGatewayReport(db: Db, payment: Payment, info: GatewayPaymentInfo, source: string) {
  return applyGatewayStatus(
    db,
    payment,
    { status: info.status, txs: info.txs, payload: { source, ...(info.payload ?? {}) } },
    { autoApprove: autoApprovePaid() && payment.provider !== "sandbox" },
  );
}

/** Money on an invoice we can no longer credit automatically: one review entry per payment. */
async function openLatePaymentReview(tx: DbTx, payment: Payment, value: Prisma.Decimal, status: string) {
  await openReview(tx, {
    kind: "late_payment",
    dedupeKey: `late_payment:${payment.id}:${payment.status === "approved" ? "extra" : "late"}`,
    userId: payment.userId,
    paymentId: payment.id,
    amount: value,
    summary: `$${value.toFixed(2)} arrived on top-up ${payment.trackId} (invoice $${moneyString(payment.amount)}, ${payment.status} here, gateway ${status}).`,
    details: {
      trackId: payment.trackId,
      invoice: moneyString(payment.amount),
      payAmount: payment.payAmount,
      gatewayStatus: status,
    },
    alertAdmins: true,
  });
}

/** pending -> expired (the gateway will not take money for it any more); the player is told. */
async function expireInTx(tx: DbTx, payment: Payment, moneyArrived: boolean): Promise<boolean> {
  const flipped = await tx.$executeRaw`
    UPDATE "Payment" SET "status" = 'expired', "processedAt" = now(), "updatedAt" = now()
    WHERE "id" = ${payment.id} AND "status" = 'pending'`;
  if (flipped !== 1) return false;
  await notify(tx, payment.userId, {
    type: "warning",
    title: "Payment Expired",
    message: moneyArrived
      ? `Your top-up of $${moneyString(payment.amount)} expired with part of the payment received. An admin will review what arrived and credit it.`
      : `Your top-up of $${moneyString(payment.amount)} expired before a payment arrived. Nothing was charged; you can start a new top-up at any time.`,
  });
  return true;
}

/** Flips pending -> approved and credits `credit` once; false if the payment was no longer pending. */
async function approveInTx(
  tx: DbTx,
  payment: Payment,
  adminId: string | null,
  decision: { credit: Prisma.Decimal; overrideReason: string | null },
): Promise<boolean> {
  const credit = decision.credit.toFixed(2);
  const flipped = await tx.$executeRaw`
    UPDATE "Payment" SET "status" = 'approved', "processedById" = ${adminId}, "processedAt" = now(),
      "creditedAmount" = ${credit}::numeric, "overrideReason" = ${decision.overrideReason}, "updatedAt" = now()
    WHERE "id" = ${payment.id} AND "status" = 'pending'`;
  if (flipped !== 1) return false;
  const balance = await applyBalanceChange(tx, {
    userId: payment.userId,
    amount: decision.credit,
    kind: "topup",
    reference: payment.id,
    note: `${payment.provider} ${payment.trackId}`,
  });
  const partial = !decision.credit.eq(payment.amount);
  await notify(tx, payment.userId, {
    type: "success",
    title: "Payment Approved",
    message: partial
      ? `Your payment of $${moneyString(payment.amount)} arrived short: the $${credit} received has been added to your balance.`
      : `Your payment of $${moneyString(payment.amount)} has been approved and added to your balance.`,
  });
  await mailTopUpApproved(tx, { ...payment, amount: credit }, moneyString(balance));
  return true;
}

async function processedConflict(db: DbTx, id: string): Promise<never> {
  const current = await db.payment.findUnique({ where: { id }, select: { status: true } });
  if (!current) throw notFound("Payment not found");
  throw conflict(`Payment already ${current.status}`);
}

export type ApproveOptions = {
  /** Approve although the gateway has not said paid (the admin checked the money arrived). */
  override?: boolean;
  /** Required with override: why; kept on the payment and in the audit log. */
  reason?: string;
};

/**
 * What an approval may credit, decided from the gateway's view (never the admin's):
 * - paid / manual accept: the invoice amount;
 * - underpaid: the received value (never more), once the gateway has reported it;
 * - anything else: 409, unless the admin overrides with a reason (the invoice amount, or the
 *   received value when one is known).
 */
export function creditDecision(
  payment: Payment,
  opts: ApproveOptions,
): { credit: Prisma.Decimal; overrideReason: string | null } {
  const received = payment.receivedAmount ? Prisma.Decimal.min(payment.receivedAmount, payment.amount) : null;
  if (PAID_STATUSES.has(payment.gatewayStatus)) return { credit: payment.amount, overrideReason: null };
  if (payment.gatewayStatus === "underpaid" && received?.gt(0)) return { credit: received, overrideReason: null };
  if (!opts.override) {
    throw conflict(
      payment.gatewayStatus === "underpaid"
        ? "The gateway reports an underpayment but not yet how much arrived. Wait for its next status check, or approve with an override and a reason."
        : `The gateway has not confirmed this payment (status: ${payment.gatewayStatus}). Approve it only with an override and a reason.`,
    );
  }
  const reason = opts.reason?.trim();
  if (!reason) throw badRequest(PAYMENT_MESSAGES.overrideReason);
  return { credit: received?.gt(0) ? received : payment.amount, overrideReason: reason };
}

export async function approvePayment(db: Db, adminId: string, paymentId: string, opts: ApproveOptions = {}) {
  const payment = await db.payment.findUnique({ where: { id: paymentId } });
  if (!payment) throw notFound("Payment not found");
  if (payment.status !== "pending") return processedConflict(db, paymentId);
  const decision = creditDecision(payment, opts);
  const ok = await db.$transaction(async (tx) => {
    if (!(await approveInTx(tx, payment, adminId, decision))) return false;
    await recordAudit(tx, {
      actorId: adminId,
      action: decision.overrideReason ? "payment.override" : "payment.approve",
      targetType: "payment",
      targetId: payment.id,
      before: { status: payment.status, gatewayStatus: payment.gatewayStatus, amount: moneyString(payment.amount) },
      after: { status: "approved", credited: decision.credit.toFixed(2), userId: payment.userId },
      reason: decision.overrideReason,
    });
    return true;
  });
  if (!ok) return processedConflict(db, paymentId);
  logger.info(
    { paymentId, adminId, credited: decision.credit.toFixed(2), override: Boolean(decision.overrideReason) },
    "payment approved",
  );
  return { message: "Payment approved", payment: toPaymentRow(await db.payment.findUniqueOrThrow({ where: { id: paymentId } })) };
}

/** Invoices quiet this long (or past their expiry) are asked about by the reconcile job. */
export const RECONCILE_AFTER_MINUTES = 10;
/** The same invoice is asked about at most this often. */
export const RECONCILE_EVERY_MINUTES = 5;
const RECONCILE_BATCH = 50;

/**
 * The payments reconcile job (src/server/jobs/app-jobs.ts): OxaPay's webhooks only promise
 * "paying" and "paid" and give up after five tries, so open invoices past their expiry or quiet for
 * RECONCILE_AFTER_MINUTES are looked up at the gateway's payment-information endpoint and recorded
 * as a webhook would be (paid, underpaid with the received value, expired: off the pending list).
 * Idempotent (forward-only updates); throws when every lookup failed so the queue retries with back-off.
 */
export async function reconcileOpenPayments(db: Db, opts: { gateway?: PaymentGateway; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const quietSince = new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000);
  const checkedBefore = new Date(now.getTime() - RECONCILE_EVERY_MINUTES * 60_000);
  const candidates = await db.payment.findMany({
    where: {
      status: "pending",
      gatewayStatus: { in: UNPAID_STATUSES },
      AND: [
        { OR: [{ expiresAt: { lte: now } }, { createdAt: { lte: quietSince } }] },
        { OR: [{ checkedAt: null }, { checkedAt: { lte: checkedBefore } }] },
      ],
    },
    orderBy: { checkedAt: { sort: "asc", nulls: "first" } },
    take: RECONCILE_BATCH,
  });
  const tally = { checked: 0, changed: 0, expired: 0, failed: 0 };
  if (candidates.length === 0) return tally;
  const gateway = opts.gateway ?? (await getGateway(db));
  for (const payment of candidates) {
    if (payment.provider !== gateway.name) continue;
    let info: GatewayPaymentInfo;
    try {
      info = await gateway.getPayment(payment.trackId, { status: payment.gatewayStatus, expiresAt: payment.expiresAt });
    } catch (err) {
      tally.failed++;
      logger.warn({ err, trackId: payment.trackId }, "payment reconcile: gateway lookup failed");
      continue;
    }
    tally.checked++;
    await db.payment.update({ where: { id: payment.id }, data: { checkedAt: now } });
    if (info.orderId !== null && info.orderId !== payment.id) {
      logger.error(
        { trackId: payment.trackId, orderId: info.orderId },
        "payment reconcile: gateway order id differs; left for an admin",
      );
      continue;
    }
    const r = await applyGatewayStatus(
      db,
      payment,
      { status: info.status, txs: info.txs, payload: { source: "reconcile", ...(info.payload ?? {}) } },
      { autoApprove: autoApprovePaid() && gateway.name !== "sandbox" },
    );
    if (r.changed) tally.changed++;
    if (r.expired) tally.expired++;
  }
  logger.info(tally, "payments reconciled");
  if (tally.failed > 0 && tally.checked === 0) throw new GatewayError(`Payment gateway lookups failed (${tally.failed})`);
  return tally;
}

export async function rejectPayment(db: Db, adminId: string, paymentId: string, reason?: string) {
  const why = reason?.trim() || PAYMENT_MESSAGES.defaultRejection;
  const payment = await db.payment.findUnique({ where: { id: paymentId } });
  if (!payment) throw notFound("Payment not found");
  const ok = await db.$transaction(async (tx) => {
    const flipped = await tx.$executeRaw`
      UPDATE "Payment" SET "status" = 'rejected', "rejectionReason" = ${why}, "processedById" = ${adminId},
        "processedAt" = now(), "updatedAt" = now()
      WHERE "id" = ${paymentId} AND "status" = 'pending'`;
    if (flipped !== 1) return false;
    await recordAudit(tx, {
      actorId: adminId,
      action: "payment.reject",
      targetType: "payment",
      targetId: payment.id,
      before: { status: payment.status, gatewayStatus: payment.gatewayStatus, amount: moneyString(payment.amount) },
      after: { status: "rejected" },
      reason: why,
    });
    await notify(tx, payment.userId, {
      type: "error",
      title: "Payment Rejected",
      message: `Your payment of $${moneyString(payment.amount)} was rejected: ${why}`,
    });
    await mailTopUpRejected(tx, { ...payment, amount: moneyString(payment.amount) }, why);
    return true;
  });
  if (!ok) return processedConflict(db, paymentId);
  logger.info({ paymentId, adminId }, "payment rejected");
  return { message: "Payment rejected", payment: toPaymentRow(await db.payment.findUniqueOrThrow({ where: { id: paymentId } })) };
}

/**
 * docs/product.md §3 "Pending payment" plus gateway status, provider (sandbox payments are badged) and
 * the payer's email. Oldest first, a page at a time (keyset: `cursor` = the last id of the previous page).
 */
export async function listPendingPayments(db: Db, opts: { limit?: number; cursor?: string } = {}) {
  const limit = Math.min(opts.limit ?? LIMITS.pendingPaymentsPage, LIMITS.pendingPaymentsPageMax);
  const after = opts.cursor
    ? await db.payment.findUnique({ where: { id: opts.cursor }, select: { id: true, createdAt: true } })
    : null;
  if (opts.cursor && !after) throw new DomainError("BAD_REQUEST", "Unknown cursor");
  const rows = await db.payment.findMany({
    where: {
      status: "pending",
      ...(after && {
        OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }],
      }),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { user: { select: { email: true } } },
    take: limit,
  });
  return rows.map((p) => ({
    id: p.id,
    amount: moneyString(p.amount),
    currency: p.currency,
    cryptoCurrency: p.cryptoCurrency,
    createdAt: p.createdAt,
    oxapayTrackId: p.trackId,
    oxapayPayAmount: p.payAmount,
    gatewayStatus: p.gatewayStatus,
    network: p.network,
    expiresAt: p.expiresAt,
    receivedAmount: p.receivedAmount ? moneyString(p.receivedAmount) : null,
    approval: approvalPreview(p),
    provider: p.provider,
    userId: p.userId,
    userEmail: p.user.email,
  }));
}

/** What Approve would credit now, or that it needs an override (decided here, shown by the admin page). */
export function approvalPreview(p: Payment): { credit: string | null; needsOverride: boolean } {
  try {
    return { credit: creditDecision(p, {}).credit.toFixed(2), needsOverride: false };
  } catch {
    return { credit: null, needsOverride: true };
  }
}

export function toPaymentRow(p: Payment) {
  return {
    id: p.id,
    amount: moneyString(p.amount),
    currency: p.currency,
    cryptoCurrency: p.cryptoCurrency,
    provider: p.provider,
    trackId: p.trackId,
    payAmount: p.payAmount,
    payLink: p.payLink,
    address: p.address,
    gatewayStatus: p.gatewayStatus,
    network: p.network,
    status: p.status,
    receivedAmount: p.receivedAmount ? moneyString(p.receivedAmount) : null,
    creditedAmount: p.creditedAmount ? moneyString(p.creditedAmount) : null,
    overrideReason: p.overrideReason,
    rejectionReason: p.rejectionReason,
    processedAt: p.processedAt,
    expiresAt: p.expiresAt,
    createdAt: p.createdAt,
  };
}

/** The player's own payments, newest first. */
export async function listMyPayments(db: Db, userId: string) {
  const rows = await db.payment.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: 200 });
  return rows.map(toPaymentRow);
}

/** The sandbox pay page's data: only the payment's owner (or an admin) may see it. */
export async function getPayPage(db: Db, user: Pick<User, "id" | "role">, trackId: string) {
  const p = await db.payment.findUnique({ where: { trackId } });
  if (!p || (p.userId !== user.id && user.role !== "admin")) throw notFound("Payment not found");
  const qrCode = p.address && p.payAmount ? await paymentQrCode(p.cryptoCurrency, p.address, p.payAmount) : null;
  const isSandbox = p.provider === "sandbox";
  // Only the owner may pay (simulate), and only while the sandbox is the configured gateway.
  return { ...toPaymentRow(p), qrCode, isSandbox, canSimulate: isSandbox && p.userId === user.id && paymentsSimulated() };
}

/**
 * Sandbox only: the "Simulate payment" button and `POST /api/payments/sandbox/{trackId}/pay`. The
 * server plays the gateway: it signs a 'Paid' webhook with this installation's sandbox key and hands
 * it to processWebhook in-process (the same checks as a delivered one), never over the network.
 * Only the payment's owner; 404 when a real gateway is configured or the payment is not a sandbox one.
 */
export async function simulateSandboxPayment(
  db: Db,
  user: Pick<User, "id">,
  trackId: string,
  opts: {
    gateway?: PaymentGateway /** USD actually sent; less than the invoice simulates an underpayment. */;
    usd?: string;
  } = {},
) {
  if (!opts.gateway && !paymentsSimulated()) throw notFound("Not found: simulated payments exist only in the sandbox");
  const p = await db.payment.findUnique({ where: { trackId } });
  if (!p || p.userId !== user.id || p.provider !== "sandbox") throw notFound("Payment not found");
  const gateway = opts.gateway ?? (await getGateway(db));
  if (!(gateway instanceof SandboxGateway)) throw notFound("Not found: simulated payments exist only in the sandbox");
  const sent = opts.usd ? Prisma.Decimal.min(new Prisma.Decimal(opts.usd), p.amount) : p.amount;
  const short = sent.lt(p.amount);
  const cryptoSent =
    short && p.payAmount
      ? new Prisma.Decimal(p.payAmount).mul(sent).div(p.amount).toDecimalPlaces(8, Prisma.Decimal.ROUND_DOWN).toFixed()
      : p.payAmount;
  const payload = {
    track_id: p.trackId,
    status: short ? "Underpaid" : "Paid",
    type: "invoice",
    amount: Number(p.amount.toFixed(2)),
    currency: p.currency,
    order_id: p.id,
    description: "SANDBOX simulated payment",
    date: Math.floor(Date.now() / 1000),
    txs: [
      {
        status: "confirmed",
        tx_hash: `sandbox-${p.trackId}`,
        amount: cryptoSent,
        currency: p.cryptoCurrency,
        address: p.address,
        confirmations: 1,
      },
    ],
  };
  const { body, signature } = gateway.signedWebhook(payload);
  await processWebhook(db, body, signature, { gateway });
  const after = await db.payment.findUniqueOrThrow({ where: { id: p.id } });
  return { message: "Simulated payment delivered", payment: toPaymentRow(after) };
}
