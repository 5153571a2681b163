-- AlterTable
ALTER TABLE "Withdrawal" ADD COLUMN     "autoApproved" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "route" TEXT,
ADD COLUMN     "ruleChecks" JSONB;

-- Hand-written: the three routes of the payout rules (src/shared/payout-rules.ts PayoutRoute).
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_route" CHECK ("route" IS NULL OR "route" IN ('instant', 'review', 'identity'));
