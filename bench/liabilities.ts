/**
 * The proof-of-liabilities snapshot at scale (src/server/services/proofs/snapshot.ts) and one
 * player's proof, each against a floor measured in the same run. Prints figures, asserts nothing.
 *
 *   npm run bench:liabilities        (BENCH_ACCOUNTS=1000000 by default; PostgreSQL at TEST_DATABASE_URL)
 *
 * 1. Grows a fresh database to BENCH_ACCOUNTS players, each with cash from a ledger row (so the
 *    snapshot's check against the ledger holds) and every tenth with site credit too.
 * 2. Floor: the database's part alone, one statement that reads the same accounts in the same
 *    per-snapshot shuffled order and sums them, plus the ledger's sums (what the snapshot reads, with
 *    no row leaving PostgreSQL). Then takeLiabilitySnapshot, with the process's peak RSS and heap
 *    sampled every 20 ms: bounded memory means the peak does not grow with the accounts.
 * 3. One player's proof (liabilityProof, median and p95 of BENCH_RUNS players, default 41) vs the
 *    floor of a primary-key read of the same player.
 */
import { randomBytes } from "node:crypto";
import { openDatabase } from "../src/server/platform/db";
import { liabilityProof, takeLiabilitySnapshot } from "../src/server/services/proofs";
import { createBenchDatabase, fmt } from "./lib";
import { type Exec, creditPlayers, insertPlayers } from "./scale-data";

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 41);
const TAG = "pl";

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const quantile = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * q))] as number;
const mb = (bytes: number) => bytes / 2 ** 20;
const userId = (n: number) => `${TAG}_u_${String(n).padStart(7, "0")}`;

/** Peak RSS and heap while `work` runs, sampled every 20 ms. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ value: T; rss: number; heap: number }> {
  let rss = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  try {
    const value = await work();
    return { value, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const database = await createBenchDatabase("bench_liabilities");
  const handle = await openDatabase({ url: database.url, poolSize: 4 });
  const db = handle.db;
  try {
    const exec: Exec = (sql) => db.$executeRawUnsafe(sql);
    let t0 = process.hrtime.bigint();
    await insertPlayers(exec, TAG, ACCOUNTS);
    await creditPlayers(exec, TAG, 5);
    // Every tenth player also holds $2.50 of site credit, from its own ledger row.
    await exec(`
      INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt",
                                 "cashAmount", "creditAmount", "cashAfter", "creditAfter")
      SELECT 'crd_' || u."id", u."id", 'credit_grant', 2.5, u."balance" + 2.5, 'bench-credit:' || u."id", 'bench credit',
             now() - interval '1 day', 0, 2.5, u."cashBalance", 2.5
      FROM "User" u WHERE u."id" LIKE '${TAG}_u_%' AND right(u."id", 1) = '0'`);
    await exec(`
      UPDATE "User" SET "balance" = "balance" + 2.5, "creditBalance" = "creditBalance" + 2.5
      WHERE "id" LIKE '${TAG}_u_%' AND right("id", 1) = '0'`);
    await exec(`VACUUM ANALYZE "User"`);
    await exec(`VACUUM ANALYZE "LedgerEntry"`);
    console.log(`grew ${fmt(ACCOUNTS)} accounts with their ledger rows in ${fmt(ms(t0) / 1000, 1)} s`);

    // The floor: the same accounts, in a shuffled order keyed like the snapshot's, summed in PostgreSQL.
    const secret = randomBytes(32).toString("hex");
    t0 = process.hrtime.bigint();
    await db.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
        await tx.$queryRawUnsafe(`
          SELECT count(*), sum(x.cash), sum(x.credit) FROM (
            SELECT u."id", u."cashBalance" AS cash, u."creditBalance" AS credit FROM "User" u
            WHERE u."cashBalance" <> 0 OR u."creditBalance" <> 0
            ORDER BY sha256('\\x${secret}'::bytea || convert_to(u."id", 'UTF8'))) x`);
        await tx.$queryRawUnsafe(`SELECT sum("cashAmount"), sum("creditAmount"), count(*) FROM "LedgerEntry"`);
      },
      { timeout: 600_000 },
    );
    const floor = ms(t0);

    const before = process.memoryUsage();
    t0 = process.hrtime.bigint();
    const snap = await withPeakMemory(() => takeLiabilitySnapshot(db, { trigger: "admin", payoutGateway: null }));
    const took = ms(t0);
    const row = await db.liabilitySnapshot.findUniqueOrThrow({ where: { id: snap.value.id } });
    console.log(
      `snapshot of ${fmt(row.leafCount)} accounts: ${fmt(took / 1000, 1)} s (target < 60 s); floor (the database's sorted read and the ledger's sums) ${fmt(floor / 1000, 1)} s; ratio ${fmt(took / floor, 1)}x`,
    );
    console.log(
      `memory: RSS ${fmt(mb(before.rss))} MB before, peak ${fmt(mb(snap.rss))} MB (+${fmt(mb(snap.rss - before.rss))} MB); heap ${fmt(mb(before.heapUsed))} MB before, peak ${fmt(mb(snap.heap))} MB`,
    );
    console.log(
      `published: cash ${row.totalCash.toFixed(3)}, credit ${row.totalCredit.toFixed(3)}, ledger ${row.ledgerSum.toFixed(3)} over ${fmt(Number(row.ledgerRows))} rows`,
    );

    // One player's proof against a primary-key read of the same player (different players: the
    // proof download is limited per player).
    const proofs: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const id = userId(1 + Math.floor((i * ACCOUNTS) / RUNS));
      t0 = process.hrtime.bigint();
      await db.user.findUniqueOrThrow({ where: { id }, select: { id: true, cashBalance: true } });
      reads.push(ms(t0));
      t0 = process.hrtime.bigint();
      await liabilityProof(db, id, snap.value.id);
      proofs.push(ms(t0));
    }
    const p50 = quantile(proofs, 0.5);
    const r50 = quantile(reads, 0.5);
    console.log(
      `one player's proof: median ${fmt(p50, 1)} ms, p95 ${fmt(quantile(proofs, 0.95), 1)} ms (target < 50 ms); floor (a primary-key read) median ${fmt(r50, 2)} ms; ratio ${fmt(p50 / r50, 1)}x`,
    );
  } finally {
    await handle.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
