/**
 * Retention (docs/retention.md): what brings players back — referral and cashback paid as
 * spend-only credit, auto-entry ("standing orders") through the normal checkout, a contest's
 * announcement to players who opted in — and never to a player who asked to stop (safer-play's
 * `incentiveBlock`, and the accounts domain's marketing consent).
 *
 * Owns (each rule and the function that enforces it):
 * - a contest is announced once, only while on sale, audited: `announceContest` (announcements.ts)
 * - an announcement reaches each opted-in player at most once, resuming at its cursor after a stop: `runMarketingSend` (announcements.ts)
 * - an auto-entry buys only through the checkout, once per order, period and contest, never past its cap: `runAutoEntry` (auto-entry.ts)
 * - an auto-entry stops, and the player is told why, when they are closed, self-excluded, at a limit, or short of balance: `runAutoEntry` (auto-entry.ts)
 * - skill answers of an auto-entry are judged at set-up by the checkout's gate; at most AUTO_ENTRY_LIMITS.activeMax active orders: `createAutoEntry` (auto-entry.ts)
 * - cancelling is one step and ends every later purchase (one in flight rolls back): `cancelAutoEntry` (auto-entry.ts)
 * - due orders run from the job, a batch at a time: `runDueAutoEntries` (auto-entry.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export {
  ANNOUNCE_BATCH_PLAYERS,
  ANNOUNCE_MESSAGES,
  announceContest,
  runMarketingSend,
  runPendingMarketingSends,
  type SendProgress,
} from "./announcements";
export {
  AUTO_ENTRY_REASONS,
  cancelAutoEntry,
  createAutoEntry,
  listAutoEntries,
  nextPeriodAfter,
  runAutoEntry,
  runDueAutoEntries,
} from "./auto-entry";
export type { AutoEntryView, RunSummary } from "./auto-entry";
