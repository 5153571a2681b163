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
import { COIN_NETWORKS } from "@/shared/networks";
import {
  decimalField,
  GatewayError,
  type GatewayPaymentInfo,
  type Invoice,
  type InvoiceRequest,
  type PaymentGateway,
  paymentInfoOf,
  verifyHmacSha512,
} from "../gateway";
import { OXAPAY_NETWORK, OxaPayHttp } from "./client";
import { paymentQrCode } from "../qr";

export { OXAPAY_DEFAULT_BASE_URL, OXAPAY_GET_ATTEMPTS } from "./client";

export type OxaPayConfig = {
  merchantApiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** Invoice lifetime in minutes (OxaPay: 15..2880). */
  lifetimeMinutes?: number;
  /** Ask OxaPay for a sandbox invoice (their test mode). */
  sandbox?: boolean;
  /** Sent on every invoice so the merchant panel never decides silently: 1 = the payer pays OxaPay's fee. */
  feePaidByPayer?: 0 | 1;
  /** Percent of underpayment OxaPay may still accept as paid (0..60). */
  underPaidCoverage?: number;
};

/** OxaPay accepts invoice lifetimes from 15 to 2880 minutes. */
export const OXAPAY_LIFETIME_RANGE = { min: 15, max: 2880 } as const;

export function clampLifetime(minutes: number | undefined): number {
  const m = Math.round(minutes ?? 60);
  return Math.min(OXAPAY_LIFETIME_RANGE.max, Math.max(OXAPAY_LIFETIME_RANGE.min, Number.isFinite(m) ? m : 60));
}

export class OxaPayGateway implements PaymentGateway {
  readonly name = "oxapay" as const;
  private readonly http: OxaPayHttp;

  constructor(private readonly config: OxaPayConfig) {
    if (!config.merchantApiKey) throw new Error("OxaPay needs a merchant API key");
    this.http = new OxaPayHttp({
      keyHeader: "merchant_api_key",
      key: config.merchantApiKey,
      baseUrl: config.baseUrl,
      timeoutMs: config.timeoutMs,
      label: "Payment gateway",
    });
  }

  private request(method: "GET" | "POST", path: string, body?: unknown) {
    return this.http.request(method, path, body);
  }

  /** The explicit terms of every invoice (never left to the merchant panel's defaults). */
  private terms() {
    return { fee_paid_by_payer: this.config.feePaidByPayer ?? 0, under_paid_coverage: this.config.underPaidCoverage ?? 0 };
  }

  async createInvoice(req: InvoiceRequest): Promise<Invoice> {
    return this.config.sandbox ? this.createHostedInvoice(req) : this.createWhiteLabel(req);
  }

  /**
   * What the merchant account accepts (GET /v1/payment/accepted-currencies) and the networks OxaPay
   * knows (GET /v1/common/networks), for the start-up check of our coins and networks
   * (src/server/gateways/oxapay/accepted-terms.ts).
   */
  async acceptedTerms(): Promise<{ coins: string[]; networks: string[] }> {
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
    const [coins, networks] = await Promise.all([
      this.request("GET", "/v1/payment/accepted-currencies"),
      this.request("GET", "/v1/common/networks"),
    ]);
    return { coins: strings(coins.list), networks: strings(networks.list) };
  }

  /** POST /v1/payment/white-label: the address and crypto amount to show on our own pay page. */
  private async createWhiteLabel(req: InvoiceRequest): Promise<Invoice> {
    const networks = COIN_NETWORKS[req.cryptoCurrency];
    const network = networks.includes(req.network) ? req.network : networks[0];
    const data = await this.request("POST", "/v1/payment/white-label", {
      pay_currency: req.cryptoCurrency,
      // Only where the coin travels on several chains (USDT): OxaPay picks the one chain of BTC, ETH, BNB.
      network: network && networks.length > 1 ? OXAPAY_NETWORK[network] : undefined,
      ...this.terms(),
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
      ...this.terms(),
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
    return infoOf(await this.request("GET", `/v1/payment/${encodeURIComponent(trackId)}`), trackId);
  }

  /** `GET /v1/payment` (payment history) from `from` to `to`, every page (bounded). */
  async listPayments(from: Date, to: Date): Promise<GatewayPaymentInfo[]> {
    const rows = await this.http.history("/v1/payment", from, to);
    return rows.flatMap((p) => (typeof p.track_id === "string" || typeof p.track_id === "number" ? [infoOf(p, "")] : []));
  }

  verifySignature(rawBody: string, signature: string | null): boolean {
    return verifyHmacSha512(this.config.merchantApiKey, rawBody, signature);
  }
}

/** A lookup or history row names its own track id; a lookup without one keeps the id it asked for. */
const infoOf = (data: Record<string, unknown>, trackId: string): GatewayPaymentInfo =>
  paymentInfoOf(String(data.track_id ?? trackId), data);
