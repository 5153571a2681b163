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
import { conflict, DomainError, notFound, tooManyRequests, unauthorized } from "../errors";
import { logger } from "../logger";
import { moneyString } from "@/shared/money";
import { autoApprovePaid, GatewayError, getGateway, type PaymentGateway, parseWebhookBody, paymentsSimulated } from "../gateways";
import { SandboxGateway, sandboxQrCode } from "../gateways/sandbox";
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
  amount: string;
  paymentId: string;
};

export async function createPayment(
  db: Db,
  user: Pick<User, "id" | "email">,
  input: { amount: string; currency: string; cryptoCurrency: CryptoCurrency },
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
  let invoice: Awaited<ReturnType<PaymentGateway["createInvoice"]>>;
  try {
    invoice = await gateway.createInvoice({
      orderId: id,
      amount: usd,
      currency: input.currency,
      cryptoCurrency: input.cryptoCurrency,
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
    amount: usd,
    paymentId: id,
  };
}

export type WebhookResult = { changed: boolean; status: string; approved: boolean };

/**
 * A gateway webhook: only a valid signature is accepted (else 401, logged); unknown track id ->
 * 404 (logged); amount/currency must match the payment (else 400, logged). The status change is a
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
  const mismatch =
    (notice.amount !== null && !new Prisma.Decimal(notice.amount).eq(payment.amount) && "amount") ||
    (notice.currency !== null && notice.currency !== payment.currency && "currency") ||
    (notice.orderId !== null && notice.orderId !== payment.id && "order_id");
  if (mismatch) {
    logger.error(
      { trackId: notice.trackId, field: mismatch, got: { amount: notice.amount, currency: notice.currency } },
      "payment webhook does not match the payment",
    );
    throw new DomainError("BAD_REQUEST", `Webhook ${mismatch} does not match the payment`);
  }
  const rank = GATEWAY_STATUS_RANK[notice.status];
  if (rank === undefined) {
    logger.warn({ trackId: notice.trackId, status: notice.status }, "payment webhook with unknown status ignored");
    return { changed: false, status: payment.gatewayStatus, approved: false };
  }
  const lower = Object.entries(GATEWAY_STATUS_RANK)
    .filter(([, r]) => r < rank)
    .map(([s]) => s);
  // The sandbox's payments are simulated: they never credit without an admin, whatever the caller asks.
  const autoApprove = (opts.autoApprove ?? autoApprovePaid()) && gateway.name !== "sandbox";
  const result = await db.$transaction(async (tx) => {
    const changed = await tx.$executeRaw`
      UPDATE "Payment" SET "gatewayStatus" = ${notice.status}, "updatedAt" = now()
      WHERE "id" = ${payment.id} AND "gatewayStatus" = ANY(${lower}::text[])`;
    if (changed !== 1) return { changed: false, approved: false };
    await tx.paymentEvent.create({
      data: { paymentId: payment.id, status: notice.status, payload: notice.payload as Prisma.InputJsonValue },
    });
    let approved = false;
    if (autoApprove && PAID_STATUSES.has(notice.status)) {
      approved = await approveInTx(tx, payment, null);
    }
    return { changed: true, approved };
  });
  logger.info(
    { trackId: notice.trackId, status: notice.status, ...result },
    result.changed ? "payment webhook recorded" : "payment webhook repeated; nothing changed",
  );
  return { ...result, status: notice.status };
}

/** Flips pending -> approved and credits once; false if the payment was no longer pending. */
async function approveInTx(tx: DbTx, payment: Payment, adminId: string | null): Promise<boolean> {
  const flipped = await tx.$executeRaw`
    UPDATE "Payment" SET "status" = 'approved', "processedById" = ${adminId}, "processedAt" = now(), "updatedAt" = now()
    WHERE "id" = ${payment.id} AND "status" = 'pending'`;
  if (flipped !== 1) return false;
  const balance = await applyBalanceChange(tx, {
    userId: payment.userId,
    amount: payment.amount,
    kind: "topup",
    reference: payment.id,
    note: `${payment.provider} ${payment.trackId}`,
  });
  await notify(tx, payment.userId, {
    type: "success",
    title: "Payment Approved",
    message: `Your payment of $${moneyString(payment.amount)} has been approved and added to your balance.`,
  });
  await mailTopUpApproved(tx, { ...payment, amount: moneyString(payment.amount) }, moneyString(balance));
  return true;
}

async function processedConflict(db: DbTx, id: string): Promise<never> {
  const current = await db.payment.findUnique({ where: { id }, select: { status: true } });
  if (!current) throw notFound("Payment not found");
  throw conflict(`Payment already ${current.status}`);
}

export async function approvePayment(db: Db, adminId: string, paymentId: string) {
  const payment = await db.payment.findUnique({ where: { id: paymentId } });
  if (!payment) throw notFound("Payment not found");
  const ok = await db.$transaction((tx) => approveInTx(tx, payment, adminId));
  if (!ok) return processedConflict(db, paymentId);
  logger.info({ paymentId, adminId }, "payment approved");
  return { message: "Payment approved", payment: toPaymentRow(await db.payment.findUniqueOrThrow({ where: { id: paymentId } })) };
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
    provider: p.provider,
    userId: p.userId,
    userEmail: p.user.email,
  }));
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
    status: p.status,
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
  const qrCode =
    p.provider === "sandbox" && p.address && p.payAmount ? await sandboxQrCode(p.cryptoCurrency, p.address, p.payAmount) : null;
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
  opts: { gateway?: PaymentGateway } = {},
) {
  if (!opts.gateway && !paymentsSimulated()) throw notFound("Not found: simulated payments exist only in the sandbox");
  const p = await db.payment.findUnique({ where: { trackId } });
  if (!p || p.userId !== user.id || p.provider !== "sandbox") throw notFound("Payment not found");
  const gateway = opts.gateway ?? (await getGateway(db));
  if (!(gateway instanceof SandboxGateway)) throw notFound("Not found: simulated payments exist only in the sandbox");
  const payload = {
    track_id: p.trackId,
    status: "Paid",
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
        amount: p.payAmount,
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
