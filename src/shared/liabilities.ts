/**
 * Proof of liabilities (docs/fair-play.md "Proof of liabilities"): what a snapshot's leaf holds, the
 * file a player downloads, and its check, shared by the browser (Web Crypto), the server and
 * `npm run verify:liabilities` (scripts/tools/verify-liabilities.ts). The tree itself is
 * src/shared/sum-tree.ts.
 *
 * Each leaf is one player's account at the snapshot, four amounts in thousandths of a dollar (the
 * ledger's NUMERIC(14,3), src/shared/money.ts):
 *   cash     withdrawable balance
 *   credit   spend-only site credit
 *   prizes   prizes won and not yet delivered, at their cash alternative
 *   payouts  withdrawals requested and not yet paid (the money has left the balance, not the operator)
 */
import { parseAmount, type SumNodeJson, type SumProof, verifySumProof } from "./sum-tree";

export const LIABILITY_FIELDS = ["cash", "credit", "prizes", "payouts"] as const;
export type LiabilityField = (typeof LIABILITY_FIELDS)[number];
export type LiabilityAmounts = Record<LiabilityField, string>;

/** The smallest unit of every amount in the tree. */
export const LIABILITY_UNIT = "0.001 USD";
export const LIABILITY_PROOF_KIND = "prize-contests/liabilities-proof";
export const LIABILITY_PROOF_VERSION = 1;

/** "12.345" (or "12.3", "12") → 12345n thousandths. Negative, malformed or more than 3 decimals: null. */
export function toMills(money: string): bigint | null {
  const m = /^(\d{1,16})(?:\.(\d{1,3}))?$/.exec(money.trim());
  if (!m) return null;
  return BigInt(m[1] as string) * 1000n + BigInt((m[2] ?? "").padEnd(3, "0"));
}

/** 12345n → "12.345" (always three decimals: exact, as the tree holds it). */
export function millsToMoney(mills: bigint): string {
  const negative = mills < 0n;
  const abs = negative ? -mills : mills;
  const whole = abs / 1000n;
  const frac = (abs % 1000n).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${whole}.${frac}`;
}

/** The file a player downloads from their account (GET /api/user/liabilities-proof). */
export type LiabilityProofFile = {
  kind: typeof LIABILITY_PROOF_KIND;
  version: typeof LIABILITY_PROOF_VERSION;
  snapshotId: string;
  takenAt: string;
  unit: typeof LIABILITY_UNIT;
  fields: LiabilityField[];
  /** The player's own amounts, readable (the same numbers as proof.amounts). */
  amounts: LiabilityAmounts;
  proof: SumProof;
};

/** What the public page publishes of one snapshot (GET /api/proof-of-liabilities/{id}). */
export type PublishedRoot = {
  id: string;
  rootHash: string;
  leafCount: number;
  /** Totals as exact decimal strings, per field. */
  totals: LiabilityAmounts;
};

export type CheckLine = { ok: boolean; text: string };
export type LiabilityProofCheck = { ok: boolean; lines: CheckLine[] };

export function publishedRootNode(p: PublishedRoot): SumNodeJson | null {
  const sums: string[] = [];
  for (const f of LIABILITY_FIELDS) {
    const m = toMills(p.totals[f] ?? "");
    if (m === null) return null;
    sums.push(m.toString());
  }
  return { hash: p.rootHash, sums };
}

/**
 * Checks a downloaded proof: its shape, the path from the player's leaf to the root (hashes and sums,
 * no negative or overflowing sum, no tampered sibling), and, when given, that the root is the one the
 * site published for that snapshot (hash and every total) and that the leaf is `accountId`'s.
 */
export async function checkLiabilityProof(
  file: LiabilityProofFile,
  opts: { published?: PublishedRoot; accountId?: string } = {},
): Promise<LiabilityProofCheck> {
  const lines: CheckLine[] = [];
  const add = (ok: boolean, text: string) => lines.push({ ok, text });
  const shapeOk =
    file?.kind === LIABILITY_PROOF_KIND &&
    file.version === LIABILITY_PROOF_VERSION &&
    file.unit === LIABILITY_UNIT &&
    Array.isArray(file.fields) &&
    file.fields.join(",") === LIABILITY_FIELDS.join(",") &&
    typeof file.proof === "object" &&
    file.proof !== null;
  add(shapeOk, `the file is a version ${LIABILITY_PROOF_VERSION} liabilities proof in ${LIABILITY_UNIT}`);
  if (!shapeOk) return { ok: false, lines };

  const readable = LIABILITY_FIELDS.every((f, i) => {
    const m = toMills(file.amounts?.[f] ?? "");
    return m !== null && parseAmount(file.proof.amounts?.[i]) === m;
  });
  add(readable, `your amounts: ${LIABILITY_FIELDS.map((f) => `${f} $${file.amounts?.[f] ?? "?"}`).join(", ")}`);

  const path = await verifySumProof(file.proof, LIABILITY_FIELDS.length);
  add(
    path.ok,
    path.ok
      ? `your leaf (#${file.proof.index + 1} of ${file.proof.leafCount}) reaches the root ${file.proof.root.hash.slice(0, 16)}… with every sum added up and none negative or overflowing`
      : `the path from your leaf to the root does not hold: ${path.reason}`,
  );
  if (opts.accountId !== undefined) {
    add(file.proof.account === opts.accountId, "the leaf is committed to your account id");
  }
  if (opts.published) {
    const p = opts.published;
    const node = publishedRootNode(p);
    add(p.id === file.snapshotId, `the proof is for the published snapshot ${p.id}`);
    const againstPublished = node ? await verifySumProof(file.proof, LIABILITY_FIELDS.length, node) : null;
    add(
      againstPublished?.ok === true,
      againstPublished?.ok
        ? `the root hash and the totals are the ones the site publishes (${LIABILITY_FIELDS.map((f) => `${f} $${p.totals[f]}`).join(", ")})`
        : `the proof does not reach the published root and totals: ${againstPublished && !againstPublished.ok ? againstPublished.reason : "the published totals are malformed"}`,
    );
    add(p.leafCount === file.proof.leafCount, `the tree has the published ${p.leafCount} accounts`);
  }
  return { ok: lines.every((l) => l.ok), lines };
}
