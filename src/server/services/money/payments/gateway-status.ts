/**
 * What the gateway reports (signed webhooks, polls, the daily reconciliation), applied through the
 * payment state machine (services/money/lifecycle.ts); and the reconcile job that polls open invoices.
 */
import { notify } from "../../kernel";
import type { Payment } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import { GATEWAY_STATUS_RANK } from "@/shared/constants";
import type { Db, DbTx } from "../../../platform/db";
import { conflict, DomainError, notFound, unauthorized } from "../../../platform/errors";
import { logger } from "../../../platform/logger";
import { moneyString } from "@/shared/money";
import {
  autoApprovePaid,
  GatewayError,
  type GatewayPaymentInfo,
  getGateway,
  type PaymentGateway,
  parseWebhookBody,
  receivedUsd,
} from "../../../gateways";
import { decidePaymentReport } from "../lifecycle";
import { openReview } from "../review-queue";
import { approveInTx } from "./approval";
import { PAID_STATUSES, UNPAID_STATUSES } from "./shared";

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
 * (services/money/lifecycle.ts): under the payment's row lock the report is checked against the
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
