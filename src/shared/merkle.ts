/**
 * Draw scheme 2 (docs/fair-play.md "My tickets were in the draw"): the committed entry list is a
 * Merkle tree and entriesHash is its root, so a player can prove one entry was in the draw with
 * about log2(n) hashes and without anyone else's names.
 *
 * Leaves are the lines of scheme 1's entry-list text (`first-last:entryId`, by first ticket).
 *   leaf = SHA-256(0x00 || utf8(line)),  node = SHA-256(0x01 || left || right)
 * (RFC 6962's domain separation: a node can never pass for a leaf). Levels are paired left to
 * right; an odd last node is carried up unchanged (never duplicated, which would let two lists share
 * a root). The root of an empty list is SHA-256 of nothing. This is RFC 6962's Merkle Tree Hash.
 *
 * Building takes a synchronous hasher (node:crypto on the server and in scripts: a 500k-entry tree
 * is a million hashes); verifying a proof uses Web Crypto, so the browser runs the same code.
 */
export const DRAW_SCHEME_FLAT = 1;
export const DRAW_SCHEME_MERKLE = 2;
export type DrawScheme = typeof DRAW_SCHEME_FLAT | typeof DRAW_SCHEME_MERKLE;

/** SHA-256 of the bytes, synchronously (the server and scripts pass node:crypto). */
export type SyncSha256 = (bytes: Uint8Array) => Uint8Array;

const encoder = new TextEncoder();

export function entryLine(e: { id: string; firstTicket: number; lastTicket: number }): string {
  return `${e.firstTicket}-${e.lastTicket}:${e.id}`;
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) return null;
  const out = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function prefixed(tag: number, ...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(1 + parts.reduce((n, p) => n + p.length, 0)));
  out[0] = tag;
  let at = 1;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export const leafHash = (sha: SyncSha256, line: string): Uint8Array => sha(prefixed(0, encoder.encode(line)));
/** 0x01 || left || right, reused: the hasher is synchronous, so one buffer serves every node (a million for 500k entries). */
const nodeInput = new Uint8Array(65);
export function nodeHash(sha: SyncSha256, left: Uint8Array, right: Uint8Array): Uint8Array {
  nodeInput[0] = 1;
  nodeInput.set(left, 1);
  nodeInput.set(right, 33);
  return sha(nodeInput);
}

/**
 * The root of leaves pushed one at a time, in O(log n) memory: `pending[k]` holds a finished
 * subtree of 2^k leaves waiting for its right sibling (a binary counter). Finishing folds the
 * leftovers from the smallest up, which carries an odd node up exactly as the level-by-level tree.
 */
export class MerkleRootBuilder {
  private readonly pending: (Uint8Array | null)[] = [];
  count = 0;
  constructor(private readonly sha: SyncSha256) {}

  pushLine(line: string): void {
    this.pushLeafHash(leafHash(this.sha, line));
  }

  pushLeafHash(leaf: Uint8Array): void {
    let node = leaf;
    let k = 0;
    for (; this.pending[k]; k++) {
      node = nodeHash(this.sha, this.pending[k] as Uint8Array, node);
      this.pending[k] = null;
    }
    this.pending[k] = node;
    this.count++;
  }

  root(): Uint8Array {
    let acc: Uint8Array | null = null;
    for (const node of this.pending) {
      if (!node) continue;
      acc = acc ? nodeHash(this.sha, node, acc) : node;
    }
    return acc ?? this.sha(new Uint8Array(0));
  }
}

/** Every level of the tree over these leaf hashes, leaves first (for one chunk; fine below ~10^5 leaves). */
export function merkleLevels(sha: SyncSha256, leaves: readonly Uint8Array[]): Uint8Array[][] {
  const levels: Uint8Array[][] = [[...leaves]];
  for (let level = levels[0] as Uint8Array[]; level.length > 1; ) {
    const up: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      up.push(right ? nodeHash(sha, level[i] as Uint8Array, right) : (level[i] as Uint8Array));
    }
    levels.push(up);
    level = up;
  }
  return levels;
}

/** Sibling hashes from the leaf at `index` up to the root, skipping levels where it is carried up. */
export function auditPath(levels: readonly Uint8Array[][], index: number): Uint8Array[] {
  const path: Uint8Array[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = i % 2 === 1 ? level[i - 1] : level[i + 1];
    if (sibling) path.push(sibling);
    i = Math.floor(i / 2);
  }
  return path;
}

/** What a player receives to prove one entry was in the draw (GET /api/contests/{id}/draw/proof). */
export type InclusionProof = {
  /** The entry's line in the committed list: `first-last:entryId`. */
  leaf: string;
  /** Its position in the list by first ticket (0-based) and the list's length. */
  index: number;
  leafCount: number;
  /** Sibling hashes (hex), from the leaf's level up. */
  siblings: string[];
  /** The root it must reach: the contest's published entriesHash. */
  root: string;
};

async function webSha(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/**
 * Recomputes the root from the leaf and its siblings, taking the side of each sibling from the
 * position (so a proof also fixes where the entry sits) and checks it against `root`. Web Crypto.
 */
export async function verifyInclusion(p: InclusionProof, root: string = p.root): Promise<boolean> {
  if (!Number.isInteger(p.index) || !Number.isInteger(p.leafCount) || p.index < 0 || p.index >= p.leafCount) return false;
  let node = await webSha(prefixed(0, encoder.encode(p.leaf)));
  let i = p.index;
  let width = p.leafCount;
  let used = 0;
  while (width > 1) {
    const hasSibling = i % 2 === 1 || i + 1 < width;
    if (hasSibling) {
      const sibling = fromHex(p.siblings[used++] ?? "");
      if (sibling?.length !== 32) return false;
      node = await webSha(i % 2 === 1 ? prefixed(1, sibling, node) : prefixed(1, node, sibling));
    }
    i = Math.floor(i / 2);
    width = Math.ceil(width / 2);
  }
  return used === p.siblings.length && toHex(node) === root.toLowerCase();
}

/** The root over these lines with Web Crypto (the browser's check of a list that fits one page). */
export async function merkleRootOfLines(lines: readonly string[]): Promise<string> {
  let level = await Promise.all(lines.map((l) => webSha(prefixed(0, encoder.encode(l)))));
  if (level.length === 0) return toHex(await webSha(new Uint8Array(new ArrayBuffer(0))));
  while (level.length > 1) {
    const up: Promise<Uint8Array>[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      up.push(right ? webSha(prefixed(1, level[i] as Uint8Array, right)) : Promise.resolve(level[i] as Uint8Array));
    }
    level = await Promise.all(up);
  }
  return toHex(level[0] as Uint8Array);
}
