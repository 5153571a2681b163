/**
 * OxaPay v1 payouts over the one OxaPay client (./client.ts: key header, envelope, timeouts, what a
 * failure means): Generate Payout `POST /v1/payout` (header `payout_api_key`; answers
 * `{ data: { track_id, status }, message, error, status, version }`), Payout Information
 * `GET /v1/payout/{track_id}`, Payout History `GET /v1/payout` (`data: { list, meta: { page,
 * last_page, total } }`, docs/payments.md "OxaPay's payout history"), and the payout wallet's balance
 * from Account Balance `GET /v1/general/account/balance` (header `general_api_key`; `data` maps each
 * currency symbol to its amount). Status webhooks are signed like
 * payment webhooks (hex HMAC-SHA512 of the raw body in the `HMAC` header) but keyed with the payout key.
 */
import { Prisma } from "@/generated/prisma/client";
import type { CryptoCurrency } from "@/shared/constants";
import { currencyField, decimalField, GatewayError, normaliseStatus, parseSignedJson, verifyHmacSha512 } from "../gateway";
import type { PayoutGateway, PayoutHistoryItem, PayoutNotice, PayoutRequestBody, PayoutResult } from "../payout-gateway";
import { OxaPayHttp } from "./client";

const COIN_DECIMALS: Record<CryptoCurrency, number> = {
  BTC: 8,
  ETH: 8,
  USDT: 2,
  BNB: 8,
  USDC: 2,
  LTC: 8,
  TRX: 6,
  SOL: 9,
  TON: 9,
};

export class OxaPayPayoutGateway implements PayoutGateway {
  readonly name = "oxapay" as const;
  private readonly http: OxaPayHttp;

  /** The General API key's client (the account balance); absent = the balance is unknown. */
  private readonly general: OxaPayHttp | null;

  constructor(config: { payoutApiKey: string; generalApiKey?: string; baseUrl?: string; timeoutMs?: number }) {
    if (!config.payoutApiKey) throw new Error("OxaPay payouts need a payout API key");
    this.http = new OxaPayHttp({
      keyHeader: "payout_api_key",
      key: config.payoutApiKey,
      baseUrl: config.baseUrl,
      timeoutMs: config.timeoutMs,
      label: "Payout gateway",
    });
    this.key = config.payoutApiKey;
    this.general = config.generalApiKey
      ? new OxaPayHttp({
          keyHeader: "general_api_key",
          key: config.generalApiKey,
          baseUrl: config.baseUrl,
          timeoutMs: config.timeoutMs,
          label: "Payout gateway",
        })
      : null;
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

  /** `GET /v1/general/account/balance?currency=<coin>`: the wallet's amount of that coin (0 when not listed). */
  async walletBalance(coin: CryptoCurrency): Promise<string | null> {
    if (!this.general) return null;
    const data = await this.general.request("GET", `/v1/general/account/balance?currency=${encodeURIComponent(coin)}`);
    return decimalField(data[coin]) ?? "0";
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
              currency: currencyField(p.currency),
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
    currency: currencyField(p.currency),
    payload: p,
  };
}
