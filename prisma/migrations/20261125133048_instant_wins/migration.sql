-- Instant wins (issue 35): instant prizes per contest with committed winning tickets, the map's
-- commitment on the contest, ledger kinds for cash/credit wins, and physical instant prizes as Prize
-- rows (so a contest may now have several Prize rows: the draw's one stays unique by the partial index).
-- CreateEnum
CREATE TYPE "InstantPrizeKind" AS ENUM ('cash', 'credit', 'physical');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "LedgerKind" ADD VALUE 'instant_cash';
ALTER TYPE "LedgerKind" ADD VALUE 'instant_credit';

-- DropIndex
DROP INDEX "Prize_contestId_key";

-- AlterTable
ALTER TABLE "Contest" ADD COLUMN     "instantMapHash" TEXT,
ADD COLUMN     "instantSeed" TEXT,
ADD COLUMN     "instantSeedHash" TEXT,
ADD COLUMN     "instantTicketMax" INTEGER;

-- AlterTable
ALTER TABLE "Prize" ADD COLUMN     "instantPrizeId" TEXT;

-- CreateTable
CREATE TABLE "InstantPrize" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" "InstantPrizeKind" NOT NULL,
    "label" TEXT NOT NULL,
    "amount" DECIMAL(14,3),
    "winningTicket" INTEGER NOT NULL,
    "winnerId" TEXT,
    "entryId" TEXT,
    "awardedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InstantPrize_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "InstantPrize_contestId_winningTicket_key" ON "InstantPrize"("contestId", "winningTicket");

-- CreateIndex
CREATE UNIQUE INDEX "InstantPrize_contestId_position_key" ON "InstantPrize"("contestId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Prize_instantPrizeId_key" ON "Prize"("instantPrizeId");

-- CreateIndex
CREATE INDEX "Prize_contestId_idx" ON "Prize"("contestId");

-- AddForeignKey
ALTER TABLE "Prize" ADD CONSTRAINT "Prize_instantPrizeId_fkey" FOREIGN KEY ("instantPrizeId") REFERENCES "InstantPrize"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstantPrize" ADD CONSTRAINT "InstantPrize_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstantPrize" ADD CONSTRAINT "InstantPrize_winnerId_fkey" FOREIGN KEY ("winnerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The draw still creates at most one Prize per contest (hand-written: Prisma cannot express it).
CREATE UNIQUE INDEX "Prize_draw_contestId_key" ON "Prize" ("contestId") WHERE "instantPrizeId" IS NULL;

-- Hand-written: amounts are positive and tickets start at 1.
ALTER TABLE "InstantPrize" ADD CONSTRAINT "InstantPrize_amount_positive" CHECK ("amount" IS NULL OR "amount" > 0);
ALTER TABLE "InstantPrize" ADD CONSTRAINT "InstantPrize_ticket_positive" CHECK ("winningTicket" >= 1 AND "position" >= 1);
