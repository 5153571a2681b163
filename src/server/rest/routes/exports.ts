/**
 * CSV exports for admins (src/server/services/exports.ts): raw rows, because the answer is a file
 * streamed as its rows are read. Signed out: 401; not an admin: 403; never cached.
 */
import { forbidden, unauthorized } from "../../platform/errors";
import {
  type CsvExport,
  EXPORT_LIMITS,
  exportAuditLog,
  exportContestEntries,
  exportPayments,
  exportWithdrawals,
} from "../../services/exports";
import type { Context } from "../../api/context";
import type { RestRoute } from "../types";

/** Bytes handed to the socket at a time: a few hundred rows, not one line per write. */
const CHUNK_BYTES = 64 * 1024;

function assertAdmin(ctx: Context): void {
  if (!ctx.user) throw unauthorized();
  if (ctx.user.role !== "admin") throw forbidden("Admin access required");
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

export const exportRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/export/payments.csv",
    doc: { summary: "Every top-up as CSV", access: "admin", response: csv(`payments: ${limit}`) },
    raw: async (_req, { ctx }) => {
      assertAdmin(ctx);
      return csvResponse(await exportPayments(ctx.db));
    },
  },
  {
    method: "GET",
    path: "/api/admin/export/withdrawals.csv",
    doc: { summary: "Every withdrawal as CSV", access: "admin", response: csv(`withdrawals: ${limit}`) },
    raw: async (_req, { ctx }) => {
      assertAdmin(ctx);
      return csvResponse(await exportWithdrawals(ctx.db));
    },
  },
  {
    method: "GET",
    path: "/api/admin/export/audit.csv",
    doc: { summary: "The audit log as CSV", access: "admin", response: csv(`audit entries: ${limit}`) },
    raw: async (_req, { ctx }) => {
      assertAdmin(ctx);
      return csvResponse(await exportAuditLog(ctx.db));
    },
  },
  {
    method: "GET",
    path: "/api/admin/contests/:contestId/entries.csv",
    doc: {
      summary: "The entries of one contest as CSV, in ticket order",
      access: "admin",
      response: csv(`entries with their ticket ranges: at most ${EXPORT_LIMITS.maxRows} rows`),
    },
    raw: async (_req, { ctx, params }) => {
      assertAdmin(ctx);
      return csvResponse(await exportContestEntries(ctx.db, params.contestId ?? ""));
    },
  },
];
