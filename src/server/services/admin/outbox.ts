/**
 * The admin Outbox tab's read (docs/email.md): an admin action, so it lives with the services and
 * writes its audit row; the outbox itself (src/server/mail/outbox.ts) knows nothing of admins.
 */
import type { Db } from "../../platform/db";
import { type OutboxRow, redactSecrets, withTicketNumbers } from "../../mail/outbox";
import type { PageQuery } from "@/shared/schemas/paging";
import { cursorRow, olderThan, pageLimit, recordAudit, SORT_KEY } from "../kernel";

/**
 * The admin Outbox tab: newest first, optionally one recipient, a keyset page (default 50; `cursor` =
 * the last id seen).
 * Reset links are always masked (an admin must not be able to take over an account). Each read is
 * an audit row (who read whose mail).
 */
export async function listOutbox(
  db: Db,
  opts: { search?: string } & PageQuery = {},
  actorId: string | null = null,
): Promise<OutboxRow[]> {
  const search = opts.search?.trim();
  const after = await cursorRow(opts.cursor, (id) => db.emailOutbox.findUnique({ where: { id }, select: SORT_KEY }));
  const rows = await db.emailOutbox.findMany({
    where: { ...(search && { to: { contains: search.toLowerCase(), mode: "insensitive" as const } }), ...olderThan(after) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageLimit(opts),
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
      after: { rows: rows.length, ...(opts.cursor && { after: opts.cursor }) },
    });
  }
  return (await withTicketNumbers(db, rows)).map(({ userId: _userId, ...row }) => redactSecrets(row));
}
