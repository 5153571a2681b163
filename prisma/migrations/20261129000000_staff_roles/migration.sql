-- Staff roles (docs/admin.md "Roles"): the one `admin` role becomes five; every admin becomes an owner.
-- The type is rebuilt rather than extended: a value added by ALTER TYPE cannot be used in the same transaction.
ALTER TYPE "Role" RENAME TO "Role_old";
CREATE TYPE "Role" AS ENUM ('user', 'owner', 'finance', 'support', 'content', 'viewer');
ALTER TABLE "User" ALTER COLUMN "role" DROP DEFAULT;
ALTER TABLE "User" ALTER COLUMN "role" TYPE "Role"
  USING (CASE "role"::text WHEN 'admin' THEN 'owner' ELSE "role"::text END)::"Role";
ALTER TABLE "User" ALTER COLUMN "role" SET DEFAULT 'user';
DROP TYPE "Role_old";

-- The audit shows the role each action was taken under.
ALTER TABLE "AuditLog" ADD COLUMN "actorRole" TEXT;

-- Four eyes: actions proposed by one staff member and confirmed by another.
CREATE TYPE "StaffProposalStatus" AS ENUM ('waiting', 'confirmed', 'cancelled');
CREATE TABLE "StaffProposal" (
    "id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "summary" JSONB NOT NULL,
    "status" "StaffProposalStatus" NOT NULL DEFAULT 'waiting',
    "proposedById" TEXT NOT NULL,
    "proposedRole" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    CONSTRAINT "StaffProposal_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "StaffProposal_status_createdAt_idx" ON "StaffProposal"("status", "createdAt");
CREATE INDEX "StaffProposal_action_subjectId_idx" ON "StaffProposal"("action", "subjectId");
-- One waiting proposal per action and subject: two staff proposing at once cannot both open one.
CREATE UNIQUE INDEX "StaffProposal_waiting_key" ON "StaffProposal"("action", "subjectId") WHERE "status" = 'waiting';
