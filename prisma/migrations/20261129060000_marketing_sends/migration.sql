-- One marketing send (today: a contest's announcement) walked in batches by player id with a
-- cursor, so a send that stopped half-way resumes and no player is mailed twice (docs/retention.md).
CREATE TABLE "MarketingSend" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "createdById" TEXT,
    "cursor" TEXT,
    "queued" INTEGER NOT NULL DEFAULT 0,
    "doneAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MarketingSend_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "MarketingSend_kind_subjectId_key" ON "MarketingSend"("kind", "subjectId");
CREATE INDEX "MarketingSend_doneAt_idx" ON "MarketingSend"("doneAt");
-- The players a send walks: those who opted in to offers (e-mail or push), by id.
CREATE INDEX "User_marketing_id_idx" ON "User"("id") WHERE "marketingEmailAt" IS NOT NULL OR "marketingPushAt" IS NOT NULL;
