-- CreateTable
CREATE TABLE "IdentityProfile" (
    "userId" TEXT NOT NULL,
    "legalName" TEXT,
    "addressLine" TEXT,
    "city" TEXT,
    "postcode" TEXT,
    "country" TEXT,
    "declaredAt" TIMESTAMP(3),
    "checkStatus" TEXT,
    "checkRequestedAt" TIMESTAMP(3),
    "checkDecidedBy" TEXT,
    "checkReference" TEXT,
    "checkReason" TEXT,
    "checkDecidedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdentityProfile_pkey" PRIMARY KEY ("userId")
);

-- AddForeignKey
ALTER TABLE "IdentityProfile" ADD CONSTRAINT "IdentityProfile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the check's three states, and every text bounded (the schemas bound them first).
ALTER TABLE "IdentityProfile" ADD CONSTRAINT "IdentityProfile_check_status"
  CHECK ("checkStatus" IS NULL OR "checkStatus" IN ('pending', 'approved', 'rejected'));
ALTER TABLE "IdentityProfile" ADD CONSTRAINT "IdentityProfile_text_bounded" CHECK (
  length("legalName") <= 100 AND length("addressLine") <= 200 AND length("city") <= 100 AND length("postcode") <= 20
  AND length("country") = 2 AND length("checkDecidedBy") <= 60 AND length("checkReference") <= 200 AND length("checkReason") <= 500);
