/**
 * A player's proof of liabilities (GET /api/user/liabilities-proof): rebuilt on demand from the one
 * stored chunk holding their leaf and the snapshot's chunk roots, about 3,000 hashes whatever the
 * number of accounts. The chunk is found by the player's shuffle key (a binary search over each
 * chunk's first key); their salt is derived from the snapshot's secret. The proof names nobody else:
 * sibling nodes are hashes and subtree sums only.
 */
import { toHex } from "@/shared/merkle";
import {
  LIABILITY_FIELDS,
  LIABILITY_PROOF_KIND,
  LIABILITY_PROOF_VERSION,
  LIABILITY_UNIT,
  type LiabilityAmounts,
  type LiabilityProofFile,
  millsToMoney,
} from "@/shared/liabilities";
import { type SumNode, sumAuditPath, sumNodeJson, sumTreeLevels } from "@/shared/sum-tree";
import type { DbTx } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { consumeOrThrow, type RateRule } from "../../security/rate-limit";
import { leafNode, readChunk, saltOf, sha256, shuffleKey, unpackNodes } from "./leaves";

export const LIABILITY_PROOF_RATE: RateRule = { limit: 30, windowMs: 60_000 };

export const NO_LEAF_MESSAGE =
  "Your account had no balance, prize or payout owed at this snapshot, so it has no leaf in the tree (nothing was owed to you to hide)";

/** Index of the last chunk whose first key is at or before `key` (bytewise, as PostgreSQL sorts bytea). */
function chunkOf(firstKeys: Uint8Array, key: Uint8Array): number {
  const n = firstKeys.length / 32;
  let lo = 0;
  let hi = n - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (Buffer.compare(Buffer.from(firstKeys.subarray(mid * 32, mid * 32 + 32)), Buffer.from(key)) <= 0) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The tree above the chunks is the same for every proof of a snapshot (a million accounts: about a
 * thousand chunk roots, a third of a proof's hashing), so it is built once per snapshot and kept for
 * the few latest snapshots in this process. A published snapshot never changes.
 */
const KEPT_TOPS = 4;
const topsBySnapshot = new Map<string, SumNode[][]>();
function levelsAboveChunks(snapshotId: string, chunkRoots: Uint8Array): SumNode[][] {
  const kept = topsBySnapshot.get(snapshotId);
  if (kept) return kept;
  const levels = sumTreeLevels(sha256, unpackNodes(new Uint8Array(chunkRoots)));
  topsBySnapshot.set(snapshotId, levels);
  for (const oldest of topsBySnapshot.keys()) {
    if (topsBySnapshot.size <= KEPT_TOPS) break;
    topsBySnapshot.delete(oldest);
  }
  return levels;
}

export async function liabilityProof(db: DbTx, userId: string, snapshotId?: string): Promise<LiabilityProofFile> {
  await consumeOrThrow(
    db,
    `liabilities-proof:${userId}`,
    LIABILITY_PROOF_RATE,
    (retry) => `Too many proof downloads: try again ${retry}`,
  );
  const s = snapshotId
    ? await db.liabilitySnapshot.findUnique({ where: { id: snapshotId } })
    : await db.liabilitySnapshot.findFirst({ orderBy: { takenAt: "desc" } });
  if (!s) throw notFound(snapshotId ? "Snapshot not found" : "No proof-of-liabilities snapshot has been published yet");
  if (s.proofsUntil < new Date()) throw conflict("Proofs of this snapshot are no longer kept: download the proof of a newer one");
  if (s.leafCount === 0) throw notFound(NO_LEAF_MESSAGE);
  const secret = new Uint8Array(s.secret);
  const c = chunkOf(new Uint8Array(s.chunkFirstKeys), shuffleKey(secret, userId));
  const row = await db.liabilityChunk.findUnique({ where: { snapshotId_chunk: { snapshotId: s.id, chunk: c } } });
  if (!row) throw conflict("Proofs of this snapshot are no longer kept: download the proof of a newer one");
  const leaves = readChunk(new Uint8Array(row.leaves));
  const at = leaves.findIndex((l) => l.account === userId);
  const mine = leaves[at];
  if (!mine) throw notFound(NO_LEAF_MESSAGE);
  const inChunk = sumTreeLevels(
    sha256,
    leaves.map((l) => leafNode(secret, l)),
  );
  const above = levelsAboveChunks(s.id, s.chunkRoots);
  const root = above.at(-1)?.[0] as SumNode;
  const amounts = Object.fromEntries(
    LIABILITY_FIELDS.map((f, i) => [f, millsToMoney(mine.amounts[i] as bigint)]),
  ) as LiabilityAmounts;
  return {
    kind: LIABILITY_PROOF_KIND,
    version: LIABILITY_PROOF_VERSION,
    snapshotId: s.id,
    takenAt: s.takenAt.toISOString(),
    unit: LIABILITY_UNIT,
    fields: [...LIABILITY_FIELDS],
    amounts,
    proof: {
      salt: toHex(saltOf(secret, userId)),
      account: userId,
      amounts: mine.amounts.map(String),
      index: c * s.chunkSize + at,
      leafCount: s.leafCount,
      siblings: [...sumAuditPath(inChunk, at), ...sumAuditPath(above, c)].map(sumNodeJson),
      root: sumNodeJson(root),
    },
  };
}
