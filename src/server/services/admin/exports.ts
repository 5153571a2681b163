/**
 * CSV exports for admins (docs/admin.md, "Exports"): payments, withdrawals, the entries of one
 * contest, the audit log. Each is read in pages of EXPORT_LIMITS.pageRows rows (keyset, newest first; entries
 * by ticket number) and streamed as it is read, so memory stays flat; at most EXPORT_LIMITS.maxRows rows
 * per file (EXPORT_LIMITS), newest first (the REST row says `x-export-truncated: true` when there are more).
 *
 * Cells are RFC 4180 (quoted when they hold a comma, quote or line break) and defused against
 * spreadsheet formula injection: a text cell that starts with = + - @ or a control character gets a
 * leading apostrophe (OWASP "CSV injection"); plain numbers, such as -5.00, are left as they are.
 */
import type { DbTx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { entryOutcome } from "@/shared/purchase-rules";

/** Rows per query and rows per file (tests lower them). */
export const EXPORT_LIMITS = { pageRows: 500, maxRows: 50_000 };

type Cell = string | number | boolean | Date | null | undefined | { toString(): string };

const NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : typeof value === "object" ? String(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: Cell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The file's name, its lines as they are read, and how many rows exist (more than EXPORT_LIMITS.maxRows: cut). */
export type CsvExport = { filename: string; lines: AsyncGenerator<string>; total: number };

/** Pages of rows from `page(after)` until it answers fewer than EXPORT_LIMITS.pageRows or the cap is reached. */
function paged<T>(header: string[], page: (after: T | undefined) => Promise<T[]>, row: (r: T) => Cell[]) {
  let count = 0;
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(header);
    let after: T | undefined;
    for (;;) {
      const rows = await page(after);
      for (const r of rows) {
        if (count === EXPORT_LIMITS.maxRows) return;
        count += 1;
        yield csvLine(row(r));
      }
      if (rows.length < EXPORT_LIMITS.pageRows) return;
      after = rows[rows.length - 1];
    }
  }
  return { lines: lines() };
}

const stamp = () => new Date().toISOString().slice(0, 10);
const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

export async function exportPayments(db: DbTx): Promise<CsvExport> {
  const header = ["id", "createdAt", "userEmail", "amount", "currency", "cryptoCurrency", "network", "provider", "trackId"];
  header.push("status", "gatewayStatus", "receivedAmount", "creditedAmount", "processedAt", "rejectionReason", "overrideReason");
  return {
    filename: `payments-${stamp()}.csv`,
    total: await db.payment.count(),
    ...paged(
      header,
      (after: { id: string } | undefined) =>
        db.payment.findMany({
          orderBy: newestFirst,
          take: EXPORT_LIMITS.pageRows,
          ...(after ? { cursor: { id: after.id }, skip: 1 } : {}),
          include: { user: { select: { email: true } } },
        }),
      (p) => [
        p.id,
        p.createdAt,
        p.user.email,
        p.amount.toFixed(2),
        p.currency,
        p.cryptoCurrency,
        p.network,
        p.provider,
        p.trackId,
        p.status,
        p.gatewayStatus,
        p.receivedAmount?.toFixed(2),
        p.creditedAmount?.toFixed(2),
        p.processedAt,
        p.rejectionReason,
        p.overrideReason,
      ],
    ),
  };
}

export async function exportWithdrawals(db: DbTx): Promise<CsvExport> {
  const header = ["id", "createdAt", "userEmail", "amount", "cryptoCurrency", "network", "address", "status", "payAmount"];
  header.push("txid", "paidAt", "processedAt", "rejectionReason", "failureReason");
  return {
    filename: `withdrawals-${stamp()}.csv`,
    total: await db.withdrawal.count(),
    ...paged(
      header,
      (after: { id: string } | undefined) =>
        db.withdrawal.findMany({
          orderBy: newestFirst,
          take: EXPORT_LIMITS.pageRows,
          ...(after ? { cursor: { id: after.id }, skip: 1 } : {}),
          include: { user: { select: { email: true } } },
        }),
      (w) => [
        w.id,
        w.createdAt,
        w.user.email,
        w.amount.toFixed(2),
        w.cryptoCurrency,
        w.network,
        w.address,
        w.status,
        w.payAmount,
        w.txid,
        w.paidAt,
        w.processedAt,
        w.rejectionReason,
        w.failureReason,
      ],
    ),
  };
}

/** The entries of one contest in ticket order (404 for an unknown contest). */
export async function exportContestEntries(db: DbTx, contestId: string): Promise<CsvExport> {
  // The draw writes the winner on the contest, not on every entry: each row's result comes from both.
  const contest = await db.contest.findUnique({ where: { id: contestId }, select: { id: true, drawnAt: true, winnerId: true } });
  if (!contest) throw notFound("Contest not found");
  const header = ["entryId", "createdAt", "userEmail", "firstName", "lastName", "firstTicket", "lastTicket", "ticketCount"];
  header.push("totalAmount", "freeEntry", "result");
  return {
    filename: `contest-${contestId}-entries-${stamp()}.csv`,
    total: await db.ticketEntry.count({ where: { contestId } }),
    ...paged(
      header,
      (after: { firstTicket: number } | undefined) =>
        db.ticketEntry.findMany({
          where: { contestId, ...(after ? { firstTicket: { gt: after.firstTicket } } : {}) },
          orderBy: { firstTicket: "asc" },
          take: EXPORT_LIMITS.pageRows,
          include: { user: { select: { email: true, firstName: true, lastName: true } } },
        }),
      (e) => [
        e.id,
        e.createdAt,
        e.user.email,
        e.user.firstName,
        e.user.lastName,
        e.firstTicket,
        e.lastTicket,
        e.ticketCount,
        e.totalAmount.toFixed(2),
        e.freeEntry,
        entryOutcome(e, contest),
      ],
    ),
  };
}

export async function exportAuditLog(db: DbTx): Promise<CsvExport> {
  return {
    filename: `audit-log-${stamp()}.csv`,
    total: await db.auditLog.count(),
    ...paged(
      ["id", "createdAt", "actorEmail", "actorRole", "action", "targetType", "targetId", "reason", "before", "after"],
      (after: { id: string } | undefined) =>
        db.auditLog.findMany({
          orderBy: newestFirst,
          take: EXPORT_LIMITS.pageRows,
          ...(after ? { cursor: { id: after.id }, skip: 1 } : {}),
        }),
      (a) => [
        a.id,
        a.createdAt,
        a.actorEmail,
        a.actorRole,
        a.action,
        a.targetType,
        a.targetId,
        a.reason,
        a.before === null ? null : JSON.stringify(a.before),
        a.after === null ? null : JSON.stringify(a.after),
      ],
    ),
  };
}
