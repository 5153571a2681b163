-- Auto-entry, standing orders (docs/retention.md "Auto-entry").
CREATE TYPE "AutoEntryStatus" AS ENUM ('active', 'stopped', 'cancelled');

CREATE TABLE "AutoEntry" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "contestIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "category" "ContestCategory",
    "answers" JSONB NOT NULL DEFAULT '{}',
    "ticketsPerPeriod" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "capUsd" DECIMAL(14,3) NOT NULL,
    "spentUsd" DECIMAL(14,3) NOT NULL DEFAULT 0,
    "status" "AutoEntryStatus" NOT NULL DEFAULT 'active',
    "stopReason" TEXT,
    "nextRunAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "AutoEntry_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "AutoEntry_status_nextRunAt_idx" ON "AutoEntry"("status", "nextRunAt");
CREATE INDEX "AutoEntry_userId_createdAt_idx" ON "AutoEntry"("userId", "createdAt");

CREATE TABLE "AutoEntryRun" (
    "id" TEXT NOT NULL,
    "autoEntryId" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "contestId" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "tickets" INTEGER NOT NULL DEFAULT 0,
    "amount" DECIMAL(14,3) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AutoEntryRun_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "AutoEntryRun_autoEntryId_period_contestId_key" ON "AutoEntryRun"("autoEntryId", "period", "contestId");
CREATE INDEX "AutoEntryRun_autoEntryId_createdAt_idx" ON "AutoEntryRun"("autoEntryId", "createdAt");
ALTER TABLE "AutoEntryRun" ADD CONSTRAINT "AutoEntryRun_autoEntryId_fkey" FOREIGN KEY ("autoEntryId") REFERENCES "AutoEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
