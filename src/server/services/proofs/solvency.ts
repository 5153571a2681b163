/**
 * Solvency beside the proof of liabilities (docs/fair-play.md "Solvency"): what the operator holds
 * for players, as the payout wallet's balance the gateway reports (OxaPay's Account Balance through
 * the payout gateway's `walletBalance`, src/server/gateways/oxapay/payouts.ts; the sandbox reports its
 * demo wallet), valued in USD at the gateway's own prices, asked just before the snapshot and never
 * inside its transaction. Published with the snapshot as a percentage of the total owed; below 100%
 * the snapshot is in a warning state and every admin is alerted, and automatic payouts pause below
 * SOLVENCY_PAUSE_BELOW_PERCENT (the `solvency` rule, src/server/services/money/withdrawals/payout-rules.ts).
 */
import { Prisma } from "@/generated/prisma/client";
import { CRYPTO_CURRENCIES } from "@/shared/constants";
import { getPayoutGateway, type PayoutGateway } from "../../gateways/payouts";
import type { Db, DbTx } from "../../platform/db";
import { DomainError } from "../../platform/errors";
import { logger } from "../../platform/logger";
import { notifyMany } from "../kernel";

/** A large quote keeps the price's precision (quotes are rounded down to the coin's decimals). */
const PRICE_PROBE_USD = "1000000";

export type AssetsReport = {
  usd: string | null;
  source: string | null;
  at: Date;
  detail: { coin: string; amount: string; usd: string }[];
  problem: string | null;
};

export type SolvencyStatus = "ok" | "warning" | "unknown";

/** The payout gateway, or null when payouts are not configured (a live merchant key without a payout key). */
export async function payoutGatewayOrNull(db: Db): Promise<PayoutGateway | null> {
  try {
    return await getPayoutGateway(db);
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
}

/** Asks the gateway what the payout wallet holds of each coin and what that is worth in USD. Never throws. */
export async function reportAssets(gateway: PayoutGateway | null): Promise<AssetsReport> {
  const at = new Date();
  if (!gateway) return { usd: null, source: null, at, detail: [], problem: "Payouts are not configured" };
  try {
    const detail: AssetsReport["detail"] = [];
    let total = new Prisma.Decimal(0);
    for (const coin of CRYPTO_CURRENCIES) {
      const amount = await gateway.walletBalance(coin);
      if (amount === null) {
        return {
          usd: null,
          source: gateway.name,
          at,
          detail: [],
          problem: "The payout wallet's balance is not known (no OxaPay general API key)",
        };
      }
      if (new Prisma.Decimal(amount).isZero()) {
        detail.push({ coin, amount, usd: "0.000" });
        continue;
      }
      const perProbe = new Prisma.Decimal(await gateway.quote(coin, PRICE_PROBE_USD));
      if (perProbe.lte(0)) throw new Error(`no ${coin} price`);
      const usd = new Prisma.Decimal(amount).mul(PRICE_PROBE_USD).div(perProbe).toDecimalPlaces(3, Prisma.Decimal.ROUND_DOWN);
      detail.push({ coin, amount, usd: usd.toFixed(3) });
      total = total.add(usd);
    }
    return { usd: total.toFixed(3), source: gateway.name, at, detail, problem: null };
  } catch (err) {
    logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      "payout wallet balance could not be read for solvency",
    );
    return { usd: null, source: gateway.name, at, detail: [], problem: "The payout wallet's balance could not be read just now" };
  }
}

/** Assets as a percentage of what is owed, rounded down to 0.01% (null: unknown assets, or nothing owed). */
export function solvencyPercent(assetsUsd: string | null, owedUsd: string): string | null {
  if (assetsUsd === null) return null;
  const owed = new Prisma.Decimal(owedUsd);
  if (owed.lte(0)) return null;
  return new Prisma.Decimal(assetsUsd).mul(100).div(owed).toDecimalPlaces(2, Prisma.Decimal.ROUND_DOWN).toFixed(2);
}

export function solvencyStatus(assetsUsd: string | null, percent: string | null): SolvencyStatus {
  if (assetsUsd === null) return "unknown";
  return percent !== null && new Prisma.Decimal(percent).lt(100) ? "warning" : "ok";
}

/** Below 100%: every admin is told, in the snapshot's transaction (so the alert and the published figure go together). */
export async function alertAdminsIfShort(
  tx: DbTx,
  percent: string | null,
  assetsUsd: string | null,
  owedUsd: string,
): Promise<number> {
  if (solvencyStatus(assetsUsd, percent) !== "warning") return 0;
  const admins = await tx.user.findMany({ where: { role: { in: ["owner", "finance"] }, closedAt: null }, select: { id: true } });
  return notifyMany(
    tx,
    admins.map((a) => ({
      userId: a.id,
      type: "warning" as const,
      title: "Assets below what is owed",
      message: `The payout wallet holds $${assetsUsd} against $${owedUsd} owed to players (${percent}%). Automatic payouts pause below the set level; top up the payout wallet.`,
    })),
  );
}
