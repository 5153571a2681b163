-- Multi-account and abuse signals (docs/admin.md "Abuse signals").
ALTER TABLE "User" ADD COLUMN "signupNetwork" TEXT;
CREATE INDEX "User_signupNetwork_createdAt_idx" ON "User"("signupNetwork", "createdAt") WHERE "signupNetwork" IS NOT NULL;

CREATE TABLE "AbuseSignal" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "linkedUserIds" TEXT[],
    "evidence" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "AbuseSignal_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "AbuseSignal_userId_kind_key_key" ON "AbuseSignal"("userId", "kind", "key");
CREATE INDEX "AbuseSignal_createdAt_idx" ON "AbuseSignal"("createdAt");

CREATE TABLE "AccountDevice" (
    "deviceHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AccountDevice_pkey" PRIMARY KEY ("deviceHash", "userId")
);
CREATE INDEX "AccountDevice_userId_idx" ON "AccountDevice"("userId");
