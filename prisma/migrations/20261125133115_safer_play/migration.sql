-- AlterTable
ALTER TABLE "User" ADD COLUMN     "closedAt" TIMESTAMP(3),
ADD COLUMN     "limitChoice" TEXT,
ADD COLUMN     "limitChoiceAt" TIMESTAMP(3),
ADD COLUMN     "selfExclusionEndsAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "LedgerEntry_createdAt_idx" ON "LedgerEntry"("createdAt");

-- The prompt's answer is one of two words.
ALTER TABLE "User" ADD CONSTRAINT "User_limitChoice_check" CHECK ("limitChoice" IS NULL OR "limitChoice" IN ('set', 'declined'));

-- Until now a self-exclusion ended by itself at selfExcludedUntil; from here on it lasts until the
-- player asks to end it (then 24 h more). Exclusions that already ended under the old rule stay ended.
UPDATE "User" SET "selfExcludedUntil" = NULL WHERE "selfExcludedUntil" <= CURRENT_TIMESTAMP;

-- Players who already set a limit have answered the prompt.
UPDATE "User" SET "limitChoice" = 'set', "limitChoiceAt" = CURRENT_TIMESTAMP
WHERE "dailyLimit" IS NOT NULL OR "weeklyLimit" IS NOT NULL OR "monthlyLimit" IS NOT NULL OR "pendingLimits" IS NOT NULL;
