/** Inputs of the admin review queue (src/server/services/money/review-queue.ts, docs/payments.md "Review queue"). */
import { pageFields } from "./paging";
import "./zod-config";
import { z } from "zod";

export const REVIEW_KINDS = ["late_payment", "refund_after_credit", "payout_unknown", "reconcile_difference"] as const;
export const REVIEW_KIND_LABELS: Record<(typeof REVIEW_KINDS)[number], string> = {
  late_payment: "Late payment",
  refund_after_credit: "Refund after credit",
  payout_unknown: "Payout outcome unknown",
  reconcile_difference: "Reconciliation difference",
};

/** Open entries oldest first (the queue), or every entry newest first (?status=all); a keyset page of either. */
export const reviewListSchema = z.object({ status: z.enum(["open", "all"]).default("open"), ...pageFields });

const id = z.string().trim().min(1, "Review entry id is required").max(100);
const reason = z
  .string("A reason is required")
  .trim()
  .min(1, "A reason is required")
  .max(500, "Reason must be at most 500 characters");

/** Credit, take back, dismiss: the entry and why. */
export const reviewDecisionSchema = z.object({ id, reason });

/** An unknown payout settled by hand: paid (with the transaction id seen at the gateway) or failed. */
/** (A paid outcome without a txid is refused by the service: 400 "A paid payout needs the transaction id".) */
export const settlePayoutSchema = z.object({
  id,
  reason,
  outcome: z.enum(["paid", "failed"], "Outcome must be paid or failed"),
  txid: z.string().trim().max(200, "Transaction id must be at most 200 characters").optional(),
});
