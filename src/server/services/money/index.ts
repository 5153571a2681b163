/**
 * Money in and out (docs/payments.md): top-ups and their webhooks, approval, withdrawals and
 * payouts, their state machines, the review queue, reconciliation with the gateway, and the ledger's
 * invariants.
 *
 * Owns (each rule and the function that enforces it):
 * - a gateway report moves a top-up only as its state machine allows: `decidePaymentReport` (lifecycle.ts)
 * - a webhook is verified, checked against the invoice and applied once: `processWebhook` (payments/gateway-status.ts)
 * - an approval credits at most what the gateway's status allows, once: `creditDecision` (payments/approval.ts)
 * - who may approve a top-up, with an override only with a reason: `approvePayment` (payments/approval.ts)
 * - a withdrawal holds its amount at once through the ledger: `createWithdrawal` (withdrawals/request.ts)
 * - who may approve a withdrawal, and the payout queued in the same transaction: `approveWithdrawal` (withdrawals/admin.ts)
 * - the withdrawals list is a keyset page, the pending queue oldest first or all newest first: `listAdminWithdrawals` (withdrawals/admin.ts)
 * - a withdrawal is paid without a person only when every payout rule holds, else queued or held naming the rule: `decidePayout` (withdrawals/payout-rules.ts)
 * - the player sees before the click whether it will be instant or reviewed, and why: `quoteWithdrawal` (withdrawals/payout-rules.ts)
 * - a withdrawal held for identity is decided again once the player is verified, and pays once: `releaseIdentityHolds` (withdrawals/payout-rules.ts)
 * - a payout is sent at most once; an unknown outcome is looked up, never resent blind: `sendPayout` (withdrawals/sending.ts)
 * - a payout report moves a withdrawal only as its state machine allows: `decidePayoutReport` (lifecycle.ts)
 * - what the automatic flows must not decide goes to the review queue once per cause: `openReview` (review-queue.ts)
 * - our records and the gateway's history are compared daily: `reconcileWithGateway` (reconciliation.ts)
 * - balances equal their ledger rows, nothing negative, nothing credited twice: `checkLedgerInvariants` (invariants.ts)
 * - goodwill is site credit (spend-only, optionally expiring), audited, never to a closed account: `grantCredit` (goodwill.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export * from "./payments";
export * from "./withdrawals";
export { checkLedgerInvariants, runLedgerChecks } from "./invariants";
export {
  GATEWAY_PAYMENT_STATUSES,
  GATEWAY_PAYOUT_STATUSES,
  LOCAL_PAYMENT_STATES,
  LOCAL_WITHDRAWAL_STATES,
  MONEY_STATUSES,
  REFUND_STATUSES,
  decideAfterLookup,
  decidePaymentReport,
  decidePayoutAttempt,
  decidePayoutReport,
} from "./lifecycle";
export { grantCredit } from "./goodwill";
export { reconcileWithGateway } from "./reconciliation";
export { creditReview, dismissReview, listReview, openReview, takeBackReview } from "./review-queue";
