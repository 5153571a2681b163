/**
 * What the public page and GET /api/proof-of-liabilities publish of each snapshot: the root, the
 * totals, the ledger position, the open prizes, how long proofs are kept. Never the secret, a leaf or an account.
 */
import type { DbTx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { addMoney } from "@/shared/money";
import { LIABILITY_FIELDS, LIABILITY_UNIT, type LiabilityAmounts } from "@/shared/liabilities";
import { type SolvencyStatus, solvencyStatus } from "./solvency";

export type SnapshotSummary = {
  id: string;
  trigger: string;
  takenAt: Date;
  leafCount: number;
  rootHash: string;
  unit: string;
  fields: string[];
  /** Exact, three decimals, per field; and their sum. */
  totals: LiabilityAmounts;
  total: string;
  /** The ledger at the snapshot's position: its sum equals cash + credit. */
  ledger: { sum: string; rows: string; position: string };
  prizesOpen: number;
  prizesUnvalued: number;
  proofsUntil: Date;
  proofsAvailable: boolean;
  /** Assets held for players beside the total owed (./solvency.ts). */
  solvency: {
    assets: string | null;
    source: string | null;
    at: Date | null;
    detail: { coin: string; amount: string; usd: string }[];
    problem: string | null;
    /** Assets as a percentage of the total owed (null: unknown assets or nothing owed). */
    percent: string | null;
    status: SolvencyStatus;
  };
};

type Row = {
  id: string;
  trigger: string;
  takenAt: Date;
  leafCount: number;
  rootHash: string;
  totalCash: { toFixed(n: number): string };
  totalCredit: { toFixed(n: number): string };
  totalPrizes: { toFixed(n: number): string };
  totalPayouts: { toFixed(n: number): string };
  ledgerSum: { toFixed(n: number): string };
  ledgerRows: bigint;
  ledgerPosition: string;
  prizesOpen: number;
  prizesUnvalued: number;
  proofsUntil: Date;
  assetsUsd: { toFixed(n: number): string } | null;
  assetsSource: string | null;
  assetsAt: Date | null;
  assetsDetail: unknown;
  assetsProblem: string | null;
  solvencyPercent: { toFixed(n: number): string } | null;
};

const SUMMARY = {
  id: true,
  trigger: true,
  takenAt: true,
  leafCount: true,
  rootHash: true,
  totalCash: true,
  totalCredit: true,
  totalPrizes: true,
  totalPayouts: true,
  ledgerSum: true,
  ledgerRows: true,
  ledgerPosition: true,
  prizesOpen: true,
  prizesUnvalued: true,
  proofsUntil: true,
  assetsUsd: true,
  assetsSource: true,
  assetsAt: true,
  assetsDetail: true,
  assetsProblem: true,
  solvencyPercent: true,
} as const;

export function toSummary(r: Row, now = new Date()): SnapshotSummary {
  const totals: LiabilityAmounts = {
    cash: r.totalCash.toFixed(3),
    credit: r.totalCredit.toFixed(3),
    prizes: r.totalPrizes.toFixed(3),
    payouts: r.totalPayouts.toFixed(3),
  };
  const assets = r.assetsUsd?.toFixed(3) ?? null;
  const percent = r.solvencyPercent?.toFixed(2) ?? null;
  return {
    id: r.id,
    trigger: r.trigger,
    takenAt: r.takenAt,
    leafCount: r.leafCount,
    rootHash: r.rootHash,
    unit: LIABILITY_UNIT,
    fields: [...LIABILITY_FIELDS],
    totals,
    total: addMoney(...Object.values(totals)).toFixed(3),
    ledger: { sum: r.ledgerSum.toFixed(3), rows: r.ledgerRows.toString(), position: r.ledgerPosition },
    prizesOpen: r.prizesOpen,
    prizesUnvalued: r.prizesUnvalued,
    proofsUntil: r.proofsUntil,
    proofsAvailable: r.proofsUntil > now,
    solvency: {
      assets: assets,
      source: r.assetsSource,
      at: r.assetsAt,
      detail: Array.isArray(r.assetsDetail) ? (r.assetsDetail as SnapshotSummary["solvency"]["detail"]) : [],
      problem: r.assetsProblem,
      percent,
      status: solvencyStatus(assets, percent),
    },
  };
}

/** Newest first, a page at a time (`before` = the last id seen). */
export async function listSnapshots(
  db: DbTx,
  q: { limit?: number; before?: string } = {},
): Promise<{ latest: SnapshotSummary | null; history: SnapshotSummary[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(q.limit ?? 30, 1), 100);
  const cursor = q.before ? await db.liabilitySnapshot.findUnique({ where: { id: q.before }, select: { takenAt: true } }) : null;
  if (q.before && !cursor) throw notFound("Snapshot not found");
  const rows = await db.liabilitySnapshot.findMany({
    where: cursor ? { takenAt: { lt: cursor.takenAt } } : {},
    orderBy: { takenAt: "desc" },
    take: limit + 1,
    select: SUMMARY,
  });
  const latest = cursor ? await db.liabilitySnapshot.findFirst({ orderBy: { takenAt: "desc" }, select: SUMMARY }) : rows[0];
  const page = rows.slice(0, limit);
  return {
    latest: latest ? toSummary(latest) : null,
    history: page.map((r) => toSummary(r)),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function getSnapshot(db: DbTx, id: string): Promise<SnapshotSummary> {
  const r = await db.liabilitySnapshot.findUnique({ where: { id }, select: SUMMARY });
  if (!r) throw notFound("Snapshot not found");
  return toSummary(r);
}
