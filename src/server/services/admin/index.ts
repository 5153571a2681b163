/**
 * What spans domains for the admin dashboard (docs/admin.md): its figures, the CSV exports, the outbox view.
 *
 * Owns (each rule and the function that enforces it):
 * - the dashboard's figures come from a snapshot refreshed by a job, not a scan per view: `getStats` (dashboard.ts)
 * - exports stream in bounded pages up to EXPORT_LIMITS.maxRows: `exportPayments` (exports.ts)
 * - reading the outbox is an audited admin action, a keyset page newest first: `listOutbox` (outbox.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export {
  STATS_SNAPSHOT_SECONDS,
  getAnalytics,
  getOverview,
  getStats,
  refreshStatsSnapshot,
} from "./dashboard";
export { EXPORT_LIMITS, csvCell, exportAuditLog, exportContestEntries, exportPayments, exportWithdrawals } from "./exports";
export type { CsvExport } from "./exports";
export { listOutbox } from "./outbox";
