-- AlterTable
ALTER TABLE "LiabilitySnapshot" ADD COLUMN     "assetsAt" TIMESTAMP(3),
ADD COLUMN     "assetsDetail" JSONB,
ADD COLUMN     "assetsProblem" TEXT,
ADD COLUMN     "assetsSource" TEXT,
ADD COLUMN     "assetsUsd" DECIMAL(20,3),
ADD COLUMN     "solvencyPercent" DECIMAL(14,2);

-- Hand-written: assets are never negative, and a ratio exists only beside known assets.
ALTER TABLE "LiabilitySnapshot" ADD CONSTRAINT "LiabilitySnapshot_assets"
  CHECK (("assetsUsd" IS NULL OR "assetsUsd" >= 0) AND ("solvencyPercent" IS NULL OR "assetsUsd" IS NOT NULL));
