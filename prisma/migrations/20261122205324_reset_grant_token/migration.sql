-- AlterTable
ALTER TABLE "PasswordResetGrant" ADD COLUMN     "tokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "PasswordResetGrant_tokenHash_key" ON "PasswordResetGrant"("tokenHash");
