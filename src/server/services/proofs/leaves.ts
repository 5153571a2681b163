/**
 * What a snapshot keeps of each leaf and how a leaf is made (docs/fair-play.md "Proof of liabilities").
 * The per-snapshot secret derives everything private: a leaf's position (the shuffle key
 * SHA-256(secret ‖ account id), by which the leaves are sorted) and its salt (HMAC-SHA256(secret,
 * account id)). So nothing per leaf needs storing but its account id and amounts, packed per chunk:
 *   [id length: 1 byte][account id: UTF-8][cash, credit, prizes, payouts: 8 bytes each, big-endian]
 */
import { createHmac, hash } from "node:crypto";
import { LIABILITY_FIELDS } from "@/shared/liabilities";
import { accountCommitment, type SumNode, sumLeaf, type SyncSha256 } from "@/shared/sum-tree";

export const sha256: SyncSha256 = (bytes) => hash("sha256", bytes, "buffer");
export const K = LIABILITY_FIELDS.length;
/** Bytes per chunk-root record: hash and K sums. */
export const NODE_BYTES = 32 + 8 * K;

export type Leaf = { account: string; amounts: bigint[] };

export const saltOf = (secret: Uint8Array, account: string): Uint8Array =>
  createHmac("sha256", secret).update(account, "utf8").digest();

/** The shuffle key: SHA-256(secret ‖ UTF-8 account id), byte for byte what the snapshot's ORDER BY computes in SQL. */
export const shuffleKey = (secret: Uint8Array, account: string): Uint8Array =>
  sha256(Buffer.concat([secret, Buffer.from(account, "utf8")]));

export const leafNode = (secret: Uint8Array, leaf: Leaf): SumNode =>
  sumLeaf(sha256, saltOf(secret, leaf.account), accountCommitment(sha256, leaf.account), leaf.amounts);

/** Appends leaves to a growing chunk buffer. */
export class ChunkWriter {
  private parts: Buffer[] = [];
  count = 0;
  add(leaf: Leaf): void {
    const id = Buffer.from(leaf.account, "utf8");
    if (id.length > 255) throw new Error(`account id too long: ${leaf.account}`);
    const out = Buffer.alloc(1 + id.length + 8 * K);
    out[0] = id.length;
    id.copy(out, 1);
    leaf.amounts.forEach((a, i) => {
      out.writeBigUInt64BE(a, 1 + id.length + 8 * i);
    });
    this.parts.push(out);
    this.count++;
  }
  take(): Uint8Array<ArrayBuffer> {
    const all = Buffer.concat(this.parts);
    this.parts = [];
    this.count = 0;
    return new Uint8Array(all.buffer.slice(all.byteOffset, all.byteOffset + all.length)) as Uint8Array<ArrayBuffer>;
  }
}

export function readChunk(bytes: Uint8Array): Leaf[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Leaf[] = [];
  for (let at = 0; at < b.length; ) {
    const len = b[at] as number;
    const account = b.toString("utf8", at + 1, at + 1 + len);
    const base = at + 1 + len;
    out.push({ account, amounts: Array.from({ length: K }, (_, i) => b.readBigUInt64BE(base + 8 * i)) });
    at = base + 8 * K;
  }
  return out;
}

export function packNodes(nodes: readonly SumNode[]): Uint8Array<ArrayBuffer> {
  const out = Buffer.alloc(nodes.length * NODE_BYTES);
  nodes.forEach((n, i) => {
    out.set(n.hash, i * NODE_BYTES);
    n.sums.forEach((s, j) => {
      out.writeBigUInt64BE(s, i * NODE_BYTES + 32 + 8 * j);
    });
  });
  return new Uint8Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.length)) as Uint8Array<ArrayBuffer>;
}

export function unpackNodes(bytes: Uint8Array): SumNode[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: SumNode[] = [];
  for (let at = 0; at + NODE_BYTES <= b.length; at += NODE_BYTES) {
    out.push({
      hash: b.subarray(at, at + 32),
      sums: Array.from({ length: K }, (_, j) => b.readBigUInt64BE(at + 32 + 8 * j)),
    });
  }
  return out;
}
