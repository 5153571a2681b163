-- Draws in bounded work (issue 30): the draw's failure reason for admins, the results fan-out's
-- resumable cursor, and the indexes the measured plans need (notifications by user and time,
-- entries by contest and player).
-- AlterTable
ALTER TABLE "Contest" ADD COLUMN     "drawAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "drawError" TEXT;

-- CreateTable
CREATE TABLE "DrawFanout" (
    "contestId" TEXT NOT NULL,
    "cursor" TEXT,
    "notified" INTEGER NOT NULL DEFAULT 0,
    "mailed" INTEGER NOT NULL DEFAULT 0,
    "doneAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DrawFanout_pkey" PRIMARY KEY ("contestId")
);

-- CreateIndex
CREATE INDEX "DrawFanout_doneAt_idx" ON "DrawFanout"("doneAt");

-- CreateIndex
CREATE INDEX "Notification_userId_createdAt_id_idx" ON "Notification"("userId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "TicketEntry_contestId_userId_idx" ON "TicketEntry"("contestId", "userId");

-- AddForeignKey
ALTER TABLE "DrawFanout" ADD CONSTRAINT "DrawFanout_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
