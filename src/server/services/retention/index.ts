/**
 * Retention (docs/retention.md): what brings players back — referral and cashback paid as
 * spend-only credit, auto-entry ("standing orders") through the normal checkout, a contest's
 * announcement to players who opted in — and never to a player who asked to stop (safer-play's
 * `incentiveBlock`, and the accounts domain's marketing consent).
 *
 * Owns (each rule and the function that enforces it):
 * - a contest is announced once, only while on sale, audited: `announceContest` (announcements.ts)
 * - an announcement reaches each opted-in player at most once, resuming at its cursor after a stop: `runMarketingSend` (announcements.ts)
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
