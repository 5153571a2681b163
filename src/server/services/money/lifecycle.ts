/**
 * The lifecycles of a top-up (Payment) and of a payout (Withdrawal) as explicit state machines:
 * for every local state and every status the gateway can report (duplicates and out-of-order
 * deliveries included) one row says whether the report is recorded and what it does. Pure: no
 * database, no clock. The services apply the decision inside the transaction that holds the row's
 * lock (services/money/payments/gateway-status.ts, services/money/withdrawals/); docs/payments.md prints both tables.
 */
import type { PaymentStatus, WithdrawalStatus } from "@/generated/prisma/client";
import { GATEWAY_STATUS_RANK } from "@/shared/constants";

/** Every payment status OxaPay reports (normalised), in the order an invoice moves through them. */
export const GATEWAY_PAYMENT_STATUSES = Object.keys(GATEWAY_STATUS_RANK);
export const LOCAL_PAYMENT_STATES: PaymentStatus[] = ["pending", "approved", "rejected", "expired"];

/** Statuses that mean the payer's money reached the invoice (all or part of it). */
export const MONEY_STATUSES = new Set(["paid", "manual_accept", "underpaid"]);
/** The invoice will take no more money. */
export const DEAD_STATUSES = new Set(["expired", "failed"]);
export const REFUND_STATUSES = new Set(["refunding", "refunded"]);

export type PaymentEffect =
  /** Store the status, nothing else. */
  | "record"
  /** Store it; credit the invoice when auto-approval is on (pending + paid / manual accept). */
  | "credit_if_auto"
  /** Store it; pending -> expired, the player is told nothing arrived. */
  | "expire"
  /** Store it; pending -> expired, and the money that did arrive goes to the review queue. */
  | "expire_and_review"
  /** Store it; money on an invoice we no longer take (expired, rejected; more after a credit): review queue. */
  | "review_late"
  /** Store it; the gateway is giving back money we credited: admin alert and review queue (take back). */
  | "review_refund";

export type PaymentDecision =
  | { record: false; why: "unknown_status" | "duplicate" | "out_of_order" }
  | { record: true; effect: PaymentEffect };

/**
 * Whether the gateway's report moves the recorded gateway status: forward by rank, or money arriving
 * after the invoice died (a `paid` after `expired` is the late payment we must not lose). A repeat of
 * the recorded status counts only when it reports more money than we have (`moneyGrew`).
 */
export function gatewayStatusMoves(recorded: string, reported: string, moneyGrew: boolean): PaymentDecision | null {
  const to = GATEWAY_STATUS_RANK[reported];
  if (to === undefined) return { record: false, why: "unknown_status" };
  const from = GATEWAY_STATUS_RANK[recorded] ?? 0;
  if (reported === recorded) return moneyGrew ? null : { record: false, why: "duplicate" };
  if (to > from) return null;
  if (DEAD_STATUSES.has(recorded) && MONEY_STATUSES.has(reported)) return null;
  return { record: false, why: "out_of_order" };
}

/**
 * The payment table: what a gateway report does to a payment in `local` state whose recorded
 * gateway status is `recorded`. `hasMoney`: a received value is known after this report (or the
 * report says paid); `moneyBeyondCredit`: an approved payment now shows more than was credited.
 */
export function decidePaymentReport(
  local: PaymentStatus,
  recorded: string,
  reported: string,
  facts: { moneyGrew: boolean; hasMoney: boolean; moneyBeyondCredit: boolean },
): PaymentDecision {
  const blocked = gatewayStatusMoves(recorded, reported, facts.moneyGrew);
  if (blocked) return blocked;
  const money = MONEY_STATUSES.has(reported);
  switch (local) {
    case "pending":
      if (reported === "paid" || reported === "manual_accept") return { record: true, effect: "credit_if_auto" };
      if (DEAD_STATUSES.has(reported)) return { record: true, effect: facts.hasMoney ? "expire_and_review" : "expire" };
      return { record: true, effect: "record" }; // progress, underpaid (an admin approves the received value), refunds of nothing credited
    case "approved":
      if (REFUND_STATUSES.has(reported)) return { record: true, effect: "review_refund" };
      if (money && facts.moneyBeyondCredit) return { record: true, effect: "review_late" };
      return { record: true, effect: "record" };
    case "rejected":
    case "expired":
      if (money && facts.hasMoney) return { record: true, effect: "review_late" };
      return { record: true, effect: "record" };
  }
}

// ---------------------------------------------------------------------------------------------
// Payouts

/** Every payout status OxaPay reports (normalised; v1 and the legacy names), plus our lookups' answers. */
export const GATEWAY_PAYOUT_STATUSES = [
  "processing",
  "pending",
  "confirming",
  "confirmed",
  "complete",
  "canceled",
  "rejected",
] as const;
export const LOCAL_WITHDRAWAL_STATES: WithdrawalStatus[] = ["pending", "processing", "paid", "rejected", "failed"];

/** A payout status that ends the withdrawal as paid / failed; anything else keeps it processing. */
export function payoutOutcome(status: string): "paid" | "failed" | "processing" {
  if (status === "confirmed" || status === "complete" || status === "completed" || status === "paid") return "paid";
  if (status === "rejected" || status === "canceled" || status === "cancelled" || status === "failed") return "failed";
  return "processing";
}

export type PayoutAction =
  /** processing -> paid (txid kept). */
  | "pay"
  /** processing -> failed, the hold comes back once. */
  | "fail"
  /** Nothing to change (still moving, a repeat, or a report about a withdrawal already settled). */
  | "none"
  /** The gateway reports an outcome that contradicts a settled withdrawal (paid after failed, failed after paid): review. */
  | "review_conflict";

/** The payout table: what a gateway report (webhook, lookup) does to a withdrawal in `local` state. */
export function decidePayoutReport(local: WithdrawalStatus, reported: string): PayoutAction {
  const outcome = payoutOutcome(reported);
  if (local === "processing") return outcome === "paid" ? "pay" : outcome === "failed" ? "fail" : "none";
  if (local === "paid") return outcome === "failed" ? "review_conflict" : "none";
  if (local === "failed" || local === "rejected") return outcome === "paid" ? "review_conflict" : "none";
  return "none"; // pending: nothing was sent, a report cannot be about it
}

/**
 * What the payout job does with a processing withdrawal that has no gateway track id yet:
 * `send` when no request went out; `lookup` when one went out and its answer never came (never send
 * blind: OxaPay takes no idempotency key).
 */
export function decidePayoutAttempt(state: {
  trackId: string | null;
  outcomeUnknownSince: Date | null;
}): "done" | "send" | "lookup" {
  if (state.trackId) return "done";
  return state.outcomeUnknownSince ? "lookup" : "send";
}

/**
 * After a lookup by our reference: adopt what the gateway has; send again only on a definite "not
 * there"; otherwise wait for the next attempt, or hand it to a person once it stayed unknown too long.
 */
export function decideAfterLookup(
  found: "found" | "absent" | "unknown",
  pastUnknownLimit: boolean,
): "adopt" | "send" | "wait" | "review" {
  if (found === "found") return "adopt";
  if (found === "absent") return "send";
  return pastUnknownLimit ? "review" : "wait";
}
