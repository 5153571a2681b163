-- Instant wins, keyed commitment (src/shared/instant-wins.ts, docs/fair-play.md "Instant wins"):
-- mapHash was SHA-256 of a text whose only secret part is a few ticket numbers, so it could be
-- brute-forced before the sale. New maps use scheme 2 (HMAC keyed with the secret seed). Every map
-- committed so far is marked scheme 1: its hash is shown only after the reveal, and a contest still
-- on sale gets a fresh map at its next sale (src/server/services/checkout/instant-redraw.ts) or
-- from `npm run instant-wins:redraw`.
-- AlterTable
ALTER TABLE "Contest" ADD COLUMN     "instantRedraw" JSONB,
ADD COLUMN     "instantScheme" INTEGER;

UPDATE "Contest" SET "instantScheme" = 1 WHERE "instantMapHash" IS NOT NULL;

ALTER TABLE "Contest" ADD CONSTRAINT "Contest_instantScheme_check"
  CHECK ("instantScheme" IS NULL OR "instantScheme" IN (1, 2));
