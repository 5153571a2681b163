/**
 * The withdrawal's status changes, each a conditional UPDATE on the expected status inside the
 * caller's transaction, so races and repeats change nothing: paid, failed (the hold comes back once),
 * a gateway report applied as the payout table says (services/money/lifecycle.ts), a review entry.
 */
import type { Withdrawal } from "@/generated/prisma/client";
import { moneyString as amountString } from "@/shared/money";
import { mailWithdrawal } from "../../../mail/events";
import type { Db, DbTx } from "../../../platform/db";
import { payoutReference } from "../../../gateways/payouts";
import { applyBalanceChange } from "../../kernel";
import { notify } from "../../kernel";
import { decidePayoutReport } from "../lifecycle";
import { openReview } from "../review-queue";

/**
 * The withdrawal's held amount back to the player's balance (ledger `withdrawal_release`, once per
 * withdrawal), each part to where the hold took it from (cash; history before the cash/credit split
 * may show credit too).
 */
export async function releaseHold(tx: DbTx, w: Pick<Withdrawal, "id" | "userId" | "amount">, note: string): Promise<void> {
  await applyBalanceChange(tx, {
    userId: w.userId,
    amount: w.amount,
    kind: "withdrawal_release",
    reference: w.id,
    mirrorOf: { kind: "withdrawal_hold", reference: w.id },
    note,
  });
}

/** processing -> failed and the hold comes back (once: the flip and the unique ledger reference guard it). */
export async function failInTx(tx: DbTx, w: Withdrawal, reason: string): Promise<boolean> {
  const flipped = await tx.$executeRaw`
    UPDATE "Withdrawal" SET "status" = 'failed', "failureReason" = ${reason}, "sendingUntil" = NULL,
      "outcomeUnknownSince" = NULL, "updatedAt" = now()
    WHERE "id" = ${w.id} AND "status" = 'processing'`;
  if (flipped !== 1) return false;
  await releaseHold(tx, w, "payout failed");
  await notify(tx, w.userId, {
    type: "error",
    title: "Withdrawal Failed",
    message: `Your withdrawal of $${amountString(w.amount)} could not be sent (${reason}); the amount is back in your balance.`,
  });
  await mailWithdrawal(tx, { ...w, amount: amountString(w.amount) }, { kind: "failed", reason });
  return true;
}

export async function payInTx(tx: DbTx, w: Withdrawal, txid: string | null): Promise<boolean> {
  const flipped = await tx.$executeRaw`
    UPDATE "Withdrawal" SET "status" = 'paid', "txid" = COALESCE(${txid}, "txid"), "paidAt" = now(), "sendingUntil" = NULL,
      "outcomeUnknownSince" = NULL, "updatedAt" = now()
    WHERE "id" = ${w.id} AND "status" = 'processing'`;
  if (flipped !== 1) return false;
  await notify(tx, w.userId, {
    type: "success",
    title: "Withdrawal Paid",
    message: `Your withdrawal of $${amountString(w.amount)} has been sent to ${w.address}${txid ? ` (transaction ${txid})` : ""}.`,
  });
  await mailWithdrawal(tx, { ...w, amount: amountString(w.amount) }, { kind: "paid", txid });
  return true;
}

/** A payout nobody can settle automatically: one review entry per withdrawal; the hold stays. */
export async function openPayoutReview(tx: DbTx, w: Withdrawal, why: string) {
  await openReview(tx, {
    kind: "payout_unknown",
    dedupeKey: `payout_unknown:${w.id}`,
    userId: w.userId,
    withdrawalId: w.id,
    amount: w.amount,
    summary: `Payout of $${amountString(w.amount)} (${w.cryptoCurrency} to ${w.address}): ${why}. Check OxaPay's panel for "${payoutReference(w.id)}".`,
    details: { payoutRequest: w.payoutRequest, outcomeUnknownSince: w.outcomeUnknownSince, attempts: w.attempts },
    alertAdmins: true,
  });
}

/** A gateway report (webhook or lookup) about a withdrawal with a track id, as the payout table decides. */
export async function applyPayoutReport(tx: DbTx, w: Withdrawal, status: string, txid: string | null): Promise<boolean> {
  const current = await tx.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
  const action = decidePayoutReport(current.status, status);
  if (action === "pay") return payInTx(tx, current, txid);
  if (action === "fail") return failInTx(tx, current, `gateway status ${status}`);
  if (action === "review_conflict") {
    await openReview(tx, {
      kind: "reconcile_difference",
      dedupeKey: `payout_conflict:${w.id}:${status}`,
      userId: w.userId,
      withdrawalId: w.id,
      amount: w.amount,
      summary: `Withdrawal ${w.id} is ${current.status} here but the gateway reports its payout ${status}.`,
      details: { trackId: w.trackId, status, txid },
      alertAdmins: true,
    });
  }
  return false;
}

/** For the daily reconciliation: one gateway report about a recorded payout, in its own transaction. */
export function applyPayoutReportOnce(db: Db, w: Withdrawal, status: string, txid: string | null): Promise<boolean> {
  return db.$transaction((tx) => applyPayoutReport(tx, w, status, txid));
}
