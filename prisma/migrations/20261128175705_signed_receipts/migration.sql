-- CreateTable
CREATE TABLE "ReceiptKey" (
    "id" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "privateKey" TEXT,
    "activatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),

    CONSTRAINT "ReceiptKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReceiptSignature" (
    "entryId" TEXT NOT NULL,
    "keyId" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "signature" TEXT NOT NULL,

    CONSTRAINT "ReceiptSignature_pkey" PRIMARY KEY ("entryId")
);

-- Hand-written: at most one active receipt key (two instances generating the first key at once
-- cannot both win: the loser's INSERT … ON CONFLICT DO NOTHING writes nothing).
CREATE UNIQUE INDEX "ReceiptKey_one_active" ON "ReceiptKey" ((true)) WHERE "retiredAt" IS NULL;
-- An env key never leaves its private half here; a retired key keeps none.
ALTER TABLE "ReceiptKey" ADD CONSTRAINT "ReceiptKey_private_only_generated_active"
  CHECK ("privateKey" IS NULL OR ("source" = 'generated' AND "retiredAt" IS NULL));
