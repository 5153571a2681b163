/**
 * The one OxaPay v1 HTTP client both OxaPay gateways use (top-ups: payments.ts, payouts: payouts.ts):
 * the key header, the JSON envelope `{ data, message, error, status, version }`, the timeout, and
 * what a failure means for money:
 * - `outcome: "refused"`: OxaPay answered with a definite refusal (4xx other than 429): nothing happened;
 * - `outcome: "unknown"`: timeout, connection error, garbage, 429 or 5xx: for a POST the request may
 *   have been carried out (OxaPay takes no idempotency key), so a payout must be looked up, never resent blind.
 * Safe requests (GET) are retried here on "unknown" with back-off; POSTs are sent once.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { WithdrawalNetwork } from "@/shared/networks";
import { GatewayError } from "../gateway";

export const OXAPAY_DEFAULT_BASE_URL = "https://api.oxapay.com";
/** Attempts of a safe (GET) request; waits grow 0.5 s, 1 s, 2 s (or the gateway's Retry-After, at most 10 s). */
export const OXAPAY_GET_ATTEMPTS = 4;

/**
 * OxaPay's `network` names for ours. Live mode checks at start-up that OxaPay lists each one
 * (accepted-terms.ts) and logs a mismatch by name, so a renamed network is seen before a player is.
 */
export const OXAPAY_NETWORK: Record<WithdrawalNetwork, string> = {
  BTC: "Bitcoin Network",
  ERC20: "ERC20",
  TRC20: "TRC20",
  BEP20: "BEP20",
  LTC: "Litecoin Network",
  SOL: "Solana Network",
  TON: "TON Network",
};

export type OxaPayHttpConfig = {
  /** `merchant_api_key` (top-ups), `payout_api_key` (payouts) or `general_api_key` (the account's balance). */
  keyHeader: "merchant_api_key" | "payout_api_key" | "general_api_key";
  key: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** "Payment gateway" / "Payout gateway": how errors name the service. */
  label: string;
};

type Envelope = { data?: unknown; message?: string; error?: unknown; status?: number };

export type OxaPayFailure = "refused" | "unknown";

/** The failure's meaning for money ("unknown" when it is not an OxaPay failure at all). */
export function failureOutcome(err: unknown): OxaPayFailure {
  return err instanceof GatewayError && err.details?.outcome === "refused" ? "refused" : "unknown";
}

export class OxaPayHttp {
  readonly baseUrl: string;
  readonly timeoutMs: number;

  constructor(private readonly config: OxaPayHttpConfig) {
    if (!config.key) throw new Error(`OxaPay needs its ${config.keyHeader}`);
    this.baseUrl = (config.baseUrl || OXAPAY_DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  /** `data` of a successful answer; GETs are retried on "unknown" failures, POSTs never. */
  async request(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    const attempts = method === "GET" ? OXAPAY_GET_ATTEMPTS : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(method, path, body);
      } catch (err) {
        if (failureOutcome(err) === "refused" || attempt >= attempts) throw err;
        const retryAfterMs = err instanceof GatewayError ? Number(err.details?.retryAfterMs) || undefined : undefined;
        await sleep(Math.min(retryAfterMs ?? 500 * 2 ** (attempt - 1), 10_000));
      }
    }
  }

  /**
   * Every row of a history endpoint (`GET /v1/payment`, `GET /v1/payout`: `{ list, meta: { page, last_page, total } }`)
   * created in [from, to], all pages up to `maxPages`; throws ("unknown") when there are more, so a
   * caller never mistakes a truncated history for "not there".
   */
  async history(path: string, from: Date, to: Date, maxPages = 10, size = 200): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const query = new URLSearchParams({
        from_date: String(Math.floor(from.getTime() / 1000)),
        to_date: String(Math.ceil(to.getTime() / 1000)),
        size: String(size),
        page: String(page),
      });
      const data = await this.request("GET", `${path}?${query}`);
      if (!Array.isArray(data.list)) {
        throw new GatewayError(`${this.config.label} history answered without a list`, { outcome: "unknown", retryable: true });
      }
      for (const row of data.list) if (row && typeof row === "object") rows.push(row as Record<string, unknown>);
      // OxaPay's documented v1 answer: `{ list: [...], meta: { page, last_page, total } }` (docs/payments.md
      // "OxaPay's payout history"). A short page is the last; a full one is the last only when meta says so.
      const last = Number((data.meta as Record<string, unknown> | undefined)?.last_page ?? Number.NaN);
      if (data.list.length < size || (Number.isFinite(last) && page >= last)) return rows;
    }
    throw new GatewayError(`${this.config.label} history is longer than one lookup reads`, {
      outcome: "unknown",
      retryable: true,
    });
  }

  private async once(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    const url = `${this.baseUrl}${path}`;
    const label = this.config.label;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { [this.config.keyHeader]: this.config.key, "content-type": "application/json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new GatewayError(timedOut ? `${label} did not answer within ${this.timeoutMs} ms` : `${label} is unreachable`, {
        url,
        outcome: "unknown",
        retryable: true,
        cause: err instanceof Error ? err.message : String(err),
      });
    }
    let text = "";
    try {
      text = await res.text();
    } catch {
      throw new GatewayError(`${label} answer was cut off`, { url, status: res.status, outcome: "unknown", retryable: true });
    }
    let envelope: Envelope | null = null;
    try {
      envelope = text ? (JSON.parse(text) as Envelope) : null;
    } catch {
      envelope = null;
    }
    if (!res.ok || !envelope || (typeof envelope.status === "number" && envelope.status !== 200)) {
      const gatewayMessage = envelope?.message || errorText(envelope?.error) || res.statusText || "no details";
      const message = `${label} error (${res.status}): ${gatewayMessage}`;
      const unknown = res.status === 429 || res.status >= 500 || !envelope;
      const retryAfter = Number(res.headers.get("retry-after"));
      throw new GatewayError(message, {
        url,
        status: res.status,
        outcome: unknown ? "unknown" : "refused",
        retryable: unknown,
        ...(retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
      });
    }
    if (!envelope.data || typeof envelope.data !== "object") {
      throw new GatewayError(`${label} answered without data`, { url, status: res.status, outcome: "unknown", retryable: true });
    }
    return envelope.data as Record<string, unknown>;
  }
}

function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const e = error as Record<string, unknown>;
  return typeof e.message === "string" && e.message ? e.message : undefined;
}
