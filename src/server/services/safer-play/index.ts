/**
 * safer-play: OWNS-PLACEHOLDER
 */
export { chooseLimits, requestExclusionEnd } from "./choices";
export {
  LIMIT_ROW_COLUMNS,
  checkSpending,
  declareAge,
  getLimits,
  getStanding,
  guardSpending,
  selfExclude,
  setLimits,
} from "./responsible-play";
export type { LimitRow } from "./responsible-play";
export { listRiskMarkers } from "./risk-markers";
