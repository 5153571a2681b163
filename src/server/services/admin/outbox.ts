/**
 * The admin Outbox tab's read (docs/email.md): an admin action, so it lives with the services and
 * writes its audit row; the outbox itself (src/server/mail/outbox.ts) knows nothing of admins.
 */
import type { Db } from "../../platform/db";
import { type OutboxRow, redactSecrets, withTicketNumbers } from "../../mail/outbox";
import { recordAudit } from "../kernel";

/**
 * The admin Outbox tab: newest first, at most `limit` rows (bounded), optionally one recipient.
 * Reset links are always masked (an admin must not be able to take over an account). Each read is
 * an audit row (who read whose mail).
 */
export async function listOutbox(
  db: Db,
  opts: { limit?: number; search?: string } = {},
  actorId: string | null = null,
): Promise<OutboxRow[]> {
  const search = opts.search?.trim();
  const rows = await db.emailOutbox.findMany({
    where: search ? { to: { contains: search.toLowerCase(), mode: "insensitive" } } : undefined,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(opts.limit ?? 100, 1), 200),
    select: {
      id: true,
      userId: true,
      to: true,
      kind: true,
      subject: true,
      text: true,
      html: true,
      status: true,
      attempts: true,
      lastError: true,
      createdAt: true,
      sentAt: true,
      nextAttemptAt: true,
    },
  });
  if (actorId) {
    await recordAudit(db, {
      actorId,
      action: "outbox.read",
      targetType: "outbox",
      targetId: search || "*",
      after: { rows: rows.length },
    });
  }
  return (await withTicketNumbers(db, rows)).map(({ userId: _userId, ...row }) => redactSecrets(row));
}
