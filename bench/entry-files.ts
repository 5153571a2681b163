/**
 * The entry-list file of a big contest (GET /api/contests/{id}/draw/entries), through the REST
 * adapter in this process (the app's handler, route, service and a PostgreSQL database; no HTTP):
 * rebuilt from every entry per request (the code before src/server/services/draws/public-files.ts)
 * against the stored, compressed copy, cold (made and stored), warm (gzip as stored, or unzipped for a
 * client without gzip) and revalidated (304), one at a time and six at once. The floor, measured in
 * the same run: one primary-key read of the contest plus answering the same gzip bytes from memory,
 * i.e. the least a stored file can cost. Each figure is printed with its ratio to that floor.
 *
 *   npx tsx --conditions=react-server bench/entry-files.ts                 (100,000 entries)
 *   BENCH_ENTRIES=300000 BENCH_RUNS=9 npx tsx --conditions=react-server bench/entry-files.ts
 */
import os from "node:os";
import { openDatabase, setDatabase } from "../src/server/platform/db";
import { handleRestRequest } from "../src/server/rest/handler";
import { drawEntriesFile } from "../src/server/services/draws";
import { createBenchDatabase, fmt } from "./lib";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const PARALLEL = 6;

type Measure = { ms: number; bytes: number };

async function median(once: () => Promise<Measure>, runs = RUNS): Promise<Measure> {
  await once();
  const all: Measure[] = [];
  for (let i = 0; i < runs; i++) all.push(await once());
  all.sort((a, b) => a.ms - b.ms);
  return all[Math.floor(all.length / 2)] as Measure;
}

async function timed(work: () => Promise<number>): Promise<Measure> {
  const t0 = performance.now();
  const bytes = await work();
  return { ms: performance.now() - t0, bytes };
}

async function main() {
  // The file's cost alone: the anonymous budget (one counter write per request) is measured elsewhere.
  process.env.RATE_LIMIT_ANON_PER_MINUTE = "0";
  process.env.LOG_LEVEL ??= "warn";
  console.log(
    `entry-files: ${fmt(ENTRIES)} entries, ${RUNS} runs each (median), ${os.cpus().length} cores, ${new Date().toISOString()}`,
  );
  const database = await createBenchDatabase("bench_entry_files");
  const handle = await openDatabase({ url: database.url, poolSize: 8 });
  setDatabase(handle);
  try {
    const db = handle.db;
    const user = await db.user.create({
      data: {
        email: "p@bench.test",
        firstName: "P",
        lastName: "B",
        passwordHash: "x",
        securityQuestion: "q",
        securityAnswerHash: "x",
      },
    });
    const contest = await db.contest.create({
      data: {
        title: "Bench entry list",
        description: "d",
        category: "cash",
        ticketPrice: "1",
        drawSeed: "s",
        drawSeedHash: "h",
        status: "ended",
        soldTickets: ENTRIES,
        maxTickets: ENTRIES,
        salesClosedAt: new Date(),
      },
    });
    await db.$executeRawUnsafe(
      `INSERT INTO "TicketEntry" ("id", "userId", "contestId", "ticketCount", "firstTicket", "lastTicket", "totalAmount")
       SELECT 'bench-entry-' || lpad(g::text, 9, '0'), $1, $2, 1, g, g, 1 FROM generate_series(1, $3::int) g`,
      user.id,
      contest.id,
      ENTRIES,
    );
    await db.$executeRawUnsafe("ANALYZE");
    const path = `http://localhost:3000/api/contests/${contest.id}/draw/entries`;
    const get = (headers: Record<string, string> = {}) =>
      timed(async () => {
        const res = await handleRestRequest(new Request(path, { headers }));
        if (res.status !== 200 && res.status !== 304) throw new Error(`HTTP ${res.status}`);
        return (await res.arrayBuffer()).byteLength;
      });

    // Before: every request streamed the whole list out of the entries.
    const rebuilt = await median(
      () => timed(async () => (await new Response(await drawEntriesFile(db, contest.id)).arrayBuffer()).byteLength),
      Math.min(RUNS, 5),
    );
    const cold = await get({ "accept-encoding": "gzip" }); // made and stored now
    const gzip = await median(() => get({ "accept-encoding": "gzip" }));
    const identity = await median(() => get());
    const etag =
      (await handleRestRequest(new Request(path, { headers: { "accept-encoding": "gzip" } }))).headers.get("etag") ?? "";
    const revalidated = await median(() => get({ "accept-encoding": "gzip", "if-none-match": etag }));
    const stored = await db.publicFile.findFirstOrThrow({ where: { contestId: contest.id, kind: "entries" } });
    const storedRead = await median(() =>
      timed(async () => {
        const rows = await db.$queryRaw<
          { gzip: Uint8Array }[]
        >`SELECT "gzip" FROM "PublicFile" WHERE "contestId" = ${contest.id} AND "kind" = 'entries'`;
        return rows[0]?.gzip.byteLength ?? 0;
      }),
    );
    // The floor: the contest's primary-key read and the same gzip bytes answered from memory.
    const bytes = new Uint8Array(stored.gzip);
    const floor = await median(() =>
      timed(async () => {
        await db.contest.findUnique({ where: { id: contest.id }, select: { salesClosedAt: true } });
        return (await new Response(bytes.slice()).arrayBuffer()).byteLength;
      }),
    );
    const parallel = async (run: () => Promise<Measure>) => {
      const t0 = performance.now();
      const all = await Promise.all(Array.from({ length: PARALLEL }, run));
      return { ms: performance.now() - t0, bytes: all.reduce((n, m) => n + m.bytes, 0) };
    };
    const rebuiltSix = await parallel(() =>
      timed(async () => (await new Response(await drawEntriesFile(db, contest.id)).arrayBuffer()).byteLength),
    );
    const storedSix = await parallel(() => get({ "accept-encoding": "gzip" }));
    const floorSix = await parallel(() =>
      timed(async () => {
        await db.contest.findUnique({ where: { id: contest.id }, select: { salesClosedAt: true } });
        return (await new Response(bytes.slice()).arrayBuffer()).byteLength;
      }),
    );

    const row = (label: string, m: Measure, base: Measure) =>
      console.log(
        `${label.padEnd(44)} ${fmt(m.ms, 2).padStart(10)} ms ${fmt(m.bytes).padStart(13)} bytes ${fmt(m.ms / base.ms, 1).padStart(9)}x floor`,
      );
    console.log(`text ${fmt(stored.size)} bytes, stored gzip ${fmt(stored.gzip.byteLength)} bytes`);
    row("floor: PK read + same gzip bytes from memory", floor, floor);
    row("before: rebuilt from the entries per request", rebuilt, floor);
    row("stored: first request (made and stored)", cold, floor);
    row("stored: warm, gzip", gzip, floor);
    row("stored: warm, unzipped per request", identity, floor);
    row("stored: 304 (If-None-Match)", revalidated, floor);
    row("stored row read (another instance, once)", storedRead, floor);
    row(`floor x${PARALLEL} at once`, floorSix, floorSix);
    row(`before x${PARALLEL} at once`, rebuiltSix, floorSix);
    row(`stored, warm gzip x${PARALLEL} at once`, storedSix, floorSix);
  } finally {
    await handle.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
