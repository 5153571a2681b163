-- Counters instead of table scans (issue 30): the admin stats' whole-table figures in a snapshot the
-- stats.snapshot job refreshes every minute, one summary row per support conversation kept by
-- triggers, and the indexes the measured plans need (approved payments by processing time, winner
-- posts by win date for the admin list).
-- CreateTable
CREATE TABLE "SupportConversation" (
    "userId" TEXT NOT NULL,
    "lastMessageAt" TIMESTAMP(3) NOT NULL,
    "unreadByAdmin" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SupportConversation_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "StatsSnapshot" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "figures" JSONB NOT NULL,
    "takenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StatsSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SupportConversation_lastMessageAt_userId_idx" ON "SupportConversation"("lastMessageAt", "userId");

-- CreateIndex
CREATE INDEX "Payment_status_processedAt_idx" ON "Payment"("status", "processedAt");

-- CreateIndex
CREATE INDEX "WinnerPost_winDate_idx" ON "WinnerPost"("winDate");

-- AddForeignKey
ALTER TABLE "SupportConversation" ADD CONSTRAINT "SupportConversation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The conversation summaries follow every write to SupportMessage: statement-level triggers
-- recompute the touched players' rows from their own messages (the (userId, createdAt) index), so a
-- "mark all read" of 500 messages is one recount, not 500.
CREATE FUNCTION "support_conversation_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SupportConversation" ("userId", "lastMessageAt", "unreadByAdmin")
  SELECT u."userId", m.last, m.unread
  FROM (SELECT DISTINCT "userId" FROM changed) u
  CROSS JOIN LATERAL (
    SELECT max(s."createdAt") AS last,
           (count(*) FILTER (WHERE NOT s."isFromAdmin" AND NOT s."readByAdmin"))::int AS unread
    FROM "SupportMessage" s WHERE s."userId" = u."userId") m
  WHERE m.last IS NOT NULL
  ON CONFLICT ("userId") DO UPDATE
    SET "lastMessageAt" = EXCLUDED."lastMessageAt", "unreadByAdmin" = EXCLUDED."unreadByAdmin";
  DELETE FROM "SupportConversation" c
  WHERE c."userId" IN (SELECT "userId" FROM changed)
    AND NOT EXISTS (SELECT 1 FROM "SupportMessage" s WHERE s."userId" = c."userId");
  RETURN NULL;
END $$;

CREATE TRIGGER "SupportMessage_summary_insert" AFTER INSERT ON "SupportMessage"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "support_conversation_refresh"();
CREATE TRIGGER "SupportMessage_summary_update" AFTER UPDATE ON "SupportMessage"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "support_conversation_refresh"();
CREATE TRIGGER "SupportMessage_summary_delete" AFTER DELETE ON "SupportMessage"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "support_conversation_refresh"();

-- Conversations that exist already.
INSERT INTO "SupportConversation" ("userId", "lastMessageAt", "unreadByAdmin")
SELECT "userId", max("createdAt"), (count(*) FILTER (WHERE NOT "isFromAdmin" AND NOT "readByAdmin"))::int
FROM "SupportMessage" GROUP BY "userId";
