/**
 * Draws (docs/fair-play.md): the committed seed, closing sales, the draw and its public record
 * and proofs, live draws, cancellation with refunds, and telling every entrant the result.
 *
 * Owns (each rule and the function that enforces it):
 * - a contest commits to sha256(seed) when it opens: `newDrawSeed` (draw.ts)
 * - closing sales fixes the entry list (and a beacon round) before anyone can know the winner: `closeSales` (draw.ts)
 * - the winner is derived from the committed seed, once per contest: `completeDraw` (draw.ts)
 * - a cancelled contest refunds every entry once: `cancelContest` (cancel.ts)
 * - every entrant hears the result in bounded batches after the draw commits: `fanOutDrawResults` (fanout.ts)
 * - the public record shows what the verifier needs, no user id, names masked and only once sales closed: `getDrawRecord` (record.ts)
 * - the entry-list files are made once per close, stored compressed with an ETag, answered without rebuilding: `publicEntryFile` (public-files.ts)
 * - the record counts free entries (postal, online) and publishes which they are, each one ticket drawn like a paid one: `freeEntrySummary` (record.ts)
 * - an entry's inclusion proof against the committed Merkle root: `inclusionProof` (tree.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export { cancelContest } from "./cancel";
export { complianceClauses } from "./compliance";
export {
  ENTRIES_HASH_SQL,
  closeSales,
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
export { PUBLIC_FILE_KINDS, preparePublicFiles, publicEntryFile } from "./public-files";
export type { PublicFileKind, StoredPublicFile } from "./public-files";
export { drawEntriesFile, drawFreeEntriesFile, FREE_ENTRY_PARITY, freeEntrySummary, getDrawRecord } from "./record";
export { PROOF_RATE_RULE, buildDrawTree, inclusionProof, sha256Sync } from "./tree";
