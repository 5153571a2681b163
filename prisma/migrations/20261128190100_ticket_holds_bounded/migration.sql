-- Number holds bound to the session that made them (src/server/services/tickets/holds.ts): a hold
-- ends with its session (logout, account closure, a password reset) through the cascade. Holds last
-- minutes and cannot be tied to a session after the fact, so the running ones end here: a number in
-- a cart is still bought at checkout when nobody else took it meanwhile.
DELETE FROM "TicketHold";

-- AlterTable
ALTER TABLE "TicketHold" ADD COLUMN     "sessionId" TEXT NOT NULL;

-- CreateIndex
CREATE INDEX "TicketHold_sessionId_idx" ON "TicketHold"("sessionId");

-- AddForeignKey
ALTER TABLE "TicketHold" ADD CONSTRAINT "TicketHold_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
