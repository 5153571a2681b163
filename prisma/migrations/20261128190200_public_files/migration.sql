-- Large public files stored once, compressed, with their ETag (src/server/services/draws/public-files.ts):
-- the entry list of a big contest was rebuilt from the entries on every download.
-- CreateTable
CREATE TABLE "PublicFile" (
    "contestId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "basis" TEXT NOT NULL,
    "etag" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "gzip" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PublicFile_pkey" PRIMARY KEY ("contestId","kind")
);

-- AddForeignKey
ALTER TABLE "PublicFile" ADD CONSTRAINT "PublicFile_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "PublicFile" ADD CONSTRAINT "PublicFile_kind_check" CHECK ("kind" IN ('entries', 'free-entries'));
ALTER TABLE "PublicFile" ADD CONSTRAINT "PublicFile_size_check" CHECK ("size" >= 0);
