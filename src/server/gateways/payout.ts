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
import { COIN_NETWORKS } from "@/shared/networks";
import type { WithdrawalNetwork } from "@/shared/withdrawals";
import type { DbTx } from "../platform/db";
import { type Env, getEnv } from "../platform/env";
import { DomainError } from "../platform/errors";
import { decimalField, GatewayError, normaliseStatus, parseSignedJson, verifyHmacSha512 } from "./gateway";
import { OXAPAY_NETWORK, OxaPayHttp } from "./oxapay/client";
import { SANDBOX_RATES, sandboxWebhookKey } from "./sandbox/payments";

export { OXAPAY_NETWORK } from "./oxapay/client";

/** The exact body of a payout request: stored before it is sent, so it can be found again by `description`. */
export type PayoutRequestBody = {
  address: string;
  currency: CryptoCurrency;
  /** A JSON number, as OxaPay's API takes it. */
  amount: number;
  /** Omitted where the coin travels on one chain (OxaPay picks it). */
  network?: string;
  callback_url: string;
  /** Our reference: "withdrawal <id>"; payout history is searched for it when an answer never came. */
  description: string;
};

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

/** A payout found in the gateway's history (daily reconciliation, lookups by reference). */
export type PayoutHistoryItem = PayoutResult & { description: string | null; amount: string | null; currency: string | null };

export interface PayoutGateway {
  readonly name: "oxapay" | "sandbox";
  /** The crypto amount worth `usd` (USDT is 1:1). */
  quote(coin: CryptoCurrency, usd: string): Promise<string>;
  /** Sends exactly `body` (built by payoutBody and stored before sending). */
  createPayout(body: PayoutRequestBody): Promise<PayoutResult>;
  /** The payout's current status at the gateway (null where the gateway keeps no remote state). */
  getPayout(trackId: string): Promise<PayoutResult | null>;
  /**
   * The payout whose description is `reference`, created since `since`: found, or definitely absent
   * (the history answered and holds none). Throws when the gateway could not be asked.
   */
  findPayoutByReference(reference: string, since: Date): Promise<PayoutResult | "absent">;
  /** Every payout created in [from, to] (daily reconciliation). */
  listPayouts(from: Date, to: Date): Promise<PayoutHistoryItem[]>;
  verifySignature(rawBody: string, signature: string | null): boolean;
}

/** Our reference for a withdrawal's payout, sent as OxaPay's `description`. */
export const payoutReference = (withdrawalId: string) => `withdrawal ${withdrawalId}`;

/** The request body for a withdrawal: `network` only where the coin has several chains (USDT). */
export function payoutBody(req: PayoutRequest): PayoutRequestBody {
  const several = COIN_NETWORKS[req.cryptoCurrency].length > 1;
  return {
    address: req.address,
    currency: req.cryptoCurrency,
    amount: Number(req.payAmount),
    ...(several ? { network: OXAPAY_NETWORK[req.network] } : {}),
    callback_url: req.callbackUrl,
    description: payoutReference(req.withdrawalId),
  };
}

const COIN_DECIMALS: Record<CryptoCurrency, number> = { BTC: 8, ETH: 8, USDT: 2, BNB: 8 };

export class OxaPayPayoutGateway implements PayoutGateway {
  readonly name = "oxapay" as const;
  private readonly http: OxaPayHttp;

  constructor(config: { payoutApiKey: string; baseUrl?: string; timeoutMs?: number }) {
    if (!config.payoutApiKey) throw new Error("OxaPay payouts need a payout API key");
    this.http = new OxaPayHttp({
      keyHeader: "payout_api_key",
      key: config.payoutApiKey,
      baseUrl: config.baseUrl,
      timeoutMs: config.timeoutMs,
      label: "Payout gateway",
    });
    this.key = config.payoutApiKey;
  }
  private readonly key: string;

  async quote(coin: CryptoCurrency, usd: string): Promise<string> {
    if (coin === "USDT") return new Prisma.Decimal(usd).toFixed(2);
    const prices = await this.http.request("GET", "/v1/common/prices");
    const price = decimalField(prices[coin]);
    if (!price || new Prisma.Decimal(price).lte(0))
      throw new GatewayError(`No ${coin} price from the gateway`, { retryable: true, outcome: "unknown" });
    return new Prisma.Decimal(usd).div(price).toDecimalPlaces(COIN_DECIMALS[coin], Prisma.Decimal.ROUND_DOWN).toFixed();
  }

  async createPayout(body: PayoutRequestBody): Promise<PayoutResult> {
    const data = await this.http.request("POST", "/v1/payout", body);
    const trackId = data.track_id;
    if (typeof trackId !== "string" && typeof trackId !== "number") {
      // It answered 200: the payout may exist. Unknown, so the job looks it up by description.
      throw new GatewayError("Payout gateway answered without track_id", { retryable: true, outcome: "unknown" });
    }
    return { trackId: String(trackId), status: normaliseStatus(data.status), txid: txidOf(data) };
  }

  /** `GET /v1/payout/{track_id}` (payout information). */
  async getPayout(trackId: string): Promise<PayoutResult> {
    const data = await this.http.request("GET", `/v1/payout/${encodeURIComponent(trackId)}`);
    return { trackId: String(data.track_id ?? trackId), status: normaliseStatus(data.status), txid: txidOf(data) };
  }

  /** `GET /v1/payout` (payout history) from `from` to `to`, every page (bounded). */
  async listPayouts(from: Date, to: Date): Promise<PayoutHistoryItem[]> {
    const rows = await this.http.history("/v1/payout", from, to);
    return rows.flatMap((p) =>
      typeof p.track_id === "string" || typeof p.track_id === "number"
        ? [
            {
              trackId: String(p.track_id),
              status: normaliseStatus(p.status),
              txid: txidOf(p),
              description: typeof p.description === "string" ? p.description : null,
              amount: decimalField(p.amount),
              currency: typeof p.currency === "string" ? p.currency.toUpperCase() : null,
            },
          ]
        : [],
    );
  }

  async findPayoutByReference(reference: string, since: Date): Promise<PayoutResult | "absent"> {
    // A minute of slack either side: OxaPay stamps its own clock.
    const items = await this.listPayouts(new Date(since.getTime() - 60_000), new Date(Date.now() + 60_000));
    const found = items.find((i) => i.description === reference);
    return found ? { trackId: found.trackId, status: found.status, txid: found.txid } : "absent";
  }

  verifySignature(rawBody: string, signature: string | null): boolean {
    return verifyHmacSha512(this.key, rawBody, signature);
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

  /** Pays at once: a confirmed payout with a made-up transaction hash (demo mode only: getPayoutGateway). */
  async createPayout(_body: PayoutRequestBody): Promise<PayoutResult> {
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

  /** The sandbox answers every send at once, so a sent payout always has its track id: nothing to find. */
  async findPayoutByReference(_reference: string, _since: Date): Promise<"absent"> {
    return "absent";
  }

  async listPayouts(_from: Date, _to: Date): Promise<PayoutHistoryItem[]> {
    return [];
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
  const parsed = parseSignedJson(rawBody);
  if (!parsed) return null;
  const p = parsed.payload;
  return {
    trackId: parsed.trackId,
    status: normaliseStatus(p.status),
    txid: txidOf(p),
    amount: decimalField(p.amount),
    currency: typeof p.currency === "string" ? p.currency.toUpperCase() : null,
    payload: p,
  };
}

export const WITHDRAWALS_NOT_CONFIGURED = "Withdrawals are not configured";

/**
 * OxaPay payouts when OXAPAY_PAYOUT_API_KEY is set; the sandbox only in demo mode (no merchant key:
 * top-ups are simulated too). Real top-ups without a payout key answer 503 "Withdrawals are not
 * configured": never a made-up transaction id for real money.
 */
export async function getPayoutGateway(db: DbTx, env: Env = getEnv()): Promise<PayoutGateway> {
  if (env.OXAPAY_PAYOUT_API_KEY) {
    return new OxaPayPayoutGateway({
      payoutApiKey: env.OXAPAY_PAYOUT_API_KEY,
      baseUrl: env.OXAPAY_BASE_URL,
      timeoutMs: env.OXAPAY_TIMEOUT_MS,
    });
  }
  if (env.OXAPAY_MERCHANT_API_KEY) throw new DomainError("SERVICE_UNAVAILABLE", WITHDRAWALS_NOT_CONFIGURED);
  return new SandboxPayoutGateway(await sandboxWebhookKey(db));
}
