/**
 * Retention (docs/retention.md): what brings players back — referral and cashback paid as
 * spend-only credit, auto-entry ("standing orders") through the normal checkout, a contest's
 * announcement to players who opted in — and never to a player who asked to stop (safer-play's
 * `incentiveBlock`, and the accounts domain's marketing consent).
 *
 * Owns (each rule and the function that enforces it):
 * - a player's referral code is made once, on first ask, and sign-up through it records one referrer (never oneself): `referralCodeOf`, `recordReferral` (referral.ts)
 * - a referral pays both players credit once, when the referred player's cash purchases in the window reach the setting, under the referral row's lock: `settleReferral` (referral.ts)
 * - linked accounts (device, payout address, sign-up address block) and closed, excluded or limit-reached players get no referral credit, the row says why: `settleReferral` (referral.ts)
 * - a referrer is paid for at most REFERRAL_MONTHLY_CAP referrals a calendar month, counted under their row lock: `settleReferral` (referral.ts)
 * - a referral whose settle was lost or whose window passed is settled by the sweep: `settlePendingReferrals` (referral.ts)
 * - cashback is paid once per player and ISO week, the (player, week) row claimed in the paying transaction: `runCashback` (cashback.ts)
 * - a player whom incentiveBlock stops gets a suppressed cashback row and no credit: `runCashback` (cashback.ts)
 * - a cashback credit about to expire unspent is reminded once, never to a blocked player: `remindCashbackExpiry` (cashback.ts)
 * - incentives are credit (spend-only, expiring), never cash or tickets: `settleReferral`, `runCashback` (ledger kinds `referral_credit`, `cashback_credit`)
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
export { cashbackOverview, isoWeek, lastEndedWeek, remindCashbackExpiry, runCashback } from "./cashback";
export type { CashbackOverview } from "./cashback";
export {
  recordReferral,
  referralCodeOf,
  referralOverview,
  settlePendingReferrals,
  settleReferral,
  settleReferralAfterPurchase,
} from "./referral";
export type { ReferralOverview } from "./referral";
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
