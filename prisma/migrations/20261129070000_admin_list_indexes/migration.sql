-- The admin Withdrawals list pages every withdrawal newest first (docs/payments.md "Withdrawals"): read
-- through this index, a page costs the same however long the history is (the pending queue has its own).
CREATE INDEX "Withdrawal_createdAt_idx" ON "Withdrawal"("createdAt");
