/**
 * Proofs that the money is there (docs/fair-play.md "Proof of liabilities"): snapshots of what the
 * operator owes every player as a Merkle sum tree (src/shared/sum-tree.ts, src/shared/liabilities.ts),
 * each player's proof of their own leaf, and the published roots and totals with their history
 * (`npm run verify:liabilities` is scripts/tools/verify-liabilities.ts).
 *
 * Owns (each rule and the function that enforces it):
 * - one snapshot at a time, read in one REPEATABLE READ transaction, published only when its balances equal the ledger's sum at that position: `takeLiabilitySnapshot` (snapshot.ts)
 * - leaves are shuffled per snapshot and salted from a secret never published: `shuffleKey` (leaves.ts)
 * - a player gets the proof of their own leaf only, naming nobody else: `liabilityProof` (proof.ts)
 * - leaves are kept only for LIABILITY_PROOF_RETENTION_DAYS; roots and totals stay published: `pruneExpiredProofs` (snapshot.ts)
 * - what is published of a snapshot (never its secret or a leaf): `toSummary` (reads.ts)
 * - the assets are the payout wallet's balance as the gateway reports it, asked outside the snapshot's transaction: `reportAssets` (solvency.ts)
 * - below 100% of what is owed the snapshot is a warning and every admin is alerted: `alertAdminsIfShort` (solvency.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export { shuffleKey } from "./leaves";
export { LIABILITY_PROOF_RATE, liabilityProof, NO_LEAF_MESSAGE } from "./proof";
export { getSnapshot, listSnapshots, toSummary } from "./reads";
export type { SnapshotSummary } from "./reads";
export { LIABILITY_CHUNK, pruneExpiredProofs, takeLiabilitySnapshot } from "./snapshot";
export { alertAdminsIfShort, reportAssets, solvencyPercent, solvencyStatus } from "./solvency";
export type { AssetsReport, SolvencyStatus } from "./solvency";
export type { SnapshotTrigger } from "./snapshot";
