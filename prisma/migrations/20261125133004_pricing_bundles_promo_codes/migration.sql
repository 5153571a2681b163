-- AlterTable
ALTER TABLE "Contest" ADD COLUMN     "bundleTiers" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "PromoCode" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "percentOff" INTEGER,
    "amountOff" DECIMAL(14,3),
    "minSpend" DECIMAL(14,3),
    "maxUses" INTEGER,
    "maxUsesPerPlayer" INTEGER,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "startsAt" TIMESTAMP(3),
    "endsAt" TIMESTAMP(3),
    "firstPurchaseOnly" BOOLEAN NOT NULL DEFAULT false,
    "contestId" TEXT,
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PromoCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PromoRedemption" (
    "id" TEXT NOT NULL,
    "promoCodeId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "discount" DECIMAL(14,3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PromoRedemption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EntryPricing" (
    "entryId" TEXT NOT NULL,
    "listAmount" DECIMAL(14,3) NOT NULL,
    "bundlePercent" INTEGER,
    "bundleSaving" DECIMAL(14,3) NOT NULL,
    "promoSaving" DECIMAL(14,3) NOT NULL,
    "promoCodeId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EntryPricing_pkey" PRIMARY KEY ("entryId")
);

-- CreateIndex
CREATE UNIQUE INDEX "PromoCode_code_key" ON "PromoCode"("code");

-- CreateIndex
CREATE INDEX "PromoRedemption_promoCodeId_userId_idx" ON "PromoRedemption"("promoCodeId", "userId");

-- CreateIndex
CREATE INDEX "EntryPricing_promoCodeId_idx" ON "EntryPricing"("promoCodeId");

-- AddForeignKey
ALTER TABLE "PromoRedemption" ADD CONSTRAINT "PromoRedemption_promoCodeId_fkey" FOREIGN KEY ("promoCodeId") REFERENCES "PromoCode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The rules the server enforces, held by the database too (src/shared/pricing.ts).
ALTER TABLE "Contest" ADD CONSTRAINT "Contest_bundleTiers_array" CHECK (jsonb_typeof("bundleTiers") = 'array' AND jsonb_array_length("bundleTiers") <= 5);
ALTER TABLE "PromoCode" ADD CONSTRAINT "PromoCode_kind_value" CHECK (
  ("kind" = 'percent' AND "percentOff" BETWEEN 1 AND 90 AND "amountOff" IS NULL)
  OR ("kind" = 'fixed' AND "amountOff" > 0 AND "percentOff" IS NULL));
ALTER TABLE "PromoCode" ADD CONSTRAINT "PromoCode_uses" CHECK (
  "usedCount" >= 0 AND ("maxUses" IS NULL OR ("maxUses" >= 1 AND "usedCount" <= "maxUses"))
  AND ("maxUsesPerPlayer" IS NULL OR "maxUsesPerPlayer" >= 1));
ALTER TABLE "PromoCode" ADD CONSTRAINT "PromoCode_window" CHECK ("startsAt" IS NULL OR "endsAt" IS NULL OR "startsAt" < "endsAt");
ALTER TABLE "PromoRedemption" ADD CONSTRAINT "PromoRedemption_discount" CHECK ("discount" >= 0);
ALTER TABLE "EntryPricing" ADD CONSTRAINT "EntryPricing_amounts" CHECK (
  "bundleSaving" >= 0 AND "promoSaving" >= 0 AND "bundleSaving" + "promoSaving" <= "listAmount");
