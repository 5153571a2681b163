/**
 * The payment gateway seen by the payments service: create an invoice, read its status, verify a
 * webhook. Two implementations: OxaPay's v1 API (oxapay/payments.ts) and a local sandbox (sandbox/payments.ts),
 * chosen by configuration (getGateway).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { CryptoCurrency } from "@/shared/constants";
import type { WithdrawalNetwork } from "@/shared/networks";

export type GatewayName = "oxapay" | "sandbox";

export type InvoiceRequest = {
  /** Our payment id; the gateway echoes it back as order_id. */
  orderId: string;
  /** USD, exact decimal string ("10.50"). */
  amount: string;
  currency: string;
  cryptoCurrency: CryptoCurrency;
  /** The chain to pay on, for coins on several (USDT); the coin's default otherwise. */
  network: WithdrawalNetwork;
  description: string;
  callbackUrl: string;
  returnUrl: string;
  email?: string;
  /** The app's origin, for gateways that host their pay page inside the app (the sandbox). */
  appOrigin: string;
};

export type Invoice = {
  trackId: string;
  payLink: string;
  /** Crypto amount to send, when the gateway fixes it at creation (sandbox); OxaPay's hosted page decides later. */
  payAmount: string | null;
  address: string | null;
  /** A data: URL of a QR code, when there is an address to show. */
  qrCode: string | null;
  expiresAt: Date | null;
  gatewayStatus: string;
};

/** One blockchain transaction the gateway saw for an invoice (OxaPay `txs[]`). */
export type GatewayTx = { amount: string; currency: string | null; status: string };

export type GatewayPaymentInfo = {
  trackId: string;
  status: string;
  amount: string | null;
  currency: string | null;
  orderId: string | null;
  txs: GatewayTx[];
  payload?: Record<string, unknown>;
};

/** A verified webhook's content, normalised: a payment's information, always with its payload. */
export type WebhookNotice = GatewayPaymentInfo & { payload: Record<string, unknown> };

export interface PaymentGateway {
  readonly name: GatewayName;
  createInvoice(req: InvoiceRequest): Promise<Invoice>;
  /** The gateway's view of an invoice; `known` is the app's (the sandbox, which has no other, answers from it). */
  getPayment(trackId: string, known?: { status: string; expiresAt: Date | null }): Promise<GatewayPaymentInfo>;
  /** True only when `signature` is the hex HMAC-SHA512 of exactly `rawBody` with this gateway's key. */
  verifySignature(rawBody: string, signature: string | null): boolean;
  /** Every invoice created in [from, to] (daily reconciliation); absent where the gateway keeps no history (sandbox). */
  listPayments?(from: Date, to: Date): Promise<GatewayPaymentInfo[]>;
}

/** Thrown when the gateway cannot be reached or answers with an error; the service turns it into 502. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export function hmacSha512Hex(key: string, body: string): string {
  return createHmac("sha512", key).update(body, "utf8").digest("hex");
}

/** Constant-time comparison of a received hex HMAC against the expected one. */
export function verifyHmacSha512(key: string, rawBody: string, signature: string | null | undefined): boolean {
  if (!key || !signature) return false;
  const received = signature.trim().toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(received)) return false;
  const expected = Buffer.from(hmacSha512Hex(key, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(received, "hex"));
}

/** "Paid", "Manual Accept", "manual_accept" -> "manual_accept". */
export function normaliseStatus(status: unknown): string {
  return String(status ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** A money value from a gateway payload (number or string) as a plain decimal string, or null. */
export function decimalField(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  return null;
}

/** A currency code from a gateway payload, upper-case, or null. */
export function currencyField(value: unknown): string | null {
  return typeof value === "string" ? value.toUpperCase() : null;
}

/** The `txs` array of an OxaPay payload, normalised; entries without an amount are skipped. */
export function parseTxs(value: unknown): GatewayTx[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tx) => {
    if (!tx || typeof tx !== "object") return [];
    const t = tx as Record<string, unknown>;
    // What the payer sent: OxaPay's `received_amount` is net of its fee and would value a
    // partial payment short (7.51 USDT sent reads 7.39 received); `amount` is the older name.
    const amount = decimalField(t.sent_amount ?? t.amount ?? t.received_amount);
    if (amount === null) return [];
    return [{ amount, currency: currencyField(t.currency), status: normaliseStatus(t.status) }];
  });
}

/**
 * The USD value of what arrived: the invoice's USD amount times the share of the expected crypto
 * amount the transactions in the invoice's coin carried, rounded down to the cent and never more
 * than the invoice. null when the expected crypto amount is unknown (nothing to compare with).
 */
export function receivedUsd(
  invoice: { amount: Prisma.Decimal; payAmount: string | null; cryptoCurrency: string },
  txs: GatewayTx[],
): Prisma.Decimal | null {
  if (!invoice.payAmount || txs.length === 0) return null;
  const expected = new Prisma.Decimal(invoice.payAmount);
  if (expected.lte(0)) return null;
  const paid = txs
    .filter((tx) => (tx.currency === null || tx.currency === invoice.cryptoCurrency) && tx.status !== "failed")
    .reduce((sum, tx) => sum.add(tx.amount), new Prisma.Decimal(0));
  const value = invoice.amount.mul(paid).div(expected).toDecimalPlaces(2, Prisma.Decimal.ROUND_DOWN);
  return Prisma.Decimal.min(value, invoice.amount);
}

/** A verified webhook body as JSON with its track id (payments and payouts alike); null otherwise. */
export function parseSignedJson(rawBody: string): { trackId: string; payload: Record<string, unknown> } | null {
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return null;
  const p = payload as Record<string, unknown>;
  const trackId = p.track_id ?? p.trackId;
  if (typeof trackId !== "string" && typeof trackId !== "number") return null;
  return { trackId: String(trackId), payload: p };
}

/** A payment's information from an OxaPay payload: a webhook's, or a payment lookup's and history row's. */
export function paymentInfoOf(trackId: string, p: Record<string, unknown>): WebhookNotice {
  return {
    trackId,
    status: normaliseStatus(p.status),
    amount: decimalField(p.amount),
    currency: currencyField(p.currency),
    orderId: typeof p.order_id === "string" ? p.order_id : null,
    txs: parseTxs(p.txs),
    payload: p,
  };
}

/** Parses a payment webhook body (already verified) into a notice; null if it carries no track id. */
export function parseWebhookBody(rawBody: string): WebhookNotice | null {
  const parsed = parseSignedJson(rawBody);
  return parsed && paymentInfoOf(parsed.trackId, parsed.payload);
}
