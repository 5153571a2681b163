-- CreateEnum
CREATE TYPE "ReviewKind" AS ENUM ('late_payment', 'refund_after_credit', 'payout_unknown', 'reconcile_difference');

-- CreateEnum
CREATE TYPE "ReviewStatus" AS ENUM ('open', 'credited', 'taken_back', 'resolved');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "LedgerKind" ADD VALUE 'review_credit';
ALTER TYPE "LedgerKind" ADD VALUE 'review_take_back';

-- AlterTable
ALTER TABLE "Withdrawal" ADD COLUMN     "outcomeUnknownSince" TIMESTAMP(3),
ADD COLUMN     "payoutRequest" JSONB;

-- CreateTable
CREATE TABLE "ReviewItem" (
    "id" TEXT NOT NULL,
    "kind" "ReviewKind" NOT NULL,
    "status" "ReviewStatus" NOT NULL DEFAULT 'open',
    "dedupeKey" TEXT NOT NULL,
    "userId" TEXT,
    "paymentId" TEXT,
    "withdrawalId" TEXT,
    "amount" DECIMAL(14,3),
    "summary" TEXT NOT NULL,
    "details" JSONB,
    "resolution" TEXT,
    "resolvedById" TEXT,
    "resolvedAt" TIMESTAMP(3),
    "claimAmount" DECIMAL(14,3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReviewItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReviewItem_dedupeKey_key" ON "ReviewItem"("dedupeKey");

-- CreateIndex
CREATE INDEX "ReviewItem_status_createdAt_idx" ON "ReviewItem"("status", "createdAt");
