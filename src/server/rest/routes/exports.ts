/**
 * CSV exports for admins (src/server/services/admin/exports.ts): raw rows, because the answer is a file
 * streamed as its rows are read. Signed out: 401; not an admin: 403; never cached. Each hands out
 * every player's data at once, so it is a privileged read (PRIVILEGED_ADMIN_READS,
 * src/server/api/privileged.ts): the REST adapter checks admin and the second factor for these rows
 * (`assertAdminAccess`, the rule of every admin procedure), and every download writes an
 * `export.read` audit row naming the export and its filters.
 */
import type { PRIVILEGED_ADMIN_READS } from "../../api/privileged";
import { recordAudit } from "../../services/kernel";
import {
  type CsvExport,
  EXPORT_LIMITS,
  exportAuditLog,
  exportContestEntries,
  exportPayments,
  exportWithdrawals,
} from "../../services/admin";
import type { Context } from "../../api/context";
import type { RestRoute } from "../types";

/** Bytes handed to the socket at a time: a few hundred rows, not one line per write. */
const CHUNK_BYTES = 64 * 1024;

type ExportPath = keyof typeof PRIVILEGED_ADMIN_READS;

/**
 * Builds the file, then records who downloaded which export with which filters (after the build, so
 * an unknown contest's 404 records nothing).
 */
async function audited(
  ctx: Context,
  name: string,
  filters: Record<string, string>,
  build: () => Promise<CsvExport>,
): Promise<Response> {
  // The REST adapter let only an admin with the second factor the rule asks for get here (assertAdminAccess).
  const actorId = ctx.user?.id ?? null;
  const file = await build();
  const rows = Math.min(file.total, EXPORT_LIMITS.maxRows);
  await recordAudit(ctx.db, {
    actorId,
    action: "export.read",
    targetType: "export",
    targetId: name,
    after: { export: name, filters, rows, truncated: file.total > EXPORT_LIMITS.maxRows, filename: file.filename },
  });
  return csvResponse(file);
}

export function csvResponse(file: CsvExport): Response {
  const encoder = new TextEncoder();
  const lines = file.lines;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = "";
      while (chunk.length < CHUNK_BYTES) {
        const next = await lines.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
      "x-export-rows": String(Math.min(file.total, EXPORT_LIMITS.maxRows)),
      "x-export-truncated": String(file.total > EXPORT_LIMITS.maxRows),
    },
  });
}

const csv = (description: string) => ({ status: 200, contentType: "text/csv", description });
const limit = `at most ${EXPORT_LIMITS.maxRows} rows, newest first; x-export-truncated says when there are more`;

const row = (path: ExportPath) => ({ method: "GET" as const, path: path.slice("GET ".length) });

export const exportRoutes: RestRoute[] = [
  {
    ...row("GET /api/admin/export/payments.csv"),
    doc: { summary: "Every top-up as CSV", access: "admin", response: csv(`payments: ${limit}`) },
    raw: async (_req, { ctx }) => {
      return audited(ctx, "payments", {}, () => exportPayments(ctx.db));
    },
  },
  {
    ...row("GET /api/admin/export/withdrawals.csv"),
    doc: { summary: "Every withdrawal as CSV", access: "admin", response: csv(`withdrawals: ${limit}`) },
    raw: async (_req, { ctx }) => {
      return audited(ctx, "withdrawals", {}, () => exportWithdrawals(ctx.db));
    },
  },
  {
    ...row("GET /api/admin/export/audit.csv"),
    doc: { summary: "The audit log as CSV", access: "admin", response: csv(`audit entries: ${limit}`) },
    raw: async (_req, { ctx }) => {
      return audited(ctx, "audit", {}, () => exportAuditLog(ctx.db));
    },
  },
  {
    ...row("GET /api/admin/contests/:contestId/entries.csv"),
    doc: {
      summary: "The entries of one contest as CSV, in ticket order",
      access: "admin",
      response: csv(`entries with their ticket ranges: at most ${EXPORT_LIMITS.maxRows} rows`),
    },
    raw: async (_req, { ctx, params }) => {
      const contestId = params.contestId ?? "";
      return audited(ctx, "contest_entries", { contestId }, () => exportContestEntries(ctx.db, contestId));
    },
  },
];
