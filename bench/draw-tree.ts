/**
 * The Merkle tree of a 500k-entry contest (draw scheme 2, src/server/services/draws/tree.ts)
 * against its floor, the same rows read the same way and their bytes hashed once with SHA-256 (what
 * scheme 1 costs in Node). Prints figures, asserts nothing.
 *
 *   npm run bench:draw-tree                  (BENCH_ENTRIES=500000 by default; PostgreSQL at TEST_DATABASE_URL)
 *
 * 1. In memory: the streamed root (MerkleRootBuilder, O(log n) memory) over n lines vs one SHA-256
 *    of the same text.
 * 2. In the database: buildDrawTree inside a transaction (what closing sales does under the row lock)
 *    vs reading the same pages and hashing their text; the stored chunk roots' size; then one
 *    inclusion proof (median of BENCH_RUNS, default 21) and its check with Web Crypto.
 */
import { createHash } from "node:crypto";
import { buildDrawTree, inclusionProof, sha256Sync } from "../src/server/services/draws";
import { openDatabase } from "../src/server/platform/db";
import { entryLine, MerkleRootBuilder, verifyInclusion } from "../src/shared/merkle";
import { createBenchDatabase, fmt } from "./lib";
import { type Exec, insertContests, insertEntries, insertPlayers } from "./scale-data";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 500_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const PAGE = 8192;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const heapMb = () => process.memoryUsage().heapUsed / 2 ** 20;

function inMemory(): void {
  const lines = Array.from({ length: ENTRIES }, (_, i) =>
    entryLine({ id: `c${String(i).padStart(24, "0")}`, firstTicket: i + 1, lastTicket: i + 1 }),
  );
  let t0 = process.hrtime.bigint();
  createHash("sha256").update(lines.join("\n")).digest();
  const floor = ms(t0);
  const heap0 = heapMb();
  t0 = process.hrtime.bigint();
  const b = new MerkleRootBuilder(sha256Sync);
  for (const l of lines) b.pushLine(l);
  b.root();
  const tree = ms(t0);
  console.log(
    `in memory, ${fmt(ENTRIES)} lines: floor (one SHA-256 of the text) ${fmt(floor, 1)} ms; streamed Merkle root ${fmt(tree, 1)} ms; ratio ${fmt(tree / floor, 1)}x; heap growth during the build ${fmt(heapMb() - heap0, 1)} MB`,
  );
}

async function inDatabase(): Promise<void> {
  const database = await createBenchDatabase("bench_draw_tree");
  const handle = await openDatabase({ url: database.url, poolSize: 4 });
  const db = handle.db;
  try {
    const exec: Exec = (sql) => db.$executeRawUnsafe(sql);
    await insertPlayers(exec, "dt", 1000);
    await insertContests(exec, "dt", 1, "active");
    const contestId = "dt_c_000001";
    await insertEntries(exec, { tag: "dt", contestId, players: 1000, entries: ENTRIES, ticketsPerEntry: 1, ticketPrice: "2" });
    await exec(`UPDATE "Contest" SET "soldTickets" = ${ENTRIES} WHERE "id" = '${contestId}'`);
    await exec(`VACUUM ANALYZE "TicketEntry"`);

    let t0 = process.hrtime.bigint();
    await db.$transaction(
      async (tx) => {
        const hash = createHash("sha256");
        let after = 0;
        for (;;) {
          const rows = await tx.ticketEntry.findMany({
            where: { contestId, firstTicket: { gt: after } },
            orderBy: { firstTicket: "asc" },
            take: PAGE,
            select: { id: true, firstTicket: true, lastTicket: true },
          });
          hash.update(rows.map(entryLine).join("\n"));
          if (rows.length < PAGE) break;
          after = rows.at(-1)?.firstTicket ?? after;
        }
        hash.digest();
      },
      { timeout: 600_000 },
    );
    const floor = ms(t0);
    const heap0 = heapMb();
    t0 = process.hrtime.bigint();
    const root = await db.$transaction((tx) => buildDrawTree(tx, contestId), { timeout: 600_000 });
    const tree = ms(t0);
    const stored = await db.drawTree.findUniqueOrThrow({ where: { contestId } });
    console.log(
      `database, ${fmt(ENTRIES)} entries: floor (same pages read, text hashed once) ${fmt(floor)} ms; buildDrawTree ${fmt(tree)} ms; ratio ${fmt(tree / floor, 2)}x; stored ${fmt(stored.chunkRoots.length / 1024, 1)} kB of chunk roots; heap after ${fmt(heapMb() - heap0, 1)} MB over before`,
    );

    await exec(
      `UPDATE "Contest" SET "status" = 'ended', "salesClosedAt" = now(), "entriesHash" = '${root}', "drawScheme" = 2 WHERE "id" = '${contestId}'`,
    );
    const middle = await db.ticketEntry.findFirstOrThrow({ where: { contestId, firstTicket: Math.ceil(ENTRIES / 2) } });
    const times: number[] = [];
    let proof = await inclusionProof(db, contestId, middle.id, middle.userId);
    for (let i = 0; i < RUNS; i++) {
      t0 = process.hrtime.bigint();
      proof = await inclusionProof(db, contestId, middle.id, middle.userId);
      times.push(ms(t0));
    }
    t0 = process.hrtime.bigint();
    const ok = await verifyInclusion(proof, root);
    console.log(
      `one inclusion proof: median ${fmt(median(times), 1)} ms over ${RUNS} runs, ${proof.siblings.length} hashes, ${fmt(JSON.stringify(proof).length)} bytes; Web Crypto check ${ok ? "OK" : "FAILED"} in ${fmt(ms(t0), 1)} ms`,
    );
  } finally {
    await handle.close();
    await database.drop();
  }
}

inMemory();
await inDatabase();
