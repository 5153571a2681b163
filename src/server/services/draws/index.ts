/**
 * draws: OWNS-PLACEHOLDER
 */
export { cancelContest } from "./cancel";
export { complianceClauses } from "./compliance";
export {
  ENTRIES_HASH_SQL,
  completeDraw,
  drawContest,
  drawIfSoldOut,
  newDrawSeed,
  pendingDrawReason,
  recordDrawFailure,
  runDueDraws,
  setDrawFollowUps,
} from "./draw";
export { getFairPlayInfo } from "./fair-play-info";
export { FANOUT_BATCH_PLAYERS, fanOutDrawResults } from "./fanout";
export { LIVE_DRAWS_LIMIT, listLiveDraws } from "./live";
export { drawEntriesFile, getDrawRecord } from "./record";
export { PROOF_RATE_RULE, buildDrawTree, inclusionProof, sha256Sync } from "./tree";
