/**
 * GET /api/contests through the app as `npm start` runs it (src/server/edge/server.mjs: the fast path of
 * src/server/edge/fast-path.ts answers it from the public-read cache) against two floors in the same
 * run: the floor, a bare node:http + pg handler running the same query per request, and
 * the ceiling of any in-memory answer, a bare node:http handler sending the same bytes.
 *   npm run build && npm run bench:contests-read   (BENCH_DURATION seconds, default 10; 50 connections)
 */
import http from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { seed } from "../scripts/db/seed";
import { openDatabase } from "../src/server/platform/db";
import { startApp, stopApp } from "../scripts/start-app";
import { benchAppEnv, createBenchDatabase, fmt } from "./lib";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const QUERY = `SELECT * FROM "Contest" WHERE status = 'active' ORDER BY "createdAt" DESC, id ASC`;

async function run(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  const kb = r.throughput.average / Math.max(1, r.requests.average) / 1024;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, kb, errors: r.errors + r.non2xx };
}

async function main() {
  const database = await createBenchDatabase("bench_read");
  const handle = await openDatabase({ url: database.url });
  await seed(handle.db);
  await handle.close();

  const app = await startApp({ port: 3200, entry: "server", env: benchAppEnv(database.url), readyPath: "/api/ready" });
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const floor = http.createServer(async (_req, res) => {
    const { rows } = await pool.query(QUERY);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(rows));
  });
  await new Promise<void>((r) => floor.listen(3201, "127.0.0.1", r));
  const sameBytes = Buffer.from(await (await fetch("http://127.0.0.1:3200/api/contests")).text());
  const memory = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(sameBytes);
  });
  await new Promise<void>((r) => memory.listen(3202, "127.0.0.1", r));

  try {
    await run("http://127.0.0.1:3200/api/contests"); // warm-up (JIT, pools)
    const appResult = await run("http://127.0.0.1:3200/api/contests");
    const floorResult = await run("http://127.0.0.1:3201/");
    const memoryResult = await run("http://127.0.0.1:3202/");
    console.log(
      `contests-read: ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores, ${new Date().toISOString()}`,
    );
    console.log("target                   req/s    p50 ms   p99 ms   KB   errors");
    for (const [name, r] of [
      ["app /api/contests", appResult],
      ["floor node:http+pg", floorResult],
      ["node:http, same bytes", memoryResult],
    ] as const) {
      console.log(
        `${name.padEnd(22)} ${fmt(r.rps).padStart(8)} ${fmt(r.p50).padStart(9)} ${fmt(r.p99).padStart(8)} ${fmt(r.kb, 1).padStart(5)} ${String(r.errors).padStart(8)}`,
      );
    }
    console.log(`ratio app/floor (node:http + pg): ${fmt((appResult.rps / floorResult.rps) * 100, 1)}% (goal: >= 60%)`);
    console.log(`ratio app/in-memory ceiling:      ${fmt((appResult.rps / memoryResult.rps) * 100, 1)}%`);
  } finally {
    floor.close();
    memory.close();
    await pool.end();
    await stopApp(app);
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
