/**
 * Taking a proof-of-liabilities snapshot (docs/fair-play.md "Proof of liabilities"): every account
 * that is owed something, as a leaf of the Merkle sum tree (src/shared/sum-tree.ts), in ONE
 * REPEATABLE READ transaction, so every balance, prize and payout is read at the same ledger position
 * and the balances' total is checked against the ledger's sum at that very position before anything
 * is published.
 *
 * Bounded memory whatever the number of accounts: the accounts stream from a cursor ordered by the
 * per-snapshot shuffle key (PostgreSQL sorts them), each chunk of CHUNK leaves is hashed into its
 * subtree root and written as one packed row, and only the chunk roots (64 bytes per 1,024 accounts)
 * and the O(log n) top of the tree stay in memory.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Db, DbTx } from "../../platform/db";
import { getEnv } from "../../platform/env";
import { conflict } from "../../platform/errors";
import { millsToMoney } from "@/shared/liabilities";
import { type SumNode, SumTreeBuilder } from "@/shared/sum-tree";
import { toHex } from "@/shared/merkle";
import { recordAudit } from "../kernel";
import type { PayoutGateway } from "../../gateways/payouts";
import { ChunkWriter, K, leafNode, packNodes, sha256, shuffleKey } from "./leaves";
import { alertAdminsIfShort, payoutGatewayOrNull, reportAssets, solvencyPercent } from "./solvency";

/** Leaves per stored chunk (a power of two, so each chunk is a whole subtree). */
export const LIABILITY_CHUNK = 1024;
/** Accounts per FETCH from the snapshot's cursor. */
const FETCH_ROWS = 8192;
/** The snapshot's transaction may run long (a million accounts); it reads a snapshot, so it blocks no writer on PostgreSQL. */
const SNAPSHOT_TX = { maxWait: 30_000, timeout: 15 * 60_000 } as const;
const LOCK_KEY = "proof-of-liabilities";

/**
 * What each account is owed, in thousandths of a dollar (src/shared/liabilities.ts):
 * - cash and credit: the account's two balances (`cashBalance` withdrawable, `creditBalance`
 *   spend-only site credit: src/server/services/kernel/ledger.ts LEDGER_BALANCE). Credit past its
 *   expiry counts until the credits.expire job takes it off, as it stays spendable until then;
 * - prizes: prizes won and not yet delivered, at their cash alternative: unclaimed ones still inside
 *   their claim period, and those requested, shipped or disputed (`delivered`, `received` and
 *   `cash_credited` are settled; a cash-credited prize is in the balance already). Instant cash and
 *   credit prizes are credited to the balance at checkout, so they are in cash and credit;
 * - payouts: withdrawals requested and not yet paid (`pending`, `processing`): the money left the
 *   balance as a hold but not the operator.
 */
const ACCOUNTS_SQL = (secretHex: string) => `
  SELECT u."id" AS account,
         (u."cashBalance" * 1000)::int8 AS cash,
         (u."creditBalance" * 1000)::int8 AS credit,
         coalesce(p.owed, 0)::int8 AS prizes,
         coalesce(w.owed, 0)::int8 AS payouts
  FROM "User" u
  LEFT JOIN (SELECT "userId", sum(coalesce("cashAlternative", 0)) * 1000 AS owed FROM "Prize"
             WHERE ${OPEN_PRIZE_SQL} GROUP BY "userId") p ON p."userId" = u."id"
  LEFT JOIN (SELECT "userId", sum("amount") * 1000 AS owed FROM "Withdrawal"
             WHERE "status" IN ('pending', 'processing') GROUP BY "userId") w ON w."userId" = u."id"
  WHERE u."cashBalance" <> 0 OR u."creditBalance" <> 0 OR p."userId" IS NOT NULL OR w."userId" IS NOT NULL
  ORDER BY sha256('\\x${secretHex}'::bytea || convert_to(u."id", 'UTF8'))`;

/** A prize still owed at the transaction's start (`now()` is that instant in PostgreSQL). */
const OPEN_PRIZE_SQL = `("status" IN ('prize_requested', 'shipped', 'disputed') OR ("status" = 'unclaimed' AND "claimBy" > now()))`;

export type SnapshotTrigger = "schedule" | "admin";

type AccountRow = { account: string; cash: bigint; credit: bigint; prizes: bigint; payouts: bigint };

const toBig = (v: unknown) => (typeof v === "bigint" ? v : BigInt(String(v)));

/**
 * Takes and publishes one snapshot; 409 while another is being taken. The whole tree, its chunks and
 * the snapshot row commit together or not at all. Afterwards, chunks past their retention are deleted.
 */
export async function takeLiabilitySnapshot(
  db: Db,
  opts: {
    trigger: SnapshotTrigger;
    actorId?: string | null;
    chunkSize?: number;
    /** The payout gateway whose wallet is the assets (default: the configured one; null: none). */
    payoutGateway?: PayoutGateway | null;
  } = { trigger: "schedule" },
): Promise<{ id: string }> {
  const chunkSize = opts.chunkSize ?? LIABILITY_CHUNK;
  // The assets first: a network call, never inside the snapshot's transaction.
  const assets = await reportAssets(opts.payoutGateway === undefined ? await payoutGatewayOrNull(db) : opts.payoutGateway);
  const id = randomUUID();
  const secret = randomBytes(32);
  await db.$transaction(async (tx) => {
    // First statement of the transaction: every read below sees one snapshot of the database.
    await tx.$executeRawUnsafe("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    const [lock] = await tx.$queryRaw<{ ok: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext(${LOCK_KEY})) AS ok`;
    if (!lock?.ok) throw conflict("A proof-of-liabilities snapshot is being taken; try again when it is published");
    const [pos] = await tx.$queryRaw<{ at: Date; position: string }[]>`
      SELECT now() AS at, pg_current_snapshot()::text AS position`;
    if (!pos) throw new Error("no snapshot position");
    const built = await streamLeaves(tx, id, secret, chunkSize);
    // Each balance against its own column of the ledger, at the same position.
    const [ledger] = await tx.$queryRaw<{ cash: string; credit: string; rows: string }[]>`
      SELECT (coalesce(sum("cashAmount"), 0) * 1000)::int8::text AS cash,
             (coalesce(sum("creditAmount"), 0) * 1000)::int8::text AS credit,
             count(*)::text AS rows FROM "LedgerEntry"`;
    const ledgerCash = BigInt(ledger?.cash ?? "0");
    const ledgerCredit = BigInt(ledger?.credit ?? "0");
    const ledgerMills = ledgerCash + ledgerCredit;
    const [cash, credit, prizes, payouts] = built.root.sums as [bigint, bigint, bigint, bigint];
    for (const [what, tree, rows] of [
      ["cash", cash, ledgerCash],
      ["credit", credit, ledgerCredit],
    ] as const) {
      if (tree !== rows) {
        throw new Error(
          `The ${what} balances (${millsToMoney(tree)}) do not add up to the ledger (${millsToMoney(rows)}) at this position: nothing published`,
        );
      }
    }
    const owed = millsToMoney(cash + credit + prizes + payouts);
    const percent = solvencyPercent(assets.usd, owed);
    const [prizeCount] = await tx.$queryRawUnsafe<{ open: number; unvalued: number }[]>(`
        SELECT count(*)::int AS open, count(*) FILTER (WHERE coalesce("cashAlternative", 0) = 0)::int AS unvalued
        FROM "Prize" WHERE ${OPEN_PRIZE_SQL}`);
    await tx.liabilitySnapshot.create({
      data: {
        id,
        trigger: opts.trigger,
        requestedById: opts.actorId ?? null,
        secret: new Uint8Array(secret),
        takenAt: pos.at,
        finishedAt: new Date(),
        leafCount: built.leafCount,
        rootHash: toHex(built.root.hash),
        totalCash: millsToMoney(cash),
        totalCredit: millsToMoney(credit),
        totalPrizes: millsToMoney(prizes),
        totalPayouts: millsToMoney(payouts),
        ledgerSum: millsToMoney(ledgerMills),
        ledgerRows: BigInt(ledger?.rows ?? "0"),
        ledgerPosition: pos.position,
        prizesOpen: prizeCount?.open ?? 0,
        prizesUnvalued: prizeCount?.unvalued ?? 0,
        chunkSize,
        chunkRoots: packNodes(built.chunkRoots),
        chunkFirstKeys: concatKeys(built.firstKeys),
        proofsUntil: new Date(pos.at.getTime() + getEnv().LIABILITY_PROOF_RETENTION_DAYS * 86_400_000),
        assetsUsd: assets.usd,
        assetsSource: assets.source,
        assetsAt: assets.at,
        assetsDetail: assets.detail,
        assetsProblem: assets.problem,
        solvencyPercent: percent,
      },
    });
    await alertAdminsIfShort(tx, percent, assets.usd, owed);
    if (opts.trigger === "admin") {
      await recordAudit(tx, {
        actorId: opts.actorId ?? null,
        action: "liabilities.snapshot",
        targetType: "liability_snapshot",
        targetId: id,
        after: { leafCount: built.leafCount, rootHash: toHex(built.root.hash) },
      });
    }
  }, SNAPSHOT_TX);
  await pruneExpiredProofs(db);
  return { id };
}

function concatKeys(keys: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(keys.length * 32));
  keys.forEach((k, i) => {
    out.set(k, i * 32);
  });
  return out;
}

/**
 * Streams the accounts from a cursor in shuffle order; each chunk of `chunkSize` leaves is hashed to
 * its root and written as one row, so memory holds one chunk and one page of rows at most.
 */
async function streamLeaves(
  tx: DbTx,
  snapshotId: string,
  secret: Uint8Array,
  chunkSize: number,
): Promise<{ root: SumNode; leafCount: number; chunkRoots: SumNode[]; firstKeys: Uint8Array[] }> {
  await tx.$executeRawUnsafe(`DECLARE liabilities NO SCROLL CURSOR FOR ${ACCOUNTS_SQL(Buffer.from(secret).toString("hex"))}`);
  const top = new SumTreeBuilder(sha256, K);
  const chunkRoots: SumNode[] = [];
  const firstKeys: Uint8Array[] = [];
  let chunk = new SumTreeBuilder(sha256, K);
  const writer = new ChunkWriter();
  let leafCount = 0;
  const flush = async () => {
    const root = chunk.root();
    chunkRoots.push(root);
    top.push(root);
    await tx.liabilityChunk.create({ data: { snapshotId, chunk: chunkRoots.length - 1, leaves: writer.take() } });
    chunk = new SumTreeBuilder(sha256, K);
  };
  for (;;) {
    const rows = await tx.$queryRawUnsafe<AccountRow[]>(`FETCH ${FETCH_ROWS} FROM liabilities`);
    for (const r of rows) {
      const leaf = { account: r.account, amounts: [toBig(r.cash), toBig(r.credit), toBig(r.prizes), toBig(r.payouts)] };
      if (writer.count === 0) firstKeys.push(shuffleKey(secret, r.account));
      chunk.push(leafNode(secret, leaf)); // refuses a negative amount: nothing is published
      writer.add(leaf);
      leafCount++;
      if (writer.count === chunkSize) await flush();
    }
    if (rows.length < FETCH_ROWS) break;
  }
  if (writer.count > 0) await flush();
  await tx.$executeRawUnsafe("CLOSE liabilities");
  return { root: top.root(), leafCount, chunkRoots, firstKeys };
}

/** Deletes the leaves of snapshots past their proofs' retention (their root, totals and chunk roots stay published). */
export async function pruneExpiredProofs(db: DbTx): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "LiabilityChunk" c USING "LiabilitySnapshot" s
    WHERE c."snapshotId" = s."id" AND s."proofsUntil" < now()`;
}
