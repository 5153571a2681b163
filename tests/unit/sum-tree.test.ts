import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkLiabilityProof,
  LIABILITY_FIELDS,
  LIABILITY_PROOF_KIND,
  type LiabilityProofFile,
  millsToMoney,
  type PublishedRoot,
  toMills,
} from "../../src/shared/liabilities";
import { toHex } from "../../src/shared/merkle";
import {
  accountCommitment,
  MAX_AMOUNT,
  type SumNode,
  type SumProof,
  SumTreeBuilder,
  sumAuditPath,
  sumLeaf,
  sumNodeJson,
  sumParent,
  sumTreeLevels,
  verifySumProof,
} from "../../src/shared/sum-tree";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest();
const K = 4;
const saltOf = (i: number) => sha(Buffer.from(`salt-${i}`));
const accountOf = (i: number) => `acct${i}`;
/** Deterministic, varied amounts (zeros included). */
const amountsOf = (i: number): bigint[] => [
  BigInt(i * 1000 + 7),
  BigInt(i % 3 === 0 ? 0 : i * 11),
  BigInt(i % 5 === 0 ? 250_000 : 0),
  BigInt(i % 7),
];
const leafOf = (i: number) => sumLeaf(sha, saltOf(i), accountCommitment(sha, accountOf(i)), amountsOf(i));
const leaves = (n: number) => Array.from({ length: n }, (_, i) => leafOf(i));
const rootOf = (ls: SumNode[]) => sumTreeLevels(sha, ls).at(-1)?.[0] as SumNode;

const levelsCache = new Map<number, SumNode[][]>();
const levelsOf = (n: number) => levelsCache.get(n) ?? (levelsCache.set(n, sumTreeLevels(sha, leaves(n))).get(n) as SumNode[][]);
function proofOf(n: number, index: number): SumProof {
  const levels = levelsOf(n);
  return {
    salt: toHex(saltOf(index)),
    account: accountOf(index),
    amounts: amountsOf(index).map(String),
    index,
    leafCount: n,
    siblings: sumAuditPath(levels, index).map(sumNodeJson),
    root: sumNodeJson(levels.at(-1)?.[0] as SumNode),
  };
}
const flip = (h: string) => (h[0] === "0" ? "1" : "0") + h.slice(1);
const reasonOf = async (p: SumProof, root = p.root) => {
  const r = await verifySumProof(p, K, root);
  return r.ok ? "ok" : r.reason;
};

describe("Merkle sum tree", () => {
  it("the streamed root (O(log n) memory) and the level-by-level root agree, hash and sums, for every size", () => {
    for (const n of [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 100, 1023, 1025]) {
      const b = new SumTreeBuilder(sha, K);
      for (const l of leaves(n)) b.push(l);
      const whole = rootOf(leaves(n));
      expect(toHex(b.root().hash), `n=${n}`).toBe(toHex(whole.hash));
      expect(b.root().sums, `n=${n}`).toEqual(whole.sums);
      // The totals are the plain sums of the leaves' amounts.
      const expected = [0, 1, 2, 3].map((j) => leaves(n).reduce((s, l) => s + (l.sums[j] as bigint), 0n));
      expect(whole.sums).toEqual(expected);
    }
    expect(toHex(new SumTreeBuilder(sha, K).root().hash)).toBe(createHash("sha256").update("").digest("hex"));
  });

  it("roots of aligned chunks are whole subtrees: the tree over the chunk roots is the whole tree (a server keeps only those)", () => {
    for (const [n, size] of [
      [1025, 256],
      [700, 64],
      [64, 64],
      [65, 8],
    ] as const) {
      const ls = leaves(n);
      const chunkRoots: SumNode[] = [];
      for (let at = 0; at < n; at += size) chunkRoots.push(rootOf(ls.slice(at, at + size)));
      const top = rootOf(chunkRoots);
      expect(toHex(top.hash), `n=${n} size=${size}`).toBe(toHex(rootOf(ls).hash));
      // A proof assembled from the chunk's path and the path over the chunk roots is the whole tree's.
      const index = n - 1;
      const c = Math.floor(index / size);
      const inChunk = sumAuditPath(sumTreeLevels(sha, ls.slice(c * size, c * size + size)), index - c * size);
      const above = sumAuditPath(sumTreeLevels(sha, chunkRoots), c);
      expect([...inChunk, ...above].map(sumNodeJson)).toEqual(proofOf(n, index).siblings);
    }
  });

  it("every leaf's proof verifies with Web Crypto, for every position of trees of 1..33 leaves", async () => {
    for (let n = 1; n <= 33; n++) {
      for (let i = 0; i < n; i++) expect(await reasonOf(proofOf(n, i)), `n=${n} i=${i}`).toBe("ok");
    }
  });

  it("a node's hash covers both children's sums: moving value between siblings changes the root", () => {
    const [a, b] = leaves(2) as [SumNode, SumNode];
    const moved = { hash: a.hash, sums: a.sums.map((s, j) => (j === 0 ? s + 1n : s)) };
    const less = { hash: b.hash, sums: b.sums.map((s, j) => (j === 0 ? s - 1n : s)) };
    const honest = sumParent(sha, a, b);
    const shifted = sumParent(sha, moved, less);
    expect(shifted.sums).toEqual(honest.sums);
    expect(toHex(shifted.hash)).not.toBe(toHex(honest.hash));
  });

  it("refuses tampering: amount, salt, account, sibling hash, sibling sum, position, count, root hash, root total, path length", async () => {
    const p = proofOf(13, 6);
    expect(await reasonOf(p)).toBe("ok");
    const sib0 = p.siblings[0] as { hash: string; sums: string[] };
    const bump = (s: string) => (BigInt(s) + 1n).toString();
    expect(await reasonOf({ ...p, amounts: [bump(p.amounts[0] as string), ...p.amounts.slice(1)] })).toMatch(/root hash/);
    expect(await reasonOf({ ...p, salt: flip(p.salt) })).toMatch(/root hash/);
    expect(await reasonOf({ ...p, account: "someone-else" })).toMatch(/root hash/);
    expect(await reasonOf({ ...p, siblings: [{ ...sib0, hash: flip(sib0.hash) }, ...p.siblings.slice(1)] })).toMatch(/root hash/);
    expect(
      await reasonOf({
        ...p,
        siblings: [{ ...sib0, sums: [bump(sib0.sums[0] as string), ...sib0.sums.slice(1)] }, ...p.siblings.slice(1)],
      }),
    ).toMatch(/root hash/);
    expect(await reasonOf({ ...p, index: 7 })).not.toBe("ok");
    expect(await reasonOf({ ...p, leafCount: 7 })).not.toBe("ok");
    expect(await reasonOf({ ...p, index: 13 })).toMatch(/outside/);
    expect(await reasonOf(p, { ...p.root, hash: flip(p.root.hash) })).toMatch(/root hash/);
    // The right hash but a published total that is not what the leaves add up to.
    expect(await reasonOf(p, { ...p.root, sums: [bump(p.root.sums[0] as string), ...p.root.sums.slice(1)] })).toMatch(/total 1/);
    expect(await reasonOf({ ...p, siblings: p.siblings.slice(1) })).not.toBe("ok");
    expect(await reasonOf({ ...p, siblings: [...p.siblings, sib0] })).toMatch(/siblings/);
    expect(await reasonOf({ ...p, siblings: [{ ...sib0, hash: "zz" }, ...p.siblings.slice(1)] })).toMatch(/32 bytes/);
    expect(await reasonOf({ ...p, amounts: p.amounts.slice(1) })).toMatch(/expected 4 amounts/);
  });

  it("refuses negative, malformed and overflowing amounts and sums, when building and when checking", async () => {
    const p = proofOf(5, 2);
    const sib0 = p.siblings[0] as { hash: string; sums: string[] };
    for (const bad of ["-1", "01", "1.5", "1e3", " 1", "", "9223372036854775808"]) {
      expect(await reasonOf({ ...p, amounts: [bad, ...p.amounts.slice(1)] }), bad).toMatch(/negative|overflows/);
      expect(
        await reasonOf({ ...p, siblings: [{ ...sib0, sums: [bad, ...sib0.sums.slice(1)] }, ...p.siblings.slice(1)] }),
        bad,
      ).toMatch(/negative|overflows/);
    }
    // Each value fits, their sum does not: refused, never wrapped around to a small total.
    const max = MAX_AMOUNT.toString();
    expect(
      await reasonOf({
        ...p,
        amounts: [max, ...p.amounts.slice(1)],
        siblings: [{ ...sib0, sums: [max, ...sib0.sums.slice(1)] }, ...p.siblings.slice(1)],
      }),
    ).toMatch(/overflows/);
    const big = sumLeaf(sha, saltOf(0), accountCommitment(sha, "a"), [MAX_AMOUNT, 0n, 0n, 0n]);
    expect(() => sumParent(sha, big, big)).toThrow(/overflows/);
    expect(() => sumLeaf(sha, saltOf(0), accountCommitment(sha, "a"), [-1n, 0n, 0n, 0n])).toThrow(/negative/);
  });
});

describe("liabilities proof file", () => {
  it("money to thousandths and back, exactly; refuses what is not a plain non-negative amount", () => {
    expect(toMills("12.345")).toBe(12345n);
    expect(toMills("12.3")).toBe(12300n);
    expect(toMills("0")).toBe(0n);
    expect(toMills("-1")).toBeNull();
    expect(toMills("1.2345")).toBeNull();
    expect(toMills("1e3")).toBeNull();
    expect(millsToMoney(12345n)).toBe("12.345");
    expect(millsToMoney(5n)).toBe("0.005");
    expect(millsToMoney(0n)).toBe("0.000");
  });

  const n = 9;
  const index = 4;
  function fileOf(): { file: LiabilityProofFile; published: PublishedRoot } {
    const proof = proofOf(n, index);
    const amounts = Object.fromEntries(LIABILITY_FIELDS.map((f, j) => [f, millsToMoney(BigInt(proof.amounts[j] as string))]));
    const totals = Object.fromEntries(LIABILITY_FIELDS.map((f, j) => [f, millsToMoney(BigInt(proof.root.sums[j] as string))]));
    return {
      file: {
        kind: LIABILITY_PROOF_KIND,
        version: 1,
        snapshotId: "snap1",
        takenAt: "2026-11-30T00:00:00.000Z",
        unit: "0.001 USD",
        fields: [...LIABILITY_FIELDS],
        amounts: amounts as LiabilityProofFile["amounts"],
        proof,
      },
      published: { id: "snap1", rootHash: proof.root.hash, leafCount: n, totals: totals as PublishedRoot["totals"] },
    };
  }

  it("an honest file checks against the published root, totals and the owner's account", async () => {
    const { file, published } = fileOf();
    const r = await checkLiabilityProof(file, { published, accountId: accountOf(index) });
    expect(r.lines.filter((l) => !l.ok)).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it("fails on another account, a published total or root that differs, another snapshot, edited readable amounts", async () => {
    const { file, published } = fileOf();
    expect((await checkLiabilityProof(file, { accountId: "acct5" })).ok).toBe(false);
    expect(
      (await checkLiabilityProof(file, { published: { ...published, totals: { ...published.totals, cash: "0.001" } } })).ok,
    ).toBe(false);
    expect((await checkLiabilityProof(file, { published: { ...published, rootHash: flip(published.rootHash) } })).ok).toBe(false);
    expect((await checkLiabilityProof(file, { published: { ...published, id: "snap2" } })).ok).toBe(false);
    expect((await checkLiabilityProof(file, { published: { ...published, leafCount: n + 1 } })).ok).toBe(false);
    expect((await checkLiabilityProof({ ...file, amounts: { ...file.amounts, cash: "999.000" } })).ok).toBe(false);
    // A file whose own root was rewritten to match a forged total still fails against the published one.
    const forgedRoot = { ...file.proof.root, sums: ["1", ...file.proof.root.sums.slice(1)] };
    const forged = { ...file, proof: { ...file.proof, root: forgedRoot } };
    expect((await checkLiabilityProof(forged)).ok).toBe(false);
    expect((await checkLiabilityProof({ ...file, version: 2 } as unknown as LiabilityProofFile)).ok).toBe(false);
  });
});
