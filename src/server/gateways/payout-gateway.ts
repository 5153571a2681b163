/**
 * What every payout gateway offers (PayoutGateway) and the shapes it deals in. Apart from the
 * factory (./payouts.ts) so the implementations (oxapay/payouts.ts, sandbox/payouts.ts) depend on
 * these types only, not on the module that picks between them.
 */
import type { CryptoCurrency } from "@/shared/constants";
import type { WithdrawalNetwork } from "@/shared/withdrawals";

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
  /** What the payout wallet holds in `coin` (crypto units); null when the gateway cannot say (no key for it). */
  walletBalance(coin: CryptoCurrency): Promise<string | null>;
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
