/**
 * Safer play (docs/fair-play.md "Safer play", "Responsible play"): spend limits, self-exclusion,
 * the sign-up's limit prompt, age, and the admin's players-at-risk list.
 *
 * Owns (each rule and the function that enforces it):
 * - spending is checked against limits and exclusion under the player's row lock, in the spending transaction: `guardSpending` (responsible-play.ts)
 * - lowering a limit is immediate, raising one waits LIMIT_RAISE_DELAY_HOURS: `setLimits` (responsible-play.ts)
 * - a self-exclusion starts at once and ends only after its cooling-off: `selfExclude` (responsible-play.ts)
 * - the same exclusion rule in SQL, so a self-excluded player's number holds stop counting: `selfExcludedSql` (responsible-play.ts)
 * - asking to end an exclusion never brings the end forward: `requestExclusionEnd` (choices.ts)
 * - the sign-up's limit prompt is answered once: `chooseLimits` (choices.ts)
 * - no incentive (referral or cashback credit, auto-entry) and no marketing reaches a closed, self-excluded or limit-reached player: `incentiveBlock` (responsible-play.ts)
 * - players at risk are found by one bounded query over recent spending, a keyset page by player id: `listRiskMarkers` (risk-markers.ts)
 * - a player at risk is flagged for the payout rules (no instant payout): `riskMarkersOf` (risk-markers.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export { chooseLimits, requestExclusionEnd } from "./choices";
export {
  LIMIT_ROW_COLUMNS,
  checkSpending,
  declareAge,
  getLimits,
  getStanding,
  guardSpending,
  incentiveBlock,
  selfExclude,
  selfExcludedSql,
  setLimits,
} from "./responsible-play";
export type { IncentiveBlock, LimitRow } from "./responsible-play";
export { listRiskMarkers, riskMarkersOf } from "./risk-markers";
