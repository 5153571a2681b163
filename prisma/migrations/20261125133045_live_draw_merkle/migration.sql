-- AlterTable
ALTER TABLE "Contest" ADD COLUMN     "drawScheme" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "DrawTree" (
    "contestId" TEXT NOT NULL,
    "leafCount" INTEGER NOT NULL,
    "chunkSize" INTEGER NOT NULL,
    "chunkRoots" BYTEA NOT NULL,
    "chunkStarts" INTEGER[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DrawTree_pkey" PRIMARY KEY ("contestId")
);
