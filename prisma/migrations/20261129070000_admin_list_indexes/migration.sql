-- The admin Withdrawals list pages every withdrawal newest first (docs/payments.md "Withdrawals"): read
-- through this index, a page costs the same however long the history is (the pending queue has its own).
CREATE INDEX "Withdrawal_createdAt_idx" ON "Withdrawal"("createdAt");

-- The identity checks waiting for a decision, oldest first (docs/payments.md "Identity"): a keyset page
-- of the queue on this index, not a scan of every player's profile.
CREATE INDEX "IdentityProfile_checkStatus_checkRequestedAt_idx" ON "IdentityProfile"("checkStatus", "checkRequestedAt");
