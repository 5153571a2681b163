-- Referral and cashback paid as spend-only credit (docs/retention.md).
-- The new kinds are not used in this migration (a value added by ALTER TYPE cannot be used in its own transaction).
ALTER TYPE "LedgerKind" ADD VALUE 'referral_credit';
ALTER TYPE "LedgerKind" ADD VALUE 'cashback_credit';

CREATE TABLE "ReferralCode" (
    "userId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReferralCode_pkey" PRIMARY KEY ("userId")
);
CREATE UNIQUE INDEX "ReferralCode_code_key" ON "ReferralCode"("code");

CREATE TABLE "Referral" (
    "id" TEXT NOT NULL,
    "referrerId" TEXT NOT NULL,
    "referredId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "referrerCredit" DECIMAL(14,3),
    "referredCredit" DECIMAL(14,3),
    "settledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Referral_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Referral_referredId_key" ON "Referral"("referredId");
CREATE INDEX "Referral_referrerId_createdAt_idx" ON "Referral"("referrerId", "createdAt");
CREATE INDEX "Referral_status_createdAt_idx" ON "Referral"("status", "createdAt");

CREATE TABLE "Cashback" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "spend" DECIMAL(14,3) NOT NULL,
    "amount" DECIMAL(14,3) NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "expiresAt" TIMESTAMP(3),
    "remindedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Cashback_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Cashback_userId_period_key" ON "Cashback"("userId", "period");
CREATE INDEX "Cashback_userId_periodStart_idx" ON "Cashback"("userId", "periodStart");
CREATE INDEX "Cashback_status_expiresAt_idx" ON "Cashback"("status", "expiresAt");
