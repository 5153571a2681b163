-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "twoFactorPending" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "twoFactorVerifiedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "totpEnabledAt" TIMESTAMP(3),
ADD COLUMN     "totpLastCounter" INTEGER,
ADD COLUMN     "totpPendingSecret" TEXT,
ADD COLUMN     "totpSecret" TEXT;
