/**
 * OxaPay's v1 merchant API: POST {base}/v1/payment/invoice and GET {base}/v1/payment/{track_id},
 * authenticated by the `merchant_api_key` header; answers are enveloped as
 * { data, message, error, status, version }. Webhooks carry an `HMAC` header: hex HMAC-SHA512 of
 * the raw body keyed with the merchant API key.
 */
import {
  decimalField,
  GatewayError,
  type GatewayPaymentInfo,
  type Invoice,
  type InvoiceRequest,
  normaliseStatus,
  type PaymentGateway,
  verifyHmacSha512,
} from "./gateway";

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

  private async request(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
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
      throw new GatewayError(
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
      throw new GatewayError(`Payment gateway error (${res.status}): ${gatewayMessage}`, {
        url,
        status: res.status,
      });
    }
    if (!envelope.data || typeof envelope.data !== "object") {
      throw new GatewayError("Payment gateway answered without data", { url, status: res.status });
    }
    return envelope.data;
  }

  async createInvoice(req: InvoiceRequest): Promise<Invoice> {
    const data = await this.request("POST", "/v1/payment/invoice", {
      amount: Number(req.amount), // OxaPay's API takes a JSON number; amounts have at most 2 decimals.
      currency: req.currency,
      lifetime: this.config.lifetimeMinutes ?? 60,
      callback_url: req.callbackUrl,
      return_url: req.returnUrl,
      order_id: req.orderId,
      description: req.description,
      email: req.email,
      sandbox: this.config.sandbox ?? false,
    });
    const trackId = data.track_id;
    const paymentUrl = data.payment_url;
    if ((typeof trackId !== "string" && typeof trackId !== "number") || typeof paymentUrl !== "string") {
      throw new GatewayError("Payment gateway answered without track_id or payment_url");
    }
    const expiredAt = typeof data.expired_at === "number" ? new Date(data.expired_at * 1000) : null;
    return {
      trackId: String(trackId),
      payLink: paymentUrl,
      payAmount: null,
      address: null,
      qrCode: null,
      expiresAt: expiredAt,
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
