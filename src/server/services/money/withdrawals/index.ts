/**
 * Withdrawals to crypto wallets (docs/payments.md "Withdrawals"):
 *   request  -> the amount leaves the balance at once (ledger `withdrawal_hold`, reference = id), status pending
 *   approve  -> pending -> processing with the `withdrawals.payout` job queued in the same
 *               transaction, then one attempt at once (sandbox: paid at once). The request is stored
 *               before it is sent; an answer that never came is looked up, never resent blind
 *               (services/money/lifecycle.ts has the payout table)
 *   webhook  -> processing -> paid (with the txid) or failed
 *   reject / failed -> the hold comes back once (ledger `withdrawal_release`, same reference)
 * Every status change is a conditional UPDATE on the expected status, so races and repeats change nothing.
 */
export { listAdminWithdrawals, approveWithdrawal, rejectWithdrawal, settleUnknownPayout } from "./admin";
export type { AdminWithdrawal, EnqueuePayoutInTx } from "./admin";
export { processPayoutWebhook, PAYOUT_RECONCILE_AFTER_MINUTES, reconcileProcessingWithdrawals } from "./outcome";
export { createWithdrawal, listMyWithdrawals } from "./request";
export type { RequestOptions } from "./request";
export { decidePayout, payoutSettings, quoteWithdrawal, readPayoutFacts } from "./payout-rules";
export type { PayoutFacts, PayoutSettings, WalletFact } from "./payout-rules";
export { runPayoutJob, sendPayout } from "./sending";
export type { PayoutTiming, SendOutcome } from "./sending";
export { PAYOUT_JOB, PAYOUT_RETRY_LIMIT, PAYOUT_WEBHOOK_PATH, toPublicWithdrawal } from "./shared";
export type { PublicWithdrawal } from "./shared";
export { applyPayoutReportOnce } from "./transitions";
