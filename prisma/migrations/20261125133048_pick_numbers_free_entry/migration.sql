-- AlterTable
ALTER TABLE "Contest" ADD COLUMN     "onlineFreeEntry" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "pickNumbers" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "TicketHold" (
    "contestId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TicketHold_pkey" PRIMARY KEY ("contestId","number")
);

-- CreateTable
CREATE TABLE "OnlineFreeEntry" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OnlineFreeEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TicketHold_userId_contestId_idx" ON "TicketHold"("userId", "contestId");

-- CreateIndex
CREATE INDEX "TicketHold_expiresAt_idx" ON "TicketHold"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "OnlineFreeEntry_entryId_key" ON "OnlineFreeEntry"("entryId");

-- CreateIndex
CREATE INDEX "OnlineFreeEntry_userId_contestId_createdAt_idx" ON "OnlineFreeEntry"("userId", "contestId", "createdAt");
