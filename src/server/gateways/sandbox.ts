/**
 * The local sandbox gateway: the default when no OxaPay merchant key is configured. It issues
 * invoices with a track id, a test address and a crypto amount from fixed demo rates, hosts the pay
 * page inside the app (/pay/<trackId>) and, on "Simulate payment", delivers a webhook signed exactly
 * as OxaPay signs them (hex HMAC-SHA512 of the raw body) but keyed with SANDBOX_WEBHOOK_SECRET.
 * No real money moves; every screen it shows says SANDBOX.
 */
import { createHash, randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { Prisma } from "@/generated/prisma/client";
import type { CryptoCurrency } from "@/shared/constants";
import {
  GatewayError,
  type GatewayPaymentInfo,
  hmacSha512Hex,
  type Invoice,
  type InvoiceRequest,
  type PaymentGateway,
  verifyHmacSha512,
} from "./gateway";

/** Documented default (docs/payments.md): fine for local demos, set SANDBOX_WEBHOOK_SECRET elsewhere. */
export const DEFAULT_SANDBOX_WEBHOOK_SECRET = "sandbox-dev-webhook-secret";

/** Demo USD prices, only used to show a plausible crypto amount in the sandbox. */
export const SANDBOX_RATES: Record<CryptoCurrency, { usd: string; decimals: number; uri: string }> = {
  BTC: { usd: "65000", decimals: 8, uri: "bitcoin" },
  ETH: { usd: "3200", decimals: 8, uri: "ethereum" },
  USDT: { usd: "1", decimals: 2, uri: "tether" },
  BNB: { usd: "580", decimals: 6, uri: "bnb" },
};

export function sandboxSecret(): string {
  return process.env.SANDBOX_WEBHOOK_SECRET || DEFAULT_SANDBOX_WEBHOOK_SECRET;
}

/** A deterministic, obviously-fake test address for a track id. */
export function sandboxAddress(crypto: CryptoCurrency, trackId: string): string {
  const h = createHash("sha256").update(`${crypto}:${trackId}`).digest("hex");
  switch (crypto) {
    case "BTC":
      return `tb1qsandbox${h.slice(0, 30)}`;
    case "ETH":
    case "BNB":
      return `0x5a4db0${h.slice(0, 34)}`;
    case "USDT":
      return `TSandbox${h.slice(0, 26)}`;
  }
}

export function sandboxPayAmount(crypto: CryptoCurrency, usdAmount: string): string {
  const rate = SANDBOX_RATES[crypto];
  return new Prisma.Decimal(usdAmount).div(rate.usd).toDecimalPlaces(rate.decimals, Prisma.Decimal.ROUND_UP).toFixed();
}

/** QR code (data: URL, PNG) of the payment URI a wallet would scan. */
export function sandboxQrCode(crypto: CryptoCurrency, address: string, payAmount: string): Promise<string> {
  return QRCode.toDataURL(`${SANDBOX_RATES[crypto].uri}:${address}?amount=${payAmount}`, { margin: 1, width: 240 });
}

export class SandboxGateway implements PaymentGateway {
  readonly name = "sandbox" as const;
  constructor(private readonly secret: string = sandboxSecret()) {}

  async createInvoice(req: InvoiceRequest): Promise<Invoice> {
    const trackId = `sbx${randomBytes(9).toString("hex")}`;
    const address = sandboxAddress(req.cryptoCurrency, trackId);
    const payAmount = sandboxPayAmount(req.cryptoCurrency, req.amount);
    return {
      trackId,
      payLink: `${req.appOrigin}/pay/${trackId}`,
      payAmount,
      address,
      qrCode: await sandboxQrCode(req.cryptoCurrency, address, payAmount),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      gatewayStatus: "new",
    };
  }

  /** The sandbox has no remote state: the app's own payment row is the truth. */
  async getPayment(trackId: string): Promise<GatewayPaymentInfo> {
    return { trackId, status: "unknown", amount: null, currency: null, orderId: null };
  }

  verifySignature(rawBody: string, signature: string | null): boolean {
    return verifyHmacSha512(this.secret, rawBody, signature);
  }

  /** The body OxaPay would send for this payment, and its signature. */
  signedWebhook(payload: Record<string, unknown>): { body: string; signature: string } {
    const body = JSON.stringify(payload);
    return { body, signature: hmacSha512Hex(this.secret, body) };
  }

  /** Delivers a signed webhook to the app's own webhook route (outside any transaction). */
  async deliverWebhook(webhookUrl: string, payload: Record<string, unknown>): Promise<{ status: number; text: string }> {
    const { body, signature } = this.signedWebhook(payload);
    try {
      const res = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", hmac: signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: res.status, text: await res.text() };
    } catch (err) {
      throw new GatewayError("Sandbox could not deliver the webhook", {
        url: webhookUrl,
        cause: err instanceof Error ? err.message : String(err),
      });
    }
  }
}
