/**
 * A Merkle SUM tree (docs/fair-play.md "Proof of liabilities"): every node carries, besides its hash,
 * the sums of its leaves' amounts, and its hash covers both children's hashes AND both children's
 * sums. A proof of one leaf therefore fixes the root's totals: change any amount, sibling sum or
 * sibling hash and the root hash no longer matches. Hashing each child's sums (not only the parent's
 * total) is what stops a dishonest builder from making one child's sum larger and the other's
 * smaller while keeping the parent's total (the flaw of the first published sum trees).
 *
 *   leaf = SHA-256(0x00 ‖ salt (32) ‖ commitment (32) ‖ amount_1 … amount_k (8 bytes each, big-endian))
 *   node = SHA-256(0x01 ‖ left.hash ‖ left.sums ‖ right.hash ‖ right.sums),  node.sums = left.sums + right.sums
 *
 * Amounts are integers of the smallest unit (src/shared/liabilities.ts: thousandths of a dollar, the
 * ledger's own precision, src/shared/money.ts) in 0..MAX_AMOUNT; a sum above MAX_AMOUNT is refused
 * when building and when checking, so nothing can wrap around. Levels are paired left to right and an
 * odd last node is carried up unchanged, as in the draw's entry-list tree (src/shared/merkle.ts, RFC
 * 6962's shape): aligned chunks of 2^m leaves are whole subtrees, so a server can keep only their
 * roots. The root of an empty tree is SHA-256 of nothing with zero sums.
 *
 * Building takes a synchronous SHA-256 (node:crypto on the server: a million accounts are two
 * million hashes); checking a proof uses Web Crypto, so the browser and `npm run verify:liabilities`
 * run the same code.
 */
import { fromHex, type SyncSha256, toHex } from "./merkle";

export type { SyncSha256 } from "./merkle";

/** The largest amount or sum a node may carry: PostgreSQL's bigint, far beyond any real balance. */
export const MAX_AMOUNT = (1n << 63n) - 1n;

export type SumNode = { hash: Uint8Array; sums: readonly bigint[] };

const encoder = new TextEncoder();
const LEAF_TAG = 0;
const NODE_TAG = 1;

export class SumTreeError extends Error {}

function checkAmount(a: bigint, what: string): void {
  if (typeof a !== "bigint" || a < 0n) throw new SumTreeError(`${what} is negative or not an integer`);
  if (a > MAX_AMOUNT) throw new SumTreeError(`${what} overflows (above ${MAX_AMOUNT})`);
}

function writeU64(out: Uint8Array, at: number, value: bigint): void {
  let v = value;
  for (let i = 7; i >= 0; i--) {
    out[at + i] = Number(v & 0xffn);
    v >>= 8n;
  }
}

/** What a leaf commits to about its owner: SHA-256 of a fixed label and the account id (the owner recomputes it). */
export function accountCommitment(sha: SyncSha256, accountId: string): Uint8Array {
  return sha(encoder.encode(`prize-contests/account/v1:${accountId}`));
}

function leafInput(salt: Uint8Array, commitment: Uint8Array, amounts: readonly bigint[]): Uint8Array<ArrayBuffer> {
  if (salt.length !== 32 || commitment.length !== 32) throw new SumTreeError("salt and commitment must be 32 bytes");
  const out = new Uint8Array(new ArrayBuffer(65 + 8 * amounts.length));
  out[0] = LEAF_TAG;
  out.set(salt, 1);
  out.set(commitment, 33);
  amounts.forEach((a, i) => {
    checkAmount(a, `amount ${i + 1}`);
    writeU64(out, 65 + 8 * i, a);
  });
  return out;
}

function addSums(left: readonly bigint[], right: readonly bigint[]): bigint[] {
  if (left.length !== right.length) throw new SumTreeError("children carry different numbers of sums");
  return left.map((l, i) => {
    const s = l + (right[i] as bigint);
    checkAmount(s, `sum ${i + 1}`);
    return s;
  });
}

function nodeInput(left: SumNode, right: SumNode): Uint8Array<ArrayBuffer> {
  const k = left.sums.length;
  const out = new Uint8Array(new ArrayBuffer(1 + 2 * (32 + 8 * k)));
  out[0] = NODE_TAG;
  let at = 1;
  for (const child of [left, right]) {
    if (child.hash.length !== 32) throw new SumTreeError("a node hash must be 32 bytes");
    out.set(child.hash, at);
    at += 32;
    child.sums.forEach((s, i) => {
      checkAmount(s, `sum ${i + 1}`);
      writeU64(out, at + 8 * i, s);
    });
    at += 8 * k;
  }
  return out;
}

/** One account's leaf: its amounts are the leaf's sums. */
export function sumLeaf(sha: SyncSha256, salt: Uint8Array, commitment: Uint8Array, amounts: readonly bigint[]): SumNode {
  return { hash: sha(leafInput(salt, commitment, amounts)), sums: [...amounts] };
}

export function sumParent(sha: SyncSha256, left: SumNode, right: SumNode): SumNode {
  const sums = addSums(left.sums, right.sums);
  return { hash: sha(nodeInput(left, right)), sums };
}

export function emptySumRoot(sha: SyncSha256, k: number): SumNode {
  return { hash: sha(new Uint8Array(0)), sums: Array.from({ length: k }, () => 0n) };
}

/**
 * The root of leaves pushed one at a time in O(log n) memory (the binary counter of
 * MerkleRootBuilder in src/shared/merkle.ts, with sums): `pending[j]` is a finished subtree of 2^j
 * leaves waiting for its right sibling; finishing folds the leftovers from the smallest up, which
 * carries an odd node up exactly as the level-by-level tree does.
 */
export class SumTreeBuilder {
  private readonly pending: (SumNode | null)[] = [];
  count = 0;
  constructor(
    private readonly sha: SyncSha256,
    private readonly k: number,
  ) {}

  push(leaf: SumNode): void {
    if (leaf.sums.length !== this.k) throw new SumTreeError(`a leaf must carry ${this.k} amounts`);
    let node = leaf;
    let j = 0;
    for (; this.pending[j]; j++) {
      node = sumParent(this.sha, this.pending[j] as SumNode, node);
      this.pending[j] = null;
    }
    this.pending[j] = node;
    this.count++;
  }

  root(): SumNode {
    let acc: SumNode | null = null;
    for (const node of this.pending) {
      if (!node) continue;
      acc = acc ? sumParent(this.sha, node, acc) : node;
    }
    return acc ?? emptySumRoot(this.sha, this.k);
  }
}

/** Every level of the tree over these nodes, leaves first (one chunk of a snapshot, or the chunk roots above it). */
export function sumTreeLevels(sha: SyncSha256, leaves: readonly SumNode[]): SumNode[][] {
  const levels: SumNode[][] = [[...leaves]];
  for (let level = levels[0] as SumNode[]; level.length > 1; ) {
    const up: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      up.push(right ? sumParent(sha, level[i] as SumNode, right) : (level[i] as SumNode));
    }
    levels.push(up);
    level = up;
  }
  return levels;
}

/** Siblings from the node at `index` up to the top of `levels`, skipping levels where it is carried up. */
export function sumAuditPath(levels: readonly SumNode[][], index: number): SumNode[] {
  const path: SumNode[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = i % 2 === 1 ? level[i - 1] : level[i + 1];
    if (sibling) path.push(sibling);
    i = Math.floor(i / 2);
  }
  return path;
}

// ---- Checking a proof (Web Crypto: the browser and the CLI) ----

/** A node as a proof carries it: hex hash, sums as decimal strings of integers (JSON numbers would lose digits). */
export type SumNodeJson = { hash: string; sums: string[] };

export type SumProof = {
  /** The leaf's secret salt (hex, 32 bytes; only its owner receives it) and the owner's account id. */
  salt: string;
  account: string;
  /** The leaf's amounts, integers of the smallest unit. */
  amounts: string[];
  /** The leaf's position (0-based) and the tree's leaf count: they fix every sibling's side. */
  index: number;
  leafCount: number;
  /** Sibling nodes from the leaf's level up (levels where the node is carried up have none). */
  siblings: SumNodeJson[];
  /** The root it must reach: hash and totals. */
  root: SumNodeJson;
};

export type SumProofCheck = { ok: true; root: SumNode } | { ok: false; reason: string };

/** A canonical non-negative integer ("0", "12"; not "-1", "01", "1.5", "1e3") within MAX_AMOUNT, or null. */
export function parseAmount(text: unknown): bigint | null {
  if (typeof text !== "string" || !/^(0|[1-9]\d{0,18})$/.test(text)) return null;
  const v = BigInt(text);
  return v <= MAX_AMOUNT ? v : null;
}

async function webSha(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

function parseNode(n: SumNodeJson | undefined, k: number, what: string): SumNode | string {
  const hash = typeof n?.hash === "string" ? fromHex(n.hash) : null;
  if (hash?.length !== 32) return `${what}: the hash is not 32 bytes of hex`;
  if (!Array.isArray(n?.sums) || n.sums.length !== k) return `${what}: expected ${k} sums`;
  const sums: bigint[] = [];
  for (const s of n.sums) {
    const v = parseAmount(s);
    if (v === null) return `${what}: a sum is negative, not a whole number, or overflows (${String(s)})`;
    sums.push(v);
  }
  return { hash, sums };
}

/**
 * Recomputes the root from the leaf (salt, the owner's account commitment, amounts) and its siblings,
 * taking each sibling's side from `index` and `leafCount`, adding sums with overflow checks, and
 * compares hash AND totals with `expectedRoot` (the published one; the proof's own root by default).
 */
export async function verifySumProof(p: SumProof, k: number, expectedRoot: SumNodeJson = p.root): Promise<SumProofCheck> {
  if (!Number.isSafeInteger(p.index) || !Number.isSafeInteger(p.leafCount) || p.index < 0 || p.index >= p.leafCount) {
    return { ok: false, reason: "the leaf's position is outside the tree" };
  }
  if (typeof p.account !== "string" || p.account.length === 0) return { ok: false, reason: "no account id" };
  const salt = typeof p.salt === "string" ? fromHex(p.salt) : null;
  if (salt?.length !== 32) return { ok: false, reason: "the salt is not 32 bytes of hex" };
  if (!Array.isArray(p.amounts) || p.amounts.length !== k) return { ok: false, reason: `expected ${k} amounts` };
  const amounts: bigint[] = [];
  for (const a of p.amounts) {
    const v = parseAmount(a);
    if (v === null) return { ok: false, reason: `an amount is negative, not a whole number, or overflows (${String(a)})` };
    amounts.push(v);
  }
  const root = parseNode(expectedRoot, k, "root");
  if (typeof root === "string") return { ok: false, reason: root };
  if (!Array.isArray(p.siblings)) return { ok: false, reason: "no siblings" };
  try {
    const commitment = await webSha(new Uint8Array(encoder.encode(`prize-contests/account/v1:${p.account}`)));
    let node: SumNode = { hash: await webSha(leafInput(salt, commitment, amounts)), sums: amounts };
    let i = p.index;
    let width = p.leafCount;
    let used = 0;
    while (width > 1) {
      if (i % 2 === 1 || i + 1 < width) {
        const sibling = parseNode(p.siblings[used], k, `sibling ${used + 1}`);
        used++;
        if (typeof sibling === "string") return { ok: false, reason: sibling };
        const [left, right] = i % 2 === 1 ? [sibling, node] : [node, sibling];
        const sums = addSums(left.sums, right.sums);
        node = { hash: await webSha(nodeInput(left, right)), sums };
      }
      i = Math.floor(i / 2);
      width = Math.ceil(width / 2);
    }
    if (used !== p.siblings.length)
      return { ok: false, reason: `the proof has ${p.siblings.length} siblings, the tree needs ${used}` };
    if (toHex(node.hash) !== toHex(root.hash))
      return { ok: false, reason: "the recomputed root hash differs from the published root" };
    const wrong = node.sums.findIndex((s, j) => s !== root.sums[j]);
    if (wrong >= 0) {
      return {
        ok: false,
        reason: `the recomputed total ${wrong + 1} (${node.sums[wrong]}) differs from the published one (${root.sums[wrong]})`,
      };
    }
    return { ok: true, root: node };
  } catch (e) {
    if (e instanceof SumTreeError) return { ok: false, reason: e.message };
    throw e;
  }
}

export const sumNodeJson = (n: SumNode): SumNodeJson => ({ hash: toHex(n.hash), sums: n.sums.map(String) });
