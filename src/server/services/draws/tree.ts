/**
 * The Merkle tree of a closed contest's entry list (draw scheme 2, src/shared/merkle.ts) and the
 * inclusion proofs a player asks for (GET /api/contests/{id}/draw/proof?entry=…, docs/fair-play.md).
 *
 * Bounded whatever the contest's size: building reads the entries a page at a time and keeps only
 * the root of each aligned chunk of CHUNK leaves (32 bytes per 1,024 entries: 16 kB for 500k); a
 * proof reads the one chunk holding the entry, rebuilds its 2,047 nodes, and climbs the stored chunk
 * roots. Aligned chunks are exact subtrees of the whole tree, so the two paths join into the same
 * audit path the whole tree would give.
 */
import { hash } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import {
  auditPath,
  DRAW_SCHEME_MERKLE,
  entryLine,
  type InclusionProof,
  merkleLevels,
  type SyncSha256,
  toHex,
} from "@/shared/merkle";
import type { DbTx } from "../../platform/db";
import { conflict, forbidden, notFound } from "../../platform/errors";
import { consumeOrThrow, type RateRule } from "../../security/rate-limit";

/** One-shot SHA-256 (node:crypto `hash`: about twice as fast as createHash for 65-byte inputs). */
export const sha256Sync: SyncSha256 = (bytes) => hash("sha256", bytes, "buffer");

/** Leaves per stored chunk root (a power of two, so chunks are whole subtrees; tests pass smaller ones). */
export const DRAW_TREE_CHUNK = 1024;
/** Chunks per database read while building (8,192 entries a statement). */
const CHUNKS_PER_READ = 8;

type Row = { id: string; firstTicket: number; lastTicket: number; leaf: Uint8Array };

/**
 * Entries from `fromTicket` on, each with its leaf hash computed by PostgreSQL (byte for byte
 * src/shared/merkle.ts leafHash: SHA-256 of 0x00 and the `first-last:id` line), so Node hashes only
 * the inner nodes.
 */
const readEntries = (db: DbTx, contestId: string, fromTicket: number, take: number): Promise<Row[]> =>
  db.$queryRaw<Row[]>(Prisma.sql`
    SELECT e."id", e."firstTicket", e."lastTicket",
           sha256(decode('00', 'hex') || convert_to(e."firstTicket"::text || '-' || e."lastTicket"::text || ':' || e."id", 'UTF8')) AS "leaf"
    FROM "TicketEntry" e
    WHERE e."contestId" = ${contestId} AND e."firstTicket" >= ${fromTicket}
    ORDER BY e."firstTicket" LIMIT ${take}`);

const chunkLevels = (rows: readonly Row[]) =>
  merkleLevels(
    sha256Sync,
    rows.map((r) => r.leaf),
  );

function rootOf(levels: Uint8Array[][]): Uint8Array {
  return levels.at(-1)?.[0] ?? sha256Sync(new Uint8Array(0));
}

/**
 * Builds and stores the tree of the contest's entry list (call inside the closing transaction,
 * after the row lock, so the list is final); returns the root (hex), the scheme-2 entriesHash.
 */
export async function buildDrawTree(tx: DbTx, contestId: string, chunkSize = DRAW_TREE_CHUNK): Promise<string> {
  const roots: Uint8Array[] = [];
  const starts: number[] = [];
  let from = 1;
  let leafCount = 0;
  for (;;) {
    const rows = await readEntries(tx, contestId, from, chunkSize * CHUNKS_PER_READ);
    leafCount += rows.length;
    for (let i = 0; i < rows.length; i += chunkSize) {
      const chunk = rows.slice(i, i + chunkSize);
      starts.push((chunk[0] as Row).firstTicket);
      roots.push(rootOf(chunkLevels(chunk)));
    }
    if (rows.length < chunkSize * CHUNKS_PER_READ) break;
    from = (rows.at(-1) as Row).firstTicket + 1;
  }
  const packed = new Uint8Array(new ArrayBuffer(roots.length * 32));
  roots.forEach((r, i) => {
    packed.set(r, i * 32);
  });
  const data = { leafCount, chunkSize, chunkRoots: packed, chunkStarts: starts };
  await tx.drawTree.upsert({ where: { contestId }, create: { contestId, ...data }, update: data });
  return toHex(rootOf(merkleLevels(sha256Sync, roots)));
}

/** Proofs one player may fetch per minute (each reads a chunk of 1,024 entries); the next answers 429. */
export const PROOF_RATE_RULE: RateRule = { limit: 60, windowMs: 60_000 };
export const proofRateKey = (userId: string) => `draw-proof:${userId}`;

/** Index of the last chunk starting at or before `ticket` (chunkStarts ascend). */
function chunkHolding(starts: readonly number[], ticket: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= ticket) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The inclusion proof of one of the player's entries: 404 for an unknown contest or an entry not
 * in it, 403 for someone else's entry, 409 before sales close or for a scheme-1 contest, 429 beyond
 * PROOF_RATE_RULE.
 */
export async function inclusionProof(
  db: DbTx,
  contestId: string,
  entryId: string,
  userId: string,
): Promise<InclusionProof & { contestId: string; entryId: string; scheme: number }> {
  await consumeOrThrow(
    db,
    proofRateKey(userId),
    PROOF_RATE_RULE,
    (retry) => `You are asking for proofs too quickly. Please try again ${retry}.`,
  );
  const contest = await db.contest.findUnique({
    where: { id: contestId },
    select: { salesClosedAt: true, entriesHash: true, drawScheme: true },
  });
  if (!contest) throw notFound("Contest not found");
  const entry = await db.ticketEntry.findUnique({
    where: { id: entryId },
    select: { id: true, contestId: true, userId: true, firstTicket: true, lastTicket: true },
  });
  if (!entry || entry.contestId !== contestId) throw notFound("No such entry in this contest");
  if (entry.userId !== userId) throw forbidden("This entry belongs to another player: only its owner can fetch its proof");
  if (!contest.salesClosedAt || !contest.entriesHash) {
    throw conflict("Inclusion proofs are available once sales close and the entry list is committed");
  }
  const tree = await db.drawTree.findUnique({ where: { contestId } });
  if (contest.drawScheme !== DRAW_SCHEME_MERKLE || !tree) {
    throw conflict(
      "This contest's entry list was committed as one SHA-256 (draw scheme 1, before inclusion proofs): check your entry in the whole list (GET /api/contests/{id}/draw/entries)",
    );
  }
  const c = chunkHolding(tree.chunkStarts, entry.firstTicket);
  const rows = await readEntries(db, contestId, tree.chunkStarts[c] as number, tree.chunkSize);
  const inner = rows.findIndex((r) => r.id === entry.id);
  if (inner < 0) throw conflict("The stored tree does not hold this entry");
  const roots = Array.from({ length: tree.chunkRoots.length / 32 }, (_, i) => tree.chunkRoots.subarray(i * 32, i * 32 + 32));
  const siblings = [...auditPath(chunkLevels(rows), inner), ...auditPath(merkleLevels(sha256Sync, roots), c)];
  return {
    contestId,
    entryId: entry.id,
    scheme: DRAW_SCHEME_MERKLE,
    leaf: entryLine(entry),
    index: c * tree.chunkSize + inner,
    leafCount: tree.leafCount,
    siblings: siblings.map(toHex),
    root: contest.entriesHash,
  };
}
