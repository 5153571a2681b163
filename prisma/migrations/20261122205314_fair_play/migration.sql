-- AlterTable
ALTER TABLE "Contest" ADD COLUMN     "beaconChainHash" TEXT,
ADD COLUMN     "beaconRandomness" TEXT,
ADD COLUMN     "beaconRound" INTEGER,
ADD COLUMN     "beaconSignature" TEXT,
ADD COLUMN     "drawMethod" TEXT,
ADD COLUMN     "endedEarlyAt" TIMESTAMP(3),
ADD COLUMN     "entriesHash" TEXT,
ADD COLUMN     "salesClosedAt" TIMESTAMP(3),
ADD COLUMN     "skillQuestion" JSONB;

-- AlterTable
ALTER TABLE "TicketEntry" ADD COLUMN     "freeEntry" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "dailyLimit" DECIMAL(14,3),
ADD COLUMN     "dateOfBirth" DATE,
ADD COLUMN     "monthlyLimit" DECIMAL(14,3),
ADD COLUMN     "pendingLimits" JSONB,
ADD COLUMN     "pendingLimitsAt" TIMESTAMP(3),
ADD COLUMN     "selfExcludedUntil" TIMESTAMP(3),
ADD COLUMN     "weeklyLimit" DECIMAL(14,3);
