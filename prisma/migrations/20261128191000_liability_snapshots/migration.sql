-- CreateTable
CREATE TABLE "LiabilitySnapshot" (
    "id" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "requestedById" TEXT,
    "secret" BYTEA NOT NULL,
    "takenAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,
    "leafCount" INTEGER NOT NULL,
    "rootHash" TEXT NOT NULL,
    "totalCash" DECIMAL(20,3) NOT NULL,
    "totalCredit" DECIMAL(20,3) NOT NULL,
    "totalPrizes" DECIMAL(20,3) NOT NULL,
    "totalPayouts" DECIMAL(20,3) NOT NULL,
    "ledgerSum" DECIMAL(20,3) NOT NULL,
    "ledgerRows" BIGINT NOT NULL,
    "ledgerPosition" TEXT NOT NULL,
    "prizesOpen" INTEGER NOT NULL,
    "prizesUnvalued" INTEGER NOT NULL,
    "chunkSize" INTEGER NOT NULL,
    "chunkRoots" BYTEA NOT NULL,
    "chunkFirstKeys" BYTEA NOT NULL,
    "proofsUntil" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LiabilitySnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LiabilityChunk" (
    "snapshotId" TEXT NOT NULL,
    "chunk" INTEGER NOT NULL,
    "leaves" BYTEA NOT NULL,

    CONSTRAINT "LiabilityChunk_pkey" PRIMARY KEY ("snapshotId","chunk")
);

-- CreateIndex
CREATE INDEX "LiabilitySnapshot_takenAt_idx" ON "LiabilitySnapshot"("takenAt");

-- Hand-written: a published snapshot never owes a negative amount, and its balances are the ledger's.
ALTER TABLE "LiabilitySnapshot" ADD CONSTRAINT "LiabilitySnapshot_totals_nonnegative"
  CHECK ("totalCash" >= 0 AND "totalCredit" >= 0 AND "totalPrizes" >= 0 AND "totalPayouts" >= 0 AND "leafCount" >= 0);
ALTER TABLE "LiabilitySnapshot" ADD CONSTRAINT "LiabilitySnapshot_balances_are_the_ledger"
  CHECK ("totalCash" + "totalCredit" = "ledgerSum");
