-- CreateEnum
CREATE TYPE "WithdrawalStatus" AS ENUM ('pending', 'processing', 'paid', 'rejected', 'failed');

-- CreateEnum
CREATE TYPE "PrizeStatus" AS ENUM ('unclaimed', 'cash_credited', 'prize_requested', 'shipped', 'delivered');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "LedgerKind" ADD VALUE 'withdrawal_hold';
ALTER TYPE "LedgerKind" ADD VALUE 'withdrawal_release';
ALTER TYPE "LedgerKind" ADD VALUE 'prize_cash';

-- CreateTable
CREATE TABLE "Withdrawal" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "amount" DECIMAL(14,3) NOT NULL,
    "cryptoCurrency" "CryptoCurrency" NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" "WithdrawalStatus" NOT NULL DEFAULT 'pending',
    "provider" TEXT,
    "trackId" TEXT,
    "payAmount" TEXT,
    "txid" TEXT,
    "rejectionReason" TEXT,
    "failureReason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sendingUntil" TIMESTAMP(3),
    "processedById" TEXT,
    "processedAt" TIMESTAMP(3),
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Withdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Prize" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "cashAlternative" DECIMAL(14,3),
    "status" "PrizeStatus" NOT NULL DEFAULT 'unclaimed',
    "claimBy" TIMESTAMP(3) NOT NULL,
    "delivery" JSONB,
    "note" TEXT,
    "claimedAt" TIMESTAMP(3),
    "shippedAt" TIMESTAMP(3),
    "deliveredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Prize_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Withdrawal_trackId_key" ON "Withdrawal"("trackId");

-- CreateIndex
CREATE INDEX "Withdrawal_status_createdAt_idx" ON "Withdrawal"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Withdrawal_userId_createdAt_idx" ON "Withdrawal"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Prize_contestId_key" ON "Prize"("contestId");

-- CreateIndex
CREATE INDEX "Prize_userId_createdAt_idx" ON "Prize"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Prize_status_createdAt_idx" ON "Prize"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_processedById_fkey" FOREIGN KEY ("processedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Prize" ADD CONSTRAINT "Prize_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Prize" ADD CONSTRAINT "Prize_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written CHECKs (not expressible in the schema).
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_paid_has_txid" CHECK ("status" <> 'paid' OR "paidAt" IS NOT NULL);
ALTER TABLE "Prize" ADD CONSTRAINT "Prize_cash_non_negative" CHECK ("cashAlternative" IS NULL OR "cashAlternative" >= 0);
