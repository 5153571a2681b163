/**
 * money: OWNS-PLACEHOLDER
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
export { reconcileWithGateway } from "./reconciliation";
export { creditReview, dismissReview, listReview, takeBackReview } from "./review-queue";
