/**
 * Payouts (withdrawals) through the gateway. OxaPay v1: `POST {base}/v1/payout` with the
 * `payout_api_key` header; answers `{ data: { track_id, status }, message, error, status, version }`;
 * status webhooks are signed like payment webhooks (hex HMAC-SHA512 of the raw body in the `HMAC`
 * header) but keyed with the payout API key. The sandbox pays at once with a fake transaction id.
 * Chosen by OXAPAY_PAYOUT_API_KEY (getPayoutGateway). docs/payments.md "Withdrawals".
 */
import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { CryptoCurrency } from "@/shared/constants";
import type { WithdrawalNetwork } from "@/shared/withdrawals";
import type { DbTx } from "../db";
import { type Env, getEnv } from "../env";
import { decimalField, GatewayError, normaliseStatus, verifyHmacSha512 } from "./gateway";
import { OXAPAY_DEFAULT_BASE_URL } from "./oxapay";
import { SANDBOX_RATES, sandboxWebhookKey } from "./sandbox";

export type PayoutRequest = {
  /** Our withdrawal id (sent as the description so the operator can match it in OxaPay's panel). */
  withdrawalId: string;
  address: string;
  cryptoCurrency: CryptoCurrency;
  network: WithdrawalNetwork;
  /** Crypto amount to send (from quote). */
  payAmount: string;
  callbackUrl: string;
};

export type PayoutResult = {
  trackId: string;
  /** Normalised: processing | pending | confirming | confirmed | complete | rejected | canceled … */
  status: string;
  txid: string | null;
};

export type PayoutNotice = {
  trackId: string;
  status: string;
  txid: string | null;
  amount: string | null;
  currency: string | null;
  payload: Record<string, unknown>;
};

export interface PayoutGateway {
  readonly name: "oxapay" | "sandbox";
  /** The crypto amount worth `usd` (USDT is 1:1). */
  quote(coin: CryptoCurrency, usd: string): Promise<string>;
  createPayout(req: PayoutRequest): Promise<PayoutResult>;
  /** The payout's current status at the gateway (null where the gateway keeps no remote state). */
  getPayout(trackId: string): Promise<PayoutResult | null>;
  verifySignature(rawBody: string, signature: string | null): boolean;
}

/** A payout status that ends the withdrawal as paid / failed; anything else keeps it processing. */
export function payoutOutcome(status: string): "paid" | "failed" | "processing" {
  if (status === "confirmed" || status === "complete" || status === "completed" || status === "paid") return "paid";
  if (status === "rejected" || status === "canceled" || status === "cancelled" || status === "failed") return "failed";
  return "processing";
}

/** OxaPay's `network` names for ours. */
export const OXAPAY_NETWORK: Record<WithdrawalNetwork, string> = {
  BTC: "Bitcoin Network",
  ERC20: "ERC20",
  TRC20: "TRC20",
  BEP20: "BEP20",
};

const COIN_DECIMALS: Record<CryptoCurrency, number> = { BTC: 8, ETH: 8, USDT: 2, BNB: 8 };

type Envelope = { data?: Record<string, unknown>; message?: string; error?: unknown; status?: number };

export class OxaPayPayoutGateway implements PayoutGateway {
  readonly name = "oxapay" as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: { payoutApiKey: string; baseUrl?: string; timeoutMs?: number }) {
    if (!config.payoutApiKey) throw new Error("OxaPay payouts need a payout API key");
    this.baseUrl = (config.baseUrl || OXAPAY_DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  private async request(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    const url = `${this.baseUrl}${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { payout_api_key: this.config.payoutApiKey, "content-type": "application/json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new GatewayError(
        timedOut ? `Payout gateway did not answer within ${this.timeoutMs} ms` : "Payout gateway is unreachable",
        {
          url,
          retryable: true,
        },
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
      const message = envelope?.message || res.statusText || "no details";
      // 429 and 5xx may succeed later; a 4xx (bad address, no balance) will not.
      const retryable = res.status === 429 || res.status >= 500 || !envelope;
      throw new GatewayError(`Payout gateway error (${res.status}): ${message}`, { url, status: res.status, retryable });
    }
    if (!envelope.data || typeof envelope.data !== "object") {
      throw new GatewayError("Payout gateway answered without data", { url, retryable: true });
    }
    return envelope.data;
  }

  async quote(coin: CryptoCurrency, usd: string): Promise<string> {
    if (coin === "USDT") return new Prisma.Decimal(usd).toFixed(2);
    const prices = await this.request("GET", "/v1/common/prices");
    const price = decimalField(prices[coin]);
    if (!price || new Prisma.Decimal(price).lte(0))
      throw new GatewayError(`No ${coin} price from the gateway`, { retryable: true });
    return new Prisma.Decimal(usd).div(price).toDecimalPlaces(COIN_DECIMALS[coin], Prisma.Decimal.ROUND_DOWN).toFixed();
  }

  async createPayout(req: PayoutRequest): Promise<PayoutResult> {
    const data = await this.request("POST", "/v1/payout", {
      address: req.address,
      currency: req.cryptoCurrency,
      amount: Number(req.payAmount), // a JSON number, as OxaPay's API takes it
      network: OXAPAY_NETWORK[req.network],
      callback_url: req.callbackUrl,
      description: `withdrawal ${req.withdrawalId}`,
    });
    const trackId = data.track_id;
    if (typeof trackId !== "string" && typeof trackId !== "number") {
      throw new GatewayError("Payout gateway answered without track_id", { retryable: false });
    }
    return { trackId: String(trackId), status: normaliseStatus(data.status), txid: txidOf(data) };
  }

  /** `GET /v1/payout/{track_id}` (payout information). */
  async getPayout(trackId: string): Promise<PayoutResult> {
    const data = await this.request("GET", `/v1/payout/${encodeURIComponent(trackId)}`);
    return { trackId: String(data.track_id ?? trackId), status: normaliseStatus(data.status), txid: txidOf(data) };
  }

  verifySignature(rawBody: string, signature: string | null): boolean {
    return verifyHmacSha512(this.config.payoutApiKey, rawBody, signature);
  }
}

export class SandboxPayoutGateway implements PayoutGateway {
  readonly name = "sandbox" as const;
  constructor(private readonly secret: string) {
    if (!secret) throw new Error("The sandbox payout gateway needs its webhook key (sandboxWebhookKey)");
  }

  async quote(coin: CryptoCurrency, usd: string): Promise<string> {
    const rate = SANDBOX_RATES[coin];
    return new Prisma.Decimal(usd).div(rate.usd).toDecimalPlaces(rate.decimals, Prisma.Decimal.ROUND_DOWN).toFixed();
  }

  /** Pays at once: a confirmed payout with a made-up transaction hash. */
  async createPayout(_req: PayoutRequest): Promise<PayoutResult> {
    return {
      trackId: `sbxp${randomBytes(9).toString("hex")}`,
      status: "confirmed",
      txid: `sandbox-${randomBytes(16).toString("hex")}`,
    };
  }

  /** Sandbox payouts are paid at once: nothing to look up. */
  async getPayout(_trackId: string): Promise<null> {
    return null;
  }

  verifySignature(rawBody: string, signature: string | null): boolean {
    return verifyHmacSha512(this.secret, rawBody, signature);
  }
}

function txidOf(p: Record<string, unknown>): string | null {
  const v = p.tx_hash ?? p.txID ?? p.txid;
  return typeof v === "string" && v.trim() ? v.trim().slice(0, 200) : null;
}

/** Parses a (verified) payout webhook; null without a track id. */
export function parsePayoutWebhook(rawBody: string): PayoutNotice | null {
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
  return {
    trackId: String(trackId),
    status: normaliseStatus(p.status),
    txid: txidOf(p),
    amount: decimalField(p.amount),
    currency: typeof p.currency === "string" ? p.currency.toUpperCase() : null,
    payload: p,
  };
}

/** OxaPay payouts when OXAPAY_PAYOUT_API_KEY is set, else the sandbox (keyed with this installation's sandbox key). */
export async function getPayoutGateway(db: DbTx, env: Env = getEnv()): Promise<PayoutGateway> {
  if (env.OXAPAY_PAYOUT_API_KEY) {
    return new OxaPayPayoutGateway({
      payoutApiKey: env.OXAPAY_PAYOUT_API_KEY,
      baseUrl: env.OXAPAY_BASE_URL,
      timeoutMs: env.OXAPAY_TIMEOUT_MS,
    });
  }
  return new SandboxPayoutGateway(await sandboxWebhookKey(db));
}
