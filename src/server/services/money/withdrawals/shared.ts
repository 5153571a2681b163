/** What every withdrawal flow shares: names, the public shape of a withdrawal, transaction options. */
import type { z } from "zod";
import type { withdrawalOutput } from "@/shared/schemas/responses";
import type { Withdrawal } from "@/generated/prisma/client";
import type { WithdrawalNetwork } from "@/shared/networks";
import { moneyString as amountString } from "@/shared/money";
import type { PayoutRoute, PayoutRuleCheck } from "@/shared/payout-rules";
import type { DbTx } from "../../../platform/db";
import { conflict, notFound } from "../../../platform/errors";

export const PAYOUT_WEBHOOK_PATH = "/api/withdrawals/webhook";
export const PAYOUT_JOB = "withdrawals.payout";
/** Attempts of the payout job after the first failure (then the withdrawal fails and the hold returns). */
export const PAYOUT_RETRY_LIMIT = 5;
/** Bursts wait for a pooled connection rather than failing (as checkout does, services/checkout/purchases.ts). */
export const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

export type PublicWithdrawal = z.output<typeof withdrawalOutput>;

/** The failing rules stored with a withdrawal when it was routed (services/money/withdrawals/payout-rules.ts). */
export function failedRules(ruleChecks: unknown): PublicWithdrawal["reasons"] {
  if (!Array.isArray(ruleChecks)) return [];
  return (ruleChecks as PayoutRuleCheck[])
    .filter((c) => c && !c.ok)
    .map(({ rule, label, message }) => ({ rule, label, message }));
}

export function toPublicWithdrawal(w: Withdrawal): PublicWithdrawal {
  return {
    id: w.id,
    status: w.status,
    amount: amountString(w.amount),
    cryptoCurrency: w.cryptoCurrency,
    // Stored only from createWithdrawalSchema, which accepts WITHDRAWAL_NETWORKS alone (src/shared/withdrawals.ts).
    network: w.network as WithdrawalNetwork,
    address: w.address,
    createdAt: w.createdAt,
    payAmount: w.payAmount,
    txid: w.txid,
    paidAt: w.paidAt,
    rejectionReason: w.rejectionReason,
    failureReason: w.failureReason,
    route: (w.route as PayoutRoute | null) ?? null,
    reasons: failedRules(w.ruleChecks),
  };
}

export async function alreadyProcessed(db: DbTx, id: string): Promise<never> {
  const current = await db.withdrawal.findUnique({ where: { id }, select: { status: true } });
  if (!current) throw notFound("Withdrawal not found");
  throw conflict(`Withdrawal already ${current.status}`);
}

export const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));
