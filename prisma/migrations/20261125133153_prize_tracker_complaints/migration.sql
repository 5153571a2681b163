-- CreateEnum
CREATE TYPE "PrizeEventKind" AS ENUM ('cash_paid', 'prize_requested', 'shipped', 'delivered', 'received', 'disputed');

-- CreateEnum
CREATE TYPE "ComplaintCategory" AS ENUM ('purchase', 'draw', 'prize', 'payment', 'withdrawal');

-- CreateEnum
CREATE TYPE "ComplaintStatus" AS ENUM ('acknowledged', 'answered');

-- CreateEnum
CREATE TYPE "ComplaintMessageKind" AS ENUM ('note', 'reply', 'final');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "PrizeStatus" ADD VALUE 'received';
ALTER TYPE "PrizeStatus" ADD VALUE 'disputed';

-- CreateTable
CREATE TABLE "PrizeEvent" (
    "id" TEXT NOT NULL,
    "prizeId" TEXT NOT NULL,
    "kind" "PrizeEventKind" NOT NULL,
    "carrier" TEXT,
    "trackingRef" TEXT,
    "transactionId" TEXT,
    "complaintRef" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PrizeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Complaint" (
    "id" TEXT NOT NULL,
    "number" SERIAL NOT NULL,
    "userId" TEXT NOT NULL,
    "category" "ComplaintCategory" NOT NULL,
    "itemId" TEXT,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "ComplaintStatus" NOT NULL DEFAULT 'acknowledged',
    "dueAt" TIMESTAMP(3) NOT NULL,
    "answeredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Complaint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ComplaintMessage" (
    "id" TEXT NOT NULL,
    "complaintId" TEXT NOT NULL,
    "authorId" TEXT,
    "fromStaff" BOOLEAN NOT NULL,
    "kind" "ComplaintMessageKind" NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ComplaintMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PrizeEvent_prizeId_createdAt_idx" ON "PrizeEvent"("prizeId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Complaint_number_key" ON "Complaint"("number");

-- CreateIndex
CREATE INDEX "Complaint_userId_createdAt_idx" ON "Complaint"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Complaint_status_dueAt_idx" ON "Complaint"("status", "dueAt");

-- CreateIndex
CREATE INDEX "ComplaintMessage_complaintId_createdAt_idx" ON "ComplaintMessage"("complaintId", "createdAt");

-- AddForeignKey
ALTER TABLE "PrizeEvent" ADD CONSTRAINT "PrizeEvent_prizeId_fkey" FOREIGN KEY ("prizeId") REFERENCES "Prize"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ComplaintMessage" ADD CONSTRAINT "ComplaintMessage_complaintId_fkey" FOREIGN KEY ("complaintId") REFERENCES "Complaint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Bounds the services also check (src/shared/fulfilment.ts, src/shared/complaints.ts).
ALTER TABLE "PrizeEvent" ADD CONSTRAINT "PrizeEvent_shipped_has_tracking" CHECK ("kind" <> 'shipped' OR ("carrier" IS NOT NULL AND "trackingRef" IS NOT NULL));
ALTER TABLE "PrizeEvent" ADD CONSTRAINT "PrizeEvent_text_bounded" CHECK (length("carrier") <= 60 AND length("trackingRef") <= 60);
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_text_bounded" CHECK (length("subject") <= 120 AND length("body") <= 4000 AND length("itemId") <= 100);
ALTER TABLE "ComplaintMessage" ADD CONSTRAINT "ComplaintMessage_text_bounded" CHECK (length("body") <= 4000);

-- The trail of prizes claimed before the tracker existed, from the times the Prize row kept.
INSERT INTO "PrizeEvent" ("id", "prizeId", "kind", "transactionId", "createdAt")
SELECT 'backfill-cash-' || p."id", p."id", 'cash_paid', l."id", COALESCE(p."claimedAt", p."updatedAt")
FROM "Prize" p LEFT JOIN "LedgerEntry" l ON l."kind" = 'prize_cash' AND l."reference" = p."id"
WHERE p."status" = 'cash_credited';
INSERT INTO "PrizeEvent" ("id", "prizeId", "kind", "createdAt")
SELECT 'backfill-req-' || "id", "id", 'prize_requested', COALESCE("claimedAt", "updatedAt")
FROM "Prize" WHERE "status" IN ('prize_requested', 'shipped', 'delivered');
INSERT INTO "PrizeEvent" ("id", "prizeId", "kind", "carrier", "trackingRef", "createdAt")
SELECT 'backfill-ship-' || "id", "id", 'shipped', 'Not recorded', COALESCE(left("note", 60), 'Not recorded'), COALESCE("shippedAt", "updatedAt")
FROM "Prize" WHERE "status" IN ('shipped', 'delivered');
INSERT INTO "PrizeEvent" ("id", "prizeId", "kind", "createdAt")
SELECT 'backfill-del-' || "id", "id", 'delivered', COALESCE("deliveredAt", "updatedAt")
FROM "Prize" WHERE "status" = 'delivered';
