-- Marketing consent (docs/email.md "Offers and news"): opt-in per channel with the moment it was
-- given, a per-player token for one-click unsubscribe, and the mail headers a marketing row carries.
ALTER TABLE "User" ADD COLUMN "marketingEmailAt" TIMESTAMP(3);
ALTER TABLE "User" ADD COLUMN "marketingPushAt" TIMESTAMP(3);
ALTER TABLE "User" ADD COLUMN "unsubscribeToken" TEXT;
CREATE UNIQUE INDEX "User_unsubscribeToken_key" ON "User"("unsubscribeToken");
ALTER TABLE "EmailOutbox" ADD COLUMN "headers" JSONB;
