/**
 * A mixed workload through the built app on PostgreSQL: browse (GET /api/contests and
 * /api/contests/{id}), checkout (POST /api/cart/add), paid wheel spin (POST /api/wheel/spin) and
 * support chat (POST /api/support/messages), spread over many signed-in players, 50 connections.
 * Prints req/s, p50/p99, non-2xx by action and status, and the ledger invariants afterwards.
 *   npm run build && npm run bench:mixed
 *   BENCH_DURATION (s, default 30), BENCH_USERS (default 500), BENCH_CONNECTIONS (default 50), BENCH_PORT (default 3202)
 */
import os from "node:os";
import autocannon from "autocannon";
import { seed } from "../scripts/db/seed";
import { createSession } from "../src/server/auth/session";
import { openDatabase } from "../src/server/platform/db";
import { checkLedgerInvariants } from "../src/server/services/money";
import { applyBalanceChange } from "../src/server/services/kernel";
import { SECURITY_QUESTIONS } from "../src/shared/constants";
import { sha256Hex } from "../src/shared/draw";
import { startApp, stopApp } from "../scripts/start-app";
import { benchAppEnv, createBenchDatabase, fmt } from "./lib";

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const USERS = Number(process.env.BENCH_USERS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3202);

/** Share of each action in the mix (cumulative weights are built below). */
const MIX = [
  ["browse list", 30],
  ["browse contest", 25],
  ["checkout", 20],
  ["spin", 10],
  ["chat", 15],
] as const;
type Action = (typeof MIX)[number][0];

type Ctx = { action?: Action };

async function main() {
  const database = await createBenchDatabase("bench_mixed");
  const handle = await openDatabase({ url: database.url, poolSize: 4 });
  const db = handle.db;
  await seed(db);
  const contests = (await db.contest.findMany({ where: { status: "active" }, select: { id: true } })).map((c) => c.id);
  const drawSeed = "bench-mixed-seed";
  const buyable = await db.contest.create({
    data: {
      title: "Bench contest",
      description: "Bought during the mixed bench (no ticket cap)",
      category: "cash",
      ticketPrice: "0.50",
      drawSeed,
      drawSeedHash: await sha256Hex(drawSeed),
    },
  });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await db.user.create({
      data: {
        email: `bench-${i}@bench.invalid`,
        firstName: "Bench",
        lastName: `Player ${i}`,
        passwordHash: "x",
        securityQuestion: SECURITY_QUESTIONS[0],
        securityAnswerHash: "x",
      },
    });
    await db.$transaction((tx) =>
      applyBalanceChange(tx, { userId: user.id, amount: "100000", kind: "adjustment", reference: `bench-open-${user.id}` }),
    );
    tokens.push((await createSession(db, user.id)).token);
  }

  const total = MIX.reduce((s, [, w]) => s + w, 0);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
  const byAction = new Map<string, number>();
  const setupRequest = (req: autocannon.Request, context: object): autocannon.Request => {
    const ctx = context as Ctx;
    let r = Math.random() * total;
    let action: Action = MIX[0][0];
    for (const [name, w] of MIX) {
      if (r < w) {
        action = name;
        break;
      }
      r -= w;
    }
    ctx.action = action;
    const headers = { "content-type": "application/json", cookie: `session=${pick(tokens)}` };
    switch (action) {
      case "browse list":
        return { ...req, method: "GET", path: "/api/contests", headers, body: undefined };
      case "browse contest":
        return { ...req, method: "GET", path: `/api/contests/${pick(contests)}`, headers, body: undefined };
      case "checkout":
        return {
          ...req,
          method: "POST",
          path: "/api/cart/add",
          headers,
          body: JSON.stringify({ contestId: buyable.id, quantity: 1 }),
        };
      case "spin":
        return { ...req, method: "POST", path: "/api/wheel/spin", headers, body: JSON.stringify({ isPaid: true }) };
      case "chat":
        return {
          ...req,
          method: "POST",
          path: "/api/support/messages",
          headers,
          body: JSON.stringify({ message: `Bench message ${Math.random().toString(36).slice(2)}` }),
        };
    }
  };
  const onResponse = (status: number, _body: string, context: object) => {
    const key = `${(context as Ctx).action} ${status}`;
    byAction.set(key, (byAction.get(key) ?? 0) + 1);
  };

  const app = await startApp({ port: PORT, entry: "server", env: benchAppEnv(database.url), readyPath: "/api/ready" });
  try {
    const run = (duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${PORT}`,
        connections: CONNECTIONS,
        duration,
        requests: [{ setupRequest, onResponse }],
      });
    await run(Math.min(5, DURATION)); // warm-up (JIT, pools, plans)
    byAction.clear();
    const r = await run(DURATION);

    console.log(
      `mixed: ${CONNECTIONS} connections, ${DURATION} s, ${USERS} players, ${os.cpus().length} cores, ` +
        `${fmt(os.totalmem() / 2 ** 30)} GiB, ${new Date().toISOString()}`,
    );
    console.log(`mix: ${MIX.map(([n, w]) => `${n} ${w}%`).join(", ")}`);
    console.log(
      `req/s ${fmt(r.requests.average)}  p50 ${fmt(r.latency.p50)} ms  p99 ${fmt(r.latency.p99)} ms  ` +
        `requests ${r.requests.total}  non-2xx ${r.non2xx}  socket errors ${r.errors}  timeouts ${r.timeouts}`,
    );
    console.log("action            status    count");
    for (const [key, n] of [...byAction.entries()].sort()) {
      const at = key.lastIndexOf(" ");
      console.log(`${key.slice(0, at).padEnd(16)} ${key.slice(at + 1).padStart(7)} ${String(n).padStart(8)}`);
    }
    if (app.exitCode !== null || app.signalCode !== null)
      console.log(`THE APP DIED during the run (${app.exitCode ?? app.signalCode})`);
    const violations = (await checkLedgerInvariants(db)).map((v) => `${v.check}: ${v.detail}`);
    const counts = {
      entries: await db.ticketEntry.count(),
      spins: await db.wheelSpin.count(),
      messages: await db.supportMessage.count(),
    };
    console.log(`database after: ${JSON.stringify(counts)}`);
    console.log(violations.length ? `invariants: ${violations.length} VIOLATED\n  ${violations.join("\n  ")}` : "invariants: ok");
    if (violations.length) process.exitCode = 1;
  } finally {
    await stopApp(app);
    await handle.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
