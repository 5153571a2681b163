/**
 * Sandbox payouts (demo mode only: src/server/gateways/payouts.ts getPayoutGateway): paid at once
 * with a made-up transaction hash, quoted from the sandbox's fixed demo rates; webhooks signed with
 * the installation's sandbox key.
 */
import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { CryptoCurrency } from "@/shared/constants";
import { verifyHmacSha512 } from "../gateway";
import type { PayoutGateway, PayoutHistoryItem, PayoutRequestBody, PayoutResult } from "../payout-gateway";
import { SANDBOX_RATES } from "./payments";

/** What the sandbox's payout wallet holds, in USD of each coin. */
export const SANDBOX_WALLET_USD = "1000000";

export class SandboxPayoutGateway implements PayoutGateway {
  readonly name = "sandbox" as const;
  constructor(private readonly secret: string) {
    if (!secret) throw new Error("The sandbox payout gateway needs its webhook key (sandboxWebhookKey)");
  }

  async quote(coin: CryptoCurrency, usd: string): Promise<string> {
    const rate = SANDBOX_RATES[coin];
    return new Prisma.Decimal(usd).div(rate.usd).toDecimalPlaces(rate.decimals, Prisma.Decimal.ROUND_DOWN).toFixed();
  }

  /** The sandbox's payout wallet reports a fixed demo balance: $1,000,000 worth of each coin at the demo rates. */
  async walletBalance(coin: CryptoCurrency): Promise<string> {
    const rate = SANDBOX_RATES[coin];
    return new Prisma.Decimal(SANDBOX_WALLET_USD)
      .div(rate.usd)
      .toDecimalPlaces(rate.decimals, Prisma.Decimal.ROUND_DOWN)
      .toFixed();
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
