/**
 * Payouts (withdrawals) through a gateway: what every payout gateway offers (PayoutGateway), the
 * request body we store before sending, and the factory that picks one by OXAPAY_PAYOUT_API_KEY
 * (getPayoutGateway). Implementations: OxaPay v1 in src/server/gateways/oxapay/payouts.ts (over the
 * one OxaPay client, oxapay/client.ts), the sandbox in src/server/gateways/sandbox/payouts.ts.
 * docs/payments.md "Withdrawals".
 */
import { COIN_NETWORKS } from "@/shared/networks";
import type { DbTx } from "../platform/db";
import { type Env, getEnv } from "../platform/env";
import { DomainError } from "../platform/errors";
import { OXAPAY_NETWORK } from "./oxapay/client";
import type { PayoutGateway, PayoutRequest, PayoutRequestBody } from "./payout-gateway";
import { OxaPayPayoutGateway } from "./oxapay/payouts";
import { sandboxWebhookKey } from "./sandbox/payments";
import { SandboxPayoutGateway } from "./sandbox/payouts";

export { OXAPAY_NETWORK } from "./oxapay/client";
export { OxaPayPayoutGateway, parsePayoutWebhook } from "./oxapay/payouts";
export { SandboxPayoutGateway } from "./sandbox/payouts";

export type {
  PayoutGateway,
  PayoutHistoryItem,
  PayoutNotice,
  PayoutRequest,
  PayoutRequestBody,
  PayoutResult,
} from "./payout-gateway";

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
      generalApiKey: env.OXAPAY_GENERAL_API_KEY,
      baseUrl: env.OXAPAY_BASE_URL,
      timeoutMs: env.OXAPAY_TIMEOUT_MS,
    });
  }
  if (env.OXAPAY_MERCHANT_API_KEY) throw new DomainError("SERVICE_UNAVAILABLE", WITHDRAWALS_NOT_CONFIGURED);
  return new SandboxPayoutGateway(await sandboxWebhookKey(db));
}
