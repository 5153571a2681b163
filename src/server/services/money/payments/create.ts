/**
 * Creating a top-up: the gateway is asked for an invoice first, then the payment row is inserted
 * (no network call inside a transaction); at most LIMITS.openTopUpsMax open top-ups per player.
 */
import type { z } from "zod";
import type { createPaymentOutput } from "@/shared/schemas/responses";
import { randomUUID } from "node:crypto";
import type { User } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import { CRYPTO_LABELS, type CryptoCurrency, LIMITS } from "@/shared/constants";
import { PAYMENT_MESSAGES } from "@/shared/schemas/payments";
import type { Db, DbTx } from "../../../platform/db";
import { tooManyRequests } from "../../../platform/errors";
import { logger } from "../../../platform/logger";
import { COIN_NETWORKS, type WithdrawalNetwork } from "@/shared/networks";
import { GatewayError, getGateway, type PaymentGateway } from "../../../gateways";
import { guardSpending } from "../../safer-play";
import { badGateway, UNPAID_STATUSES, WEBHOOK_PATH } from "./shared";

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

export type CreatePaymentResult = z.output<typeof createPaymentOutput>;

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
