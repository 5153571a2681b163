-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('user', 'admin');

-- CreateEnum
CREATE TYPE "ContestCategory" AS ENUM ('cars', 'houses', 'bikes', 'watches', 'money', 'cash', 'tax_free_cash');

-- CreateEnum
CREATE TYPE "ContestStatus" AS ENUM ('active', 'ended', 'cancelled');

-- CreateEnum
CREATE TYPE "EntryResult" AS ENUM ('won', 'lost', 'refunded');

-- CreateEnum
CREATE TYPE "LedgerKind" AS ENUM ('topup', 'purchase', 'wheel_spin', 'wheel_prize', 'refund', 'adjustment');

-- CreateEnum
CREATE TYPE "CryptoCurrency" AS ENUM ('BTC', 'ETH', 'USDT', 'BNB');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "NotificationType" AS ENUM ('contest_result', 'success', 'warning', 'error', 'other');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "displayName" TEXT,
    "profileImageUrl" TEXT,
    "passwordHash" TEXT NOT NULL,
    "securityQuestion" TEXT NOT NULL,
    "securityAnswerHash" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'user',
    "balance" DECIMAL(14,3) NOT NULL DEFAULT 0,
    "lastFreeSpinAt" TIMESTAMP(3),
    "pendingRespin" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasswordResetGrant" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordResetGrant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Contest" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "detailedDescription" TEXT,
    "imageUrl" TEXT,
    "previewImages" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "category" "ContestCategory" NOT NULL,
    "status" "ContestStatus" NOT NULL DEFAULT 'active',
    "ticketPrice" DECIMAL(14,3) NOT NULL,
    "originalPrice" DECIMAL(14,3),
    "discountPercentage" INTEGER,
    "cashAlternative" DECIMAL(14,3),
    "features" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "specifications" JSONB NOT NULL DEFAULT '{}',
    "soldTickets" INTEGER NOT NULL DEFAULT 0,
    "maxTickets" INTEGER,
    "maxTicketsPerUser" INTEGER,
    "endDate" TIMESTAMP(3),
    "drawSeed" TEXT NOT NULL,
    "drawSeedHash" TEXT NOT NULL,
    "winningTicket" INTEGER,
    "winnerId" TEXT,
    "drawnAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Contest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TicketEntry" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "ticketCount" INTEGER NOT NULL,
    "firstTicket" INTEGER NOT NULL,
    "lastTicket" INTEGER NOT NULL,
    "totalAmount" DECIMAL(14,3) NOT NULL,
    "result" "EntryResult",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TicketEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" "LedgerKind" NOT NULL,
    "amount" DECIMAL(14,3) NOT NULL,
    "balanceAfter" DECIMAL(14,3) NOT NULL,
    "reference" TEXT NOT NULL,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "amount" DECIMAL(14,3) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "cryptoCurrency" "CryptoCurrency" NOT NULL,
    "provider" TEXT NOT NULL,
    "trackId" TEXT NOT NULL,
    "payAmount" TEXT,
    "payLink" TEXT NOT NULL,
    "address" TEXT,
    "gatewayStatus" TEXT NOT NULL DEFAULT 'new',
    "status" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "rejectionReason" TEXT,
    "processedById" TEXT,
    "processedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentEvent" (
    "id" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" "NotificationType" NOT NULL DEFAULT 'other',
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "isRead" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupportMessage" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "senderId" TEXT,
    "message" TEXT NOT NULL,
    "isFromAdmin" BOOLEAN NOT NULL DEFAULT false,
    "readByUser" BOOLEAN NOT NULL DEFAULT false,
    "readByAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SupportMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WinnerPost" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "winnerName" TEXT NOT NULL,
    "winnerId" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "contestTitle" TEXT NOT NULL,
    "imageUrl" TEXT,
    "winAmount" TEXT,
    "winDate" TIMESTAMP(3) NOT NULL,
    "isPublished" BOOLEAN NOT NULL DEFAULT true,
    "socialMediaLinks" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WinnerPost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WheelSeed" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "serverSeed" TEXT NOT NULL,
    "serverSeedHash" TEXT NOT NULL,
    "clientSeed" TEXT NOT NULL,
    "nextNonce" INTEGER NOT NULL DEFAULT 0,
    "revealedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WheelSeed_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WheelSpin" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "seedId" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    "clientSeed" TEXT NOT NULL,
    "isPaid" BOOLEAN NOT NULL,
    "isRespin" BOOLEAN NOT NULL DEFAULT false,
    "segmentIndex" INTEGER NOT NULL,
    "segmentLabel" TEXT NOT NULL,
    "cost" DECIMAL(14,3) NOT NULL,
    "prize" DECIMAL(14,3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WheelSpin_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AppSetting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AppSetting_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_createdAt_idx" ON "User"("createdAt");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE INDEX "PasswordResetGrant_userId_idx" ON "PasswordResetGrant"("userId");

-- CreateIndex
CREATE INDEX "RateLimit_expiresAt_idx" ON "RateLimit"("expiresAt");

-- CreateIndex
CREATE INDEX "Contest_status_category_idx" ON "Contest"("status", "category");

-- CreateIndex
CREATE INDEX "TicketEntry_userId_createdAt_idx" ON "TicketEntry"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "TicketEntry_contestId_lastTicket_idx" ON "TicketEntry"("contestId", "lastTicket");

-- CreateIndex
CREATE UNIQUE INDEX "TicketEntry_contestId_firstTicket_key" ON "TicketEntry"("contestId", "firstTicket");

-- CreateIndex
CREATE INDEX "LedgerEntry_userId_createdAt_idx" ON "LedgerEntry"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_kind_reference_key" ON "LedgerEntry"("kind", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_trackId_key" ON "Payment"("trackId");

-- CreateIndex
CREATE INDEX "Payment_status_createdAt_idx" ON "Payment"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_userId_createdAt_idx" ON "Payment"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentEvent_paymentId_idx" ON "PaymentEvent"("paymentId");

-- CreateIndex
CREATE INDEX "Notification_userId_isRead_createdAt_idx" ON "Notification"("userId", "isRead", "createdAt");

-- CreateIndex
CREATE INDEX "SupportMessage_userId_createdAt_idx" ON "SupportMessage"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "WinnerPost_isPublished_winDate_idx" ON "WinnerPost"("isPublished", "winDate");

-- CreateIndex
CREATE INDEX "WheelSeed_userId_idx" ON "WheelSeed"("userId");

-- CreateIndex
CREATE INDEX "WheelSpin_userId_createdAt_idx" ON "WheelSpin"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WheelSpin_seedId_nonce_key" ON "WheelSpin"("seedId", "nonce");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordResetGrant" ADD CONSTRAINT "PasswordResetGrant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Contest" ADD CONSTRAINT "Contest_winnerId_fkey" FOREIGN KEY ("winnerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TicketEntry" ADD CONSTRAINT "TicketEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TicketEntry" ADD CONSTRAINT "TicketEntry_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_processedById_fkey" FOREIGN KEY ("processedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentEvent" ADD CONSTRAINT "PaymentEvent_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SupportMessage" ADD CONSTRAINT "SupportMessage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SupportMessage" ADD CONSTRAINT "SupportMessage_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WheelSeed" ADD CONSTRAINT "WheelSeed_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WheelSpin" ADD CONSTRAINT "WheelSpin_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WheelSpin" ADD CONSTRAINT "WheelSpin_seedId_fkey" FOREIGN KEY ("seedId") REFERENCES "WheelSeed"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: rules Prisma's schema language cannot express.
ALTER TABLE "User" ADD CONSTRAINT "User_balance_non_negative" CHECK ("balance" >= 0);
ALTER TABLE "User" ADD CONSTRAINT "User_pendingRespin_kind" CHECK ("pendingRespin" IS NULL OR "pendingRespin" IN ('free', 'paid'));
ALTER TABLE "Contest" ADD CONSTRAINT "Contest_sold_within_max" CHECK ("soldTickets" >= 0 AND ("maxTickets" IS NULL OR "soldTickets" <= "maxTickets"));
ALTER TABLE "Contest" ADD CONSTRAINT "Contest_max_positive" CHECK ("maxTickets" IS NULL OR "maxTickets" > 0);
ALTER TABLE "Contest" ADD CONSTRAINT "Contest_per_user_cap_positive" CHECK ("maxTicketsPerUser" IS NULL OR "maxTicketsPerUser" > 0);
ALTER TABLE "Contest" ADD CONSTRAINT "Contest_discount_range" CHECK ("discountPercentage" IS NULL OR ("discountPercentage" >= 0 AND "discountPercentage" <= 100));
ALTER TABLE "Contest" ADD CONSTRAINT "Contest_prices_positive" CHECK ("ticketPrice" > 0 AND ("originalPrice" IS NULL OR "originalPrice" >= 0) AND ("cashAlternative" IS NULL OR "cashAlternative" >= 0));
ALTER TABLE "TicketEntry" ADD CONSTRAINT "TicketEntry_range" CHECK ("ticketCount" > 0 AND "firstTicket" >= 1 AND "lastTicket" = "firstTicket" + "ticketCount" - 1);
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_amount_positive" CHECK ("amount" > 0);
-- One active (unrevealed) provably-fair seed per player.
CREATE UNIQUE INDEX "WheelSeed_one_active_per_user" ON "WheelSeed" ("userId") WHERE "revealedAt" IS NULL;
