/**
 * The admin audit log: one append-only row per admin action that moves money or changes a contest
 * or a role: who, what, when, before and after, and the reason when one was given. Rows are written
 * inside the action's own transaction, so an action that rolls back leaves no entry and an entry
 * never describes something that did not happen. The table refuses UPDATE, DELETE and TRUNCATE
 * (prisma/migrations/20261124140000_payment_guard_audit).
 */
import type { z } from "zod";
import type { auditEntryOutput } from "@/shared/schemas/responses";
import type { Prisma } from "@/generated/prisma/client";
import { AUDIT_ACTIONS, type AuditAction, LIMITS } from "@/shared/constants";
import type { Db, DbTx } from "../../platform/db";
import { badRequest } from "../../platform/errors";

export type AuditTargetType =
  | "payment"
  | "withdrawal"
  | "prize"
  | "contest"
  | "user"
  | "wheel"
  | "outbox"
  | "winner_post"
  | "export"
  | "promo_code"
  | "complaint"
  | "receipt_key"
  | "liability_snapshot"
  | "proposal"
  | "review";

export type AuditInput = {
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
};

/** JSON-safe copy: Decimals and Dates become strings, undefined fields are dropped. */
function snapshot(value: Record<string, unknown> | null | undefined): Prisma.InputJsonValue | undefined {
  if (!value) return undefined;
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}

/** Records one action; call it inside the transaction that performs the action. */
export async function recordAudit(tx: DbTx, input: AuditInput): Promise<void> {
  const actor = input.actorId
    ? await tx.user.findUnique({ where: { id: input.actorId }, select: { email: true, role: true } })
    : null;
  await tx.auditLog.create({
    data: {
      actorId: input.actorId,
      actorEmail: actor?.email ?? "system",
      // The role the action was taken under (a player's own step, e.g. filing a complaint, says "user").
      actorRole: actor?.role ?? null,
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId,
      before: snapshot(input.before),
      after: snapshot(input.after),
      reason: input.reason ?? null,
    },
  });
}

export type AuditEntry = z.output<typeof auditEntryOutput>;

export type AuditQuery = {
  action?: AuditAction;
  actor?: string;
  targetId?: string;
  limit?: number;
  /** The last id of the previous page (newest first). */
  cursor?: string;
};

/** Newest first, filtered by action, actor email (contains) or target id; keyset pages. */
export async function listAudit(db: Db, query: AuditQuery = {}): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  if (query.action && !AUDIT_ACTIONS.includes(query.action)) throw badRequest("Unknown audit action");
  const limit = Math.min(query.limit ?? LIMITS.auditPage, LIMITS.auditPage);
  const after = query.cursor
    ? await db.auditLog.findUnique({ where: { id: query.cursor }, select: { id: true, createdAt: true } })
    : null;
  if (query.cursor && !after) throw badRequest("Unknown cursor");
  const rows = await db.auditLog.findMany({
    where: {
      ...(query.action && { action: query.action }),
      ...(query.actor && { actorEmail: { contains: query.actor, mode: "insensitive" as const } }),
      ...(query.targetId && { targetId: query.targetId }),
      ...(after && {
        OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
      }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      actorRole: r.actorRole,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
      reason: r.reason,
    })),
    nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}
