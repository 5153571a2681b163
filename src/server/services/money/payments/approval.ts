/**
 * An admin approves (credits exactly once, as much as the gateway confirmed) or rejects a top-up;
 * the pending list and the rows the pages show.
 */
import { mailTopUpApproved, mailTopUpRejected } from "../../../mail/events";
import { notify } from "../../kernel";
import type { Payment } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import { LIMITS } from "@/shared/constants";
import { PAYMENT_MESSAGES } from "@/shared/schemas/payments";
import type { Db, DbTx } from "../../../platform/db";
import { badRequest, conflict, DomainError, notFound } from "../../../platform/errors";
import { logger } from "../../../platform/logger";
import { moneyString } from "@/shared/money";
import { FOUR_EYES_MESSAGES, lapseProposal, overFourEyesThreshold, proposeOrConfirm, refuseOwnAccount } from "../../accounts";
import { recordAudit } from "../../kernel";
import { applyBalanceChange } from "../../kernel";
import { PAID_STATUSES } from "./shared";

/** Flips pending -> approved and credits `credit` once; false if the payment was no longer pending. */
export async function approveInTx(
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
  // An override waiting for its second approver lapses once the payment is approved any way (the gateway's too).
  await lapseProposal(tx, "payments.approve", payment.id, adminId);
  const { balance } = await applyBalanceChange(tx, {
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
  refuseOwnAccount(adminId, payment.userId, "payment");
  if (payment.status !== "pending") return processedConflict(db, paymentId);
  const decision = creditDecision(payment, opts);
  // Four eyes: money the gateway never confirmed, credited by override, needs a second staff member.
  const fourEyes = decision.overrideReason !== null && overFourEyesThreshold(decision.credit);
  const ok = await db.$transaction(async (tx) => {
    let proposedBy: string | null = null;
    if (fourEyes) {
      const [locked] = await tx.$queryRaw<
        { status: string }[]
      >`SELECT "status" FROM "Payment" WHERE "id" = ${paymentId} FOR UPDATE`;
      if (locked?.status !== "pending") return false;
      const owner = await tx.user.findUnique({ where: { id: payment.userId }, select: { email: true } });
      const step = await proposeOrConfirm(tx, {
        action: "payments.approve",
        subjectId: paymentId,
        actorId: adminId,
        summary: {
          change: `override ${decision.credit.toFixed(2)}`,
          amount: decision.credit.toFixed(2),
          player: owner?.email ?? "",
          reason: decision.overrideReason ?? "",
        },
      });
      if (step.step === "proposed") {
        await recordAudit(tx, {
          actorId: adminId,
          action: "payment.propose",
          targetType: "payment",
          targetId: payment.id,
          before: { status: payment.status, gatewayStatus: payment.gatewayStatus, amount: moneyString(payment.amount) },
          after: { status: "pending", credit: decision.credit.toFixed(2), proposalId: step.proposal.id },
          reason: decision.overrideReason,
        });
        return "proposed" as const;
      }
      proposedBy = step.proposal.proposedById;
    }
    if (!(await approveInTx(tx, payment, adminId, decision))) return false;
    await recordAudit(tx, {
      actorId: adminId,
      action: decision.overrideReason ? "payment.override" : "payment.approve",
      targetType: "payment",
      targetId: payment.id,
      before: { status: payment.status, gatewayStatus: payment.gatewayStatus, amount: moneyString(payment.amount) },
      after: {
        status: "approved",
        credited: decision.credit.toFixed(2),
        userId: payment.userId,
        ...(proposedBy && { proposedById: proposedBy }),
      },
      reason: decision.overrideReason,
    });
    return true;
  });
  if (!ok) return processedConflict(db, paymentId);
  if (ok === "proposed") {
    return {
      message: FOUR_EYES_MESSAGES.proposed,
      payment: toPaymentRow(await db.payment.findUniqueOrThrow({ where: { id: paymentId } })),
    };
  }
  logger.info(
    { paymentId, adminId, credited: decision.credit.toFixed(2), override: Boolean(decision.overrideReason) },
    "payment approved",
  );
  return { message: "Payment approved", payment: toPaymentRow(await db.payment.findUniqueOrThrow({ where: { id: paymentId } })) };
}

export async function rejectPayment(db: Db, adminId: string, paymentId: string, reason?: string) {
  const why = reason?.trim() || PAYMENT_MESSAGES.defaultRejection;
  const payment = await db.payment.findUnique({ where: { id: paymentId } });
  if (!payment) throw notFound("Payment not found");
  refuseOwnAccount(adminId, payment.userId, "payment");
  const ok = await db.$transaction(async (tx) => {
    const flipped = await tx.$executeRaw`
      UPDATE "Payment" SET "status" = 'rejected', "rejectionReason" = ${why}, "processedById" = ${adminId},
        "processedAt" = now(), "updatedAt" = now()
      WHERE "id" = ${paymentId} AND "status" = 'pending'`;
    if (flipped !== 1) return false;
    await lapseProposal(tx, "payments.approve", paymentId, adminId);
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
