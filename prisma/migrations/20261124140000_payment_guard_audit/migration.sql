-- Expired invoices leave the admin's pending list (issue: approval guarded by the gateway).
ALTER TYPE "PaymentStatus" ADD VALUE 'expired';

ALTER TABLE "Payment" ADD COLUMN "network" TEXT,
ADD COLUMN "receivedAmount" DECIMAL(14,3),
ADD COLUMN "creditedAmount" DECIMAL(14,3),
ADD COLUMN "overrideReason" TEXT,
ADD COLUMN "checkedAt" TIMESTAMP(3);

-- Payments approved before this migration were credited in full.
UPDATE "Payment" SET "creditedAmount" = "amount" WHERE "status" = 'approved';

-- The reconcile job's scan: open invoices by when they were last checked.
CREATE INDEX "Payment_open_check_idx" ON "Payment" ("checkedAt") WHERE "status" = 'pending';

CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "AuditLog_createdAt_id_idx" ON "AuditLog"("createdAt", "id");
CREATE INDEX "AuditLog_action_createdAt_idx" ON "AuditLog"("action", "createdAt");
CREATE INDEX "AuditLog_targetType_targetId_idx" ON "AuditLog"("targetType", "targetId");

-- Append-only: history is never edited or removed, whoever holds the connection.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'AuditLog is append-only';
END;
$$;
CREATE TRIGGER "AuditLog_append_only" BEFORE UPDATE OR DELETE ON "AuditLog"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
CREATE TRIGGER "AuditLog_no_truncate" BEFORE TRUNCATE ON "AuditLog"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
