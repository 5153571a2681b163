/**
 * Pages under a crowd: the built app on PostgreSQL, each page for BENCH_DURATION seconds at
 * BENCH_CONNECTIONS connections, against two floors measured in the same run: a static JS chunk
 * served by the same server, and /api/health (a Next route doing no work: what any dynamic
 * answer costs at least). Each page also gets its own floor: a bare node:http server in a child
 * process answering that page's bytes from memory (the runtime's own limit for that answer).
 * Signed-in pages rotate over BENCH_USERS distinct sessions, so per-user work is not cached away.
 *   npm run build && npm run bench:pages
 *   BENCH_DURATION (s, default 10), BENCH_USERS (default 200), BENCH_CONNECTIONS (default 50), BENCH_PORT (default 3203)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { seed } from "../scripts/db/seed";
import { startApp, stopApp } from "../scripts/start-app";
import { createSession } from "../src/server/auth/session";
import { openDatabase } from "../src/server/platform/db";
import { SECURITY_QUESTIONS } from "../src/shared/constants";
import { benchAppEnv, createBenchDatabase, fmt } from "./lib";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3203);

type Target = { name: string; path: string; signedIn: boolean };
type Result = { name: string; rps: number; p50: number; p99: number; bad: number; kb: number; bare?: number };

/** A bare node:http server in its own process answering `body` to every request; resolves to its stopper. */
async function bareServer(body: Buffer, contentType: string, port: number): Promise<() => void> {
  const file = path.join(os.tmpdir(), `bench-bare-${process.pid}-${port}`);
  fs.writeFileSync(file, body);
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const body=require("fs").readFileSync(process.argv[1]);require("http").createServer((q,r)=>{r.writeHead(200,{"content-type":process.argv[2],"content-length":body.length});r.end(body)}).listen(${port},"127.0.0.1",()=>console.log("ready"))`,
      file,
      contentType,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return () => {
    child.kill();
    fs.rmSync(file, { force: true });
  };
}

async function main() {
  const database = await createBenchDatabase("bench_pages");
  const handle = await openDatabase({ url: database.url, poolSize: 4 });
  const db = handle.db;
  await seed(db);
  const contest = await db.contest.findFirstOrThrow({ where: { status: "active" }, orderBy: { createdAt: "desc" } });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await db.user.create({
      data: {
        email: `pages-${i}@bench.invalid`,
        firstName: "Bench",
        lastName: `Visitor ${i}`,
        passwordHash: "x",
        securityQuestion: SECURITY_QUESTIONS[0],
        securityAnswerHash: "x",
      },
    });
    tokens.push((await createSession(db, user.id)).token);
  }
  await handle.close();

  const base = `http://127.0.0.1:${PORT}`;
  const app = await startApp({ port: PORT, entry: "server", env: benchAppEnv(database.url), readyPath: "/api/ready" });
  try {
    // The floor: the first script chunk the landing page references, from the same server.
    const landing = await (await fetch(`${base}/`)).text();
    const chunk = landing.match(/\/_next\/static\/chunks\/[^"']+\.js/)?.[0];
    if (!chunk) throw new Error("no static chunk found in the landing page");
    const targets: Target[] = [
      { name: "floor: static chunk", path: chunk, signedIn: false },
      // What any Next route costs at least (proxy, headers, routing): no database, no render.
      { name: "floor: /api/health", path: "/api/health", signedIn: false },
      { name: "/ signed out", path: "/", signedIn: false },
      { name: "/winners", path: "/winners", signedIn: false },
      { name: "/dream-car", path: "/dream-car", signedIn: false },
      { name: "/ signed in (home)", path: "/", signedIn: true },
      { name: "/contest/{id} signed in", path: `/contest/${contest.id}`, signedIn: true },
      { name: "GET /api/contests", path: "/api/contests", signedIn: false },
    ];
    const results: Result[] = [];
    for (const target of targets) {
      const run = (duration: number, url = base) =>
        autocannon({
          url,
          connections: CONNECTIONS,
          duration,
          requests: [
            {
              method: "GET",
              path: target.path,
              setupRequest: (req) =>
                target.signedIn
                  ? { ...req, headers: { cookie: `session=${tokens[Math.floor(Math.random() * tokens.length)]}` } }
                  : req,
            },
          ],
        });
      await run(Math.min(3, DURATION)); // warm-up: JIT, pools, Next's route cache
      const r = await run(DURATION);
      let bare: number | undefined;
      if (!target.name.startsWith("floor")) {
        // The same bytes the app just sent (no Accept-Encoding, as autocannon asks), from a bare server.
        const sample = await fetch(`${base}${target.path}`, {
          headers: { "accept-encoding": "identity", ...(target.signedIn ? { cookie: `session=${tokens[0]}` } : {}) },
        });
        const stop = await bareServer(
          Buffer.from(await sample.arrayBuffer()),
          sample.headers.get("content-type") ?? "text/html",
          PORT + 1,
        );
        try {
          await run(Math.min(3, DURATION), `http://127.0.0.1:${PORT + 1}`);
          bare = (await run(DURATION, `http://127.0.0.1:${PORT + 1}`)).requests.average;
        } finally {
          stop();
        }
      }
      results.push({
        bare,
        name: target.name,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        bad: r.non2xx + r.errors + r.timeouts,
        kb: r.throughput.average / Math.max(1, r.requests.average) / 1024,
      });
    }
    const floor = results[0]?.rps ?? 1;
    const routeFloor = results[1]?.rps ?? 1;
    console.log(
      `pages: ${CONNECTIONS} connections, ${DURATION} s each, ${USERS} sessions, ${os.cpus().length} cores, ` +
        `${fmt(os.totalmem() / 2 ** 30)} GiB, ${new Date().toISOString()}`,
    );
    console.log(
      `${"target".padEnd(26)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"KB".padStart(6)} ${"bad".padStart(5)}  of static  of route   of bare`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(26)} ${fmt(r.rps).padStart(8)} ${fmt(r.p50).padStart(8)} ${fmt(r.p99).padStart(8)} ${fmt(r.kb).padStart(6)} ${String(r.bad).padStart(5)}  ${`${fmt((r.rps / floor) * 100, 1)}%`.padStart(9)} ${`${fmt((r.rps / routeFloor) * 100, 1)}%`.padStart(9)} ${r.bare ? `${fmt((r.rps / r.bare) * 100, 1)}%`.padStart(9) : "".padStart(9)}`,
      );
    }
  } finally {
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
