/**
 * Payouts (withdrawals) through a gateway: what every payout gateway offers (PayoutGateway), the
 * request body we store before sending, and the factory that picks one by OXAPAY_PAYOUT_API_KEY
 * (getPayoutGateway). Implementations: OxaPay v1 in src/server/gateways/oxapay/payouts.ts (over the
 * one OxaPay client, oxapay/client.ts), the sandbox in src/server/gateways/sandbox/payouts.ts.
 * docs/payments.md "Withdrawals".
 */
import type { CryptoCurrency } from "@/shared/constants";
import { COIN_NETWORKS } from "@/shared/networks";
import type { WithdrawalNetwork } from "@/shared/withdrawals";
import type { DbTx } from "../platform/db";
import { type Env, getEnv } from "../platform/env";
import { DomainError } from "../platform/errors";
import { OXAPAY_NETWORK } from "./oxapay/client";
import { OxaPayPayoutGateway } from "./oxapay/payouts";
import { sandboxWebhookKey } from "./sandbox/payments";
import { SandboxPayoutGateway } from "./sandbox/payouts";

export { OXAPAY_NETWORK } from "./oxapay/client";
export { OxaPayPayoutGateway, parsePayoutWebhook } from "./oxapay/payouts";
export { SandboxPayoutGateway } from "./sandbox/payouts";

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
