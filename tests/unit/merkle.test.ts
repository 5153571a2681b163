import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { computeDrawWinner, entriesDigestText, entriesHashOf } from "../../src/shared/draw";
import {
  auditPath,
  type InclusionProof,
  leafHash,
  MerkleRootBuilder,
  merkleLevels,
  merkleRootOfLines,
  nodeHash,
  toHex,
  verifyInclusion,
} from "../../src/shared/merkle";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest();
const lines = (n: number) => Array.from({ length: n }, (_, i) => `${i * 2 + 1}-${i * 2 + 2}:entry${i}`);
const levelsOf = (ls: string[]) =>
  merkleLevels(
    sha,
    ls.map((l) => leafHash(sha, l)),
  );
const rootOf = (ls: string[]) => toHex(levelsOf(ls).at(-1)?.[0] ?? sha(new Uint8Array(0)));
const streamed = (ls: string[]) => {
  const b = new MerkleRootBuilder(sha);
  for (const l of ls) b.pushLine(l);
  return toHex(b.root());
};
function proofOf(ls: string[], index: number): InclusionProof {
  return {
    leaf: ls[index] as string,
    index,
    leafCount: ls.length,
    siblings: auditPath(levelsOf(ls), index).map(toHex),
    root: rootOf(ls),
  };
}

describe("Merkle tree of the entry list (draw scheme 2)", () => {
  it("the streamed root (O(log n) memory), the level-by-level root and the browser's root agree for every size", async () => {
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 33, 100, 1023, 1025]) {
      const ls = lines(n);
      expect(streamed(ls), `n=${n}`).toBe(rootOf(ls));
      expect(await merkleRootOfLines(ls), `n=${n}`).toBe(rootOf(ls));
    }
  });

  it("odd leaf counts carry the last node up (never duplicated) and leaves and nodes are domain-separated", () => {
    const [a, b, c] = lines(3).map((l) => leafHash(sha, l)) as [Uint8Array, Uint8Array, Uint8Array];
    expect(rootOf(lines(3))).toBe(toHex(nodeHash(sha, nodeHash(sha, a, b), c)));
    // Duplicating the odd leaf (Bitcoin's tree) would give [a,b,c] and [a,b,c,c] the same root.
    expect(rootOf(lines(3))).not.toBe(rootOf([...lines(3), lines(3)[2] as string]));
    expect(toHex(leafHash(sha, "1-2:x"))).toBe(toHex(sha(Buffer.concat([Buffer.from([0]), Buffer.from("1-2:x")]))));
    expect(rootOf([])).toBe(createHash("sha256").update("").digest("hex"));
  });

  it("every entry's proof verifies, for every position of lists of 1..40 entries", async () => {
    for (let n = 1; n <= 40; n++) {
      const ls = lines(n);
      for (let i = 0; i < n; i++) expect(await verifyInclusion(proofOf(ls, i)), `n=${n} i=${i}`).toBe(true);
    }
  });

  it("a tampered proof fails: another line, a changed sibling, a wrong position or count, another root, a missing or extra hash", async () => {
    const ls = lines(13);
    const p = proofOf(ls, 6);
    expect(await verifyInclusion(p)).toBe(true);
    const flip = (h: string) => (h[0] === "0" ? "1" : "0") + h.slice(1);
    expect(await verifyInclusion({ ...p, leaf: "13-14:someone-else" })).toBe(false);
    expect(await verifyInclusion({ ...p, leaf: "13-15:entry6" })).toBe(false);
    expect(await verifyInclusion({ ...p, siblings: [flip(p.siblings[0] as string), ...p.siblings.slice(1)] })).toBe(false);
    expect(await verifyInclusion({ ...p, index: 7 })).toBe(false);
    expect(await verifyInclusion({ ...p, leafCount: 7 })).toBe(false); // entry 6 would be carried up: another path
    expect(await verifyInclusion({ ...p, index: 13 })).toBe(false);
    expect(await verifyInclusion(p, flip(p.root))).toBe(false);
    expect(await verifyInclusion({ ...p, siblings: p.siblings.slice(1) })).toBe(false);
    expect(await verifyInclusion({ ...p, siblings: [...p.siblings, p.siblings[0] as string] })).toBe(false);
    expect(await verifyInclusion({ ...p, siblings: ["zz", ...p.siblings.slice(1)] })).toBe(false);
    // The last, carried-up entry of an odd list: a shorter path, and the same rules.
    const last = proofOf(ls, 12);
    expect(last.siblings.length).toBeLessThan(p.siblings.length);
    expect(await verifyInclusion(last)).toBe(true);
    expect(await verifyInclusion({ ...last, index: 11 })).toBe(false);
  });

  it("scheme 1 (draws of scheme 1) keeps its flat SHA-256 of the text, and a v1 record still verifies", async () => {
    const entries = [
      { id: "b", firstTicket: 4, lastTicket: 4 },
      { id: "a", firstTicket: 1, lastTicket: 3 },
    ];
    expect(entriesDigestText(entries)).toBe("1-3:a\n4-4:b");
    const v1 = await entriesHashOf(entries);
    expect(v1).toBe(createHash("sha256").update("1-3:a\n4-4:b").digest("hex"));
    expect(await entriesHashOf(entries, 1)).toBe(v1);
    expect(await entriesHashOf(entries, 2)).toBe(rootOf(["1-3:a", "4-4:b"]));
    expect(await entriesHashOf(entries, 2)).not.toBe(v1);
    // A v1 record as the server stored it before this change: the winner recomputes from its flat hash.
    const seed = "5".repeat(64);
    const v1Record = {
      seed,
      contestId: "c1",
      soldTickets: 4,
      method: "entries" as const,
      entriesHash: v1,
      beaconRandomness: null,
    };
    const ticket = await computeDrawWinner(v1Record);
    expect(ticket).toBeGreaterThanOrEqual(1);
    expect(await computeDrawWinner({ ...v1Record, entriesHash: await entriesHashOf(entries, 1) })).toBe(ticket);
  });
});
