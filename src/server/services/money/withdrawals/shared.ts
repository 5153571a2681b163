/** What every withdrawal flow shares: names, the public shape of a withdrawal, transaction options. */
import type { Withdrawal } from "@/generated/prisma/client";
import { moneyString as amountString } from "@/shared/money";
import type { PayoutRoute, PayoutRule, PayoutRuleCheck } from "@/shared/payout-rules";
import type { DbTx } from "../../../platform/db";
import { conflict, notFound } from "../../../platform/errors";

export const PAYOUT_WEBHOOK_PATH = "/api/withdrawals/webhook";
export const PAYOUT_JOB = "withdrawals.payout";
/** Attempts of the payout job after the first failure (then the withdrawal fails and the hold returns). */
export const PAYOUT_RETRY_LIMIT = 5;
/** Bursts wait for a pooled connection rather than failing (as checkout does, services/checkout/purchases.ts). */
export const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

export type PublicWithdrawal = {
  id: string;
  status: Withdrawal["status"];
  amount: string;
  cryptoCurrency: Withdrawal["cryptoCurrency"];
  network: string;
  address: string;
  createdAt: Date;
  payAmount: string | null;
  txid: string | null;
  paidAt: Date | null;
  rejectionReason: string | null;
  failureReason: string | null;
  /** How the payout rules routed it: instant (sent without a person), review (an admin decides) or identity (held until verified). */
  route: PayoutRoute | null;
  /** The rules that did not hold (what the player and the admin read), empty for an instant payout. */
  reasons: { rule: PayoutRule; label: string; message: string }[];
};

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
    network: w.network,
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
