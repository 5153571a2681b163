/**
 * admin: OWNS-PLACEHOLDER
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
