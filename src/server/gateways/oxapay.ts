/**
 * OxaPay's v1 merchant API, authenticated by the `merchant_api_key` header; answers are enveloped
 * as { data, message, error, status, version }. Webhooks carry an `HMAC` header: hex HMAC-SHA512
 * of the raw body keyed with the merchant API key.
 *
 * - Top-ups use the white-label payment (POST /v1/payment/white-label with `pay_currency` and
 *   `network`): OxaPay answers with the address, the crypto amount and the expiry, and the player
 *   pays on our own pay page (/pay/<trackId>). With OXAPAY_SANDBOX=true the hosted invoice
 *   (POST /v1/payment/invoice, `sandbox: true`) is used instead, since OxaPay's test mode lives there.
 * - Status polls (GET /v1/payment/{track_id}) are retried on 429, 5xx and network errors with
 *   back-off; creating an invoice is never retried (a retry could open a second invoice).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { COIN_NETWORKS } from "@/shared/networks";
import {
  decimalField,
  GatewayError,
  type GatewayPaymentInfo,
  type Invoice,
  type InvoiceRequest,
  normaliseStatus,
  type PaymentGateway,
  parseTxs,
  verifyHmacSha512,
} from "./gateway";
import { OXAPAY_NETWORK } from "./payout";
import { paymentQrCode } from "./qr";

export type OxaPayConfig = {
  merchantApiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** Invoice lifetime in minutes (OxaPay: 15..2880). */
  lifetimeMinutes?: number;
  /** Ask OxaPay for a sandbox invoice (their test mode). */
  sandbox?: boolean;
};

export const OXAPAY_DEFAULT_BASE_URL = "https://api.oxapay.com";
/** OxaPay accepts invoice lifetimes from 15 to 2880 minutes. */
export const OXAPAY_LIFETIME_RANGE = { min: 15, max: 2880 } as const;
/** Attempts of a safe (GET) request; waits grow 0.5 s, 1 s, 2 s (or the gateway's Retry-After, at most 10 s). */
export const OXAPAY_GET_ATTEMPTS = 4;

export function clampLifetime(minutes: number | undefined): number {
  const m = Math.round(minutes ?? 60);
  return Math.min(OXAPAY_LIFETIME_RANGE.max, Math.max(OXAPAY_LIFETIME_RANGE.min, Number.isFinite(m) ? m : 60));
}

class RetryableGatewayError extends GatewayError {
  constructor(
    message: string,
    details: Record<string, unknown>,
    readonly retryAfterMs?: number,
  ) {
    super(message, details);
  }
}

type Envelope = { data?: Record<string, unknown>; message?: string; error?: unknown; status?: number };

export class OxaPayGateway implements PaymentGateway {
  readonly name = "oxapay" as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: OxaPayConfig) {
    if (!config.merchantApiKey) throw new Error("OxaPay needs a merchant API key");
    this.baseUrl = (config.baseUrl || OXAPAY_DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  /** Retries safe requests (GET) on 429, 5xx and network errors; POSTs are sent once. */
  private async request(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    const attempts = method === "GET" ? OXAPAY_GET_ATTEMPTS : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.requestOnce(method, path, body);
      } catch (err) {
        if (!(err instanceof RetryableGatewayError) || attempt >= attempts) throw err;
        await sleep(Math.min(err.retryAfterMs ?? 500 * 2 ** (attempt - 1), 10_000));
      }
    }
  }

  private async requestOnce(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    const url = `${this.baseUrl}${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          merchant_api_key: this.config.merchantApiKey,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new RetryableGatewayError(
        timedOut ? `Payment gateway did not answer within ${this.timeoutMs} ms` : "Payment gateway is unreachable",
        { url, cause: err instanceof Error ? err.message : String(err) },
      );
    }
    const text = await res.text().catch(() => "");
    let envelope: Envelope | null = null;
    try {
      envelope = text ? (JSON.parse(text) as Envelope) : null;
    } catch {
      envelope = null;
    }
    if (!res.ok || !envelope || (typeof envelope.status === "number" && envelope.status !== 200)) {
      const gatewayMessage = envelope?.message || errorText(envelope?.error) || res.statusText || "no details";
      const message = `Payment gateway error (${res.status}): ${gatewayMessage}`;
      if (res.status === 429 || res.status >= 500) {
        const retryAfter = Number(res.headers.get("retry-after"));
        throw new RetryableGatewayError(message, { url, status: res.status }, retryAfter > 0 ? retryAfter * 1000 : undefined);
      }
      throw new GatewayError(message, { url, status: res.status });
    }
    if (!envelope.data || typeof envelope.data !== "object") {
      throw new GatewayError("Payment gateway answered without data", { url, status: res.status });
    }
    return envelope.data;
  }

  async createInvoice(req: InvoiceRequest): Promise<Invoice> {
    return this.config.sandbox ? this.createHostedInvoice(req) : this.createWhiteLabel(req);
  }

  /** POST /v1/payment/white-label: the address and crypto amount to show on our own pay page. */
  private async createWhiteLabel(req: InvoiceRequest): Promise<Invoice> {
    const network = COIN_NETWORKS[req.cryptoCurrency].includes(req.network) ? req.network : COIN_NETWORKS[req.cryptoCurrency][0];
    const data = await this.request("POST", "/v1/payment/white-label", {
      pay_currency: req.cryptoCurrency,
      network: network ? OXAPAY_NETWORK[network] : undefined,
      amount: Number(req.amount), // a JSON number; amounts have at most 2 decimals.
      currency: req.currency,
      lifetime: clampLifetime(this.config.lifetimeMinutes),
      callback_url: req.callbackUrl,
      order_id: req.orderId,
      description: req.description,
      email: req.email,
    });
    const trackId = data.track_id;
    const address = typeof data.address === "string" && data.address ? data.address : null;
    const payAmount = decimalField(data.pay_amount);
    if ((typeof trackId !== "string" && typeof trackId !== "number") || !address || !payAmount) {
      throw new GatewayError("Payment gateway answered without track_id, address or pay_amount");
    }
    return {
      trackId: String(trackId),
      payLink: `${req.appOrigin}/pay/${encodeURIComponent(String(trackId))}`,
      payAmount,
      address,
      // Drawn here rather than linking OxaPay's image: the pay page loads nothing from elsewhere (CSP).
      qrCode: await paymentQrCode(req.cryptoCurrency, address, payAmount),
      expiresAt: typeof data.expired_at === "number" ? new Date(data.expired_at * 1000) : null,
      gatewayStatus: "new",
    };
  }

  /** POST /v1/payment/invoice: OxaPay's hosted page (used in OxaPay's own test mode). */
  private async createHostedInvoice(req: InvoiceRequest): Promise<Invoice> {
    const data = await this.request("POST", "/v1/payment/invoice", {
      amount: Number(req.amount),
      currency: req.currency,
      lifetime: clampLifetime(this.config.lifetimeMinutes),
      callback_url: req.callbackUrl,
      return_url: req.returnUrl,
      order_id: req.orderId,
      description: req.description,
      email: req.email,
      sandbox: true,
    });
    const trackId = data.track_id;
    const paymentUrl = data.payment_url;
    if ((typeof trackId !== "string" && typeof trackId !== "number") || typeof paymentUrl !== "string") {
      throw new GatewayError("Payment gateway answered without track_id or payment_url");
    }
    return {
      trackId: String(trackId),
      payLink: paymentUrl,
      payAmount: null,
      address: null,
      qrCode: null,
      expiresAt: typeof data.expired_at === "number" ? new Date(data.expired_at * 1000) : null,
      gatewayStatus: "new",
    };
  }

  async getPayment(trackId: string): Promise<GatewayPaymentInfo> {
    const data = await this.request("GET", `/v1/payment/${encodeURIComponent(trackId)}`);
    return {
      trackId: String(data.track_id ?? trackId),
      status: normaliseStatus(data.status),
      amount: decimalField(data.amount),
      currency: typeof data.currency === "string" ? data.currency.toUpperCase() : null,
      orderId: typeof data.order_id === "string" ? data.order_id : null,
      txs: parseTxs(data.txs),
      payload: data,
    };
  }

  verifySignature(rawBody: string, signature: string | null): boolean {
    return verifyHmacSha512(this.config.merchantApiKey, rawBody, signature);
  }
}

function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const e = error as Record<string, unknown>;
  return typeof e.message === "string" && e.message ? e.message : undefined;
}
