/**
 * Reads and the big draw as history grows. Grows two PostgreSQL databases by set-based SQL
 * (bench/scale-data.ts) to FACTOR × the issue's sizes and to FACTOR/20 of them, checks every ledger
 * invariant (what `npm run check:ledger` runs), then measures each endpoint through the REST adapter
 * in this process (the app's handler, routes, services and database; no HTTP, so the figures are
 * the server's work) and prints, per endpoint, the median latency and the answer's bytes at both
 * sizes and their ratios; then the time of End on the big contest, of its results fan-out, and of
 * `verify:draw` against it (over a local HTTP server, streaming the entry-list file).
 *
 *   npm run bench:data-scale                 (FACTOR 0.1 by default; BENCH_FACTOR=1 is the issue's full size)
 *   BENCH_FACTOR=0.25 BENCH_RUNS=21 npm run bench:data-scale
 *
 * Full size (FACTOR 1): 200k users, 3,000 contests, 2M entries (one open contest with 100k entries /
 * 500k tickets from 45k players; one player with 20k entries), ~2.1M ledger rows, 500k
 * notifications (50k of one player), 200k chat messages, 50k payments, 10k withdrawals, 50k audit rows.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { verifyDraw } from "../scripts/tools/verify-draw";
import type { User } from "../src/generated/prisma/client";
import { createSession } from "../src/server/auth/session";
import { type DatabaseHandle, openDatabase, setDatabase } from "../src/server/platform/db";
import { peekEventBus } from "../src/server/events";
import { handleRestRequest } from "../src/server/rest/handler";
import { fanOutDrawResults, setDrawFollowUps, newDrawSeed } from "../src/server/services/draws";
import { checkLedgerInvariants } from "../src/server/services/money";
import { SESSION_COOKIE } from "../src/shared/constants";
import { createBenchDatabase, fmt } from "./lib";
import {
  creditPlayers,
  type Exec,
  insertContests,
  insertEntries,
  insertHistory,
  insertPlayers,
  insertPrizes,
  insertSpreadEntries,
  settleEndedContests,
} from "./scale-data";

const FACTOR = Number(process.env.BENCH_FACTOR ?? 0.1);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
/** The big contest's own factor (default FACTOR): BENCH_DRAW_FACTOR=1 draws the issue's 500k-ticket contest on a smaller site. */
const DRAW_FACTOR = Number(process.env.BENCH_DRAW_FACTOR ?? FACTOR);
const TAG = "ds";

const FULL = {
  users: 200_000,
  contests: 3_000,
  entries: 2_000_000,
  bigEntries: 100_000,
  bigPlayers: 45_000,
  bigTicketsPerEntry: 5,
  heavyEntries: 20_000,
  notifications: 500_000,
  heavyNotifications: 50_000,
  messages: 200_000,
  payments: 50_000,
  withdrawals: 10_000,
  audit: 50_000,
};

type Sizes = typeof FULL;
const scaled = (f: number, drawF: number): Sizes =>
  Object.fromEntries(
    Object.entries(FULL).map(([k, v]) => {
      if (k === "bigTicketsPerEntry") return [k, v];
      const factor = k === "bigEntries" || k === "bigPlayers" ? drawF : f;
      return [k, Math.max(k === "contests" ? 4 : 10, Math.round(v * factor))];
    }),
  ) as Sizes;

type World = {
  handle: DatabaseHandle;
  drop: () => Promise<void>;
  sizes: Sizes;
  bigContestId: string;
  heavy: User;
  admin: User;
  growSeconds: number;
};

async function grow(f: number, drawF: number): Promise<World> {
  const s = scaled(f, drawF);
  s.users = Math.max(s.users, s.bigPlayers);
  const database = await createBenchDatabase(`bench_scale_${String(f).replace(".", "_")}`);
  const handle = await openDatabase({ url: database.url, poolSize: 10 });
  const exec: Exec = (sql) => handle.db.$executeRawUnsafe(sql);
  const started = performance.now();
  await insertPlayers(exec, TAG, s.users);
  await creditPlayers(exec, TAG, 10);
  // Contest 1 is the big open one; the others ended and drawn, with the rest of the entries.
  await insertContests(exec, TAG, s.contests, "ended");
  const seed = await newDrawSeed();
  const big = await handle.db.contest.create({
    data: { title: "The Big Car Giveaway", description: "100k entries", category: "cars", ticketPrice: 2, ...seed },
  });
  await insertEntries(exec, {
    tag: TAG,
    contestId: big.id,
    players: s.bigPlayers,
    entries: s.bigEntries,
    ticketsPerEntry: s.bigTicketsPerEntry,
    ticketPrice: "2",
  });
  // The heavy player (player 1) holds heavyEntries entries over the ended contests.
  await insertSpreadEntries(exec, {
    tag: TAG,
    batch: "heavy",
    contests: s.contests,
    players: 1,
    entries: s.heavyEntries,
    ticketsPerEntry: 1,
  });
  const rest = Math.max(0, s.entries - s.bigEntries - s.heavyEntries);
  await insertSpreadEntries(exec, {
    tag: TAG,
    batch: "rest",
    contests: s.contests,
    players: s.users - 1,
    firstPlayer: 2,
    entries: rest,
    ticketsPerEntry: 1,
  });
  await settleEndedContests(exec, TAG);
  await insertPrizes(exec, TAG, `${TAG}_u_0000001`);
  await insertHistory(exec, {
    tag: TAG,
    players: s.users,
    notifications: s.notifications,
    heavyNotifications: s.heavyNotifications,
    messages: s.messages,
    payments: s.payments,
    withdrawals: s.withdrawals,
    audit: s.audit,
  });
  await exec("ANALYZE");
  const growSeconds = (performance.now() - started) / 1000;
  const admin = await handle.db.user.create({
    data: {
      email: `admin-${f}@scale.test`,
      firstName: "Ada",
      lastName: "Admin",
      passwordHash: "x",
      securityQuestion: "q",
      securityAnswerHash: "x",
      role: "owner",
    },
  });
  const heavy = await handle.db.user.findUniqueOrThrow({ where: { id: `${TAG}_u_0000001` } });
  return { handle, drop: database.drop, sizes: s, bigContestId: big.id, heavy, admin, growSeconds };
}

async function cookieFor(w: World, user: User): Promise<string> {
  return `${SESSION_COOKIE}=${(await createSession(w.handle.db, user.id)).token}`;
}

type Measure = { ms: number; bytes: number; status: number };

/** Median of RUNS sequential requests after 3 warm-ups. */
async function measure(path: string, cookie?: string): Promise<Measure> {
  const once = async () => {
    const headers = new Headers(cookie ? { cookie } : {});
    const t0 = performance.now();
    const res = await handleRestRequest(new Request(`http://localhost:3000${path}`, { headers }));
    const body = await res.arrayBuffer();
    return { ms: performance.now() - t0, bytes: body.byteLength, status: res.status };
  };
  for (let i = 0; i < 3; i++) await once();
  const runs: Measure[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  runs.sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)] as Measure;
}

function endpoints(w: World): { name: string; path: string; as: "anon" | "heavy" | "admin" }[] {
  const big = w.bigContestId;
  return [
    { name: "contest list (cached)", path: "/api/contests", as: "anon" },
    { name: "one contest (cached)", path: `/api/contests/${big}`, as: "anon" },
    { name: "draw record (big, drawn)", path: `/api/contests/${big}/draw`, as: "anon" },
    { name: "winner posts (cached)", path: "/api/winner-posts", as: "anon" },
    { name: "winner posts page 2", path: `/api/winner-posts?limit=50&cursor=wp_${TAG}_c_${"0".repeat(5)}1`, as: "anon" },
    { name: "heavy player's purchases", path: "/api/user/purchases", as: "heavy" },
    { name: "heavy player's notifications", path: "/api/notifications", as: "heavy" },
    { name: "heavy player's withdrawals", path: "/api/withdrawals", as: "heavy" },
    { name: "admin contests", path: "/api/admin/contests", as: "admin" },
    { name: "admin contests ?status=ended", path: "/api/admin/contests?status=ended&search=scale", as: "admin" },
    { name: "admin winner posts", path: "/api/admin/winner-posts", as: "admin" },
    { name: "admin conversations", path: "/api/admin/conversations", as: "admin" },
    { name: "admin users", path: "/api/admin/users", as: "admin" },
    { name: "admin stats", path: "/api/admin/stats", as: "admin" },
    { name: "admin analytics", path: "/api/admin/analytics", as: "admin" },
    { name: "admin audit", path: "/api/admin/audit", as: "admin" },
    { name: "admin prizes", path: "/api/admin/prizes", as: "admin" },
    { name: "admin prizes page 2", path: `/api/admin/prizes?limit=50&cursor=pz_${TAG}_c_${"0".repeat(5)}7`, as: "admin" },
    { name: "pending payments", path: "/api/payments/pending", as: "admin" },
  ];
}

type DrawTimes = { endMs: number; fanoutMs: number; notified: number; verifyMs: number; verified: boolean };

async function bigDraw(w: World): Promise<DrawTimes> {
  const adminCookie = await cookieFor(w, w.admin);
  const end = (id: string) =>
    handleRestRequest(
      new Request(`http://localhost:3000/api/admin/contests/${id}/status`, {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json" },
        body: JSON.stringify({ status: "ended" }),
      }),
    );
  // Warm-up: End an empty contest first (JIT, Prisma's first queries), so the timing is the draw's.
  const empty = await w.handle.db.contest.create({
    data: { title: "Warm-up", description: "-", category: "cars", ticketPrice: 1, ...(await newDrawSeed()) },
  });
  await end(empty.id);
  const t0 = performance.now();
  const res = await end(w.bigContestId);
  const endMs = performance.now() - t0;
  if (res.status !== 200) throw new Error(`End answered ${res.status}: ${await res.text()}`);
  const t1 = performance.now();
  const fan = await fanOutDrawResults(w.handle.db, w.bigContestId);
  const fanoutMs = performance.now() - t1;
  const server = http.createServer(async (req, out) => {
    const answer = await handleRestRequest(new Request(`http://127.0.0.1${req.url}`));
    out.statusCode = answer.status;
    for (const [k, v] of answer.headers) out.setHeader(k, v);
    if (answer.body) for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) out.write(chunk);
    out.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const t2 = performance.now();
  const v = await verifyDraw(`http://127.0.0.1:${port}`, w.bigContestId);
  const verifyMs = performance.now() - t2;
  server.close();
  return { endMs, fanoutMs, notified: fan.notified, verifyMs, verified: v.ok };
}

async function runWorld(f: number, drawF: number) {
  const w = await grow(f, drawF);
  setDatabase(w.handle);
  const violations = await checkLedgerInvariants(w.handle.db);
  // The fan-out is timed on its own below (the app runs it as a job after the draw commits).
  setDrawFollowUps({ fanOut: async () => undefined, retry: async () => undefined });
  const draw = await bigDraw(w);
  const after = await checkLedgerInvariants(w.handle.db);
  const cookies = { anon: undefined, heavy: await cookieFor(w, w.heavy), admin: await cookieFor(w, w.admin) } as const;
  const results = new Map<string, Measure>();
  for (const e of endpoints(w)) results.set(e.name, await measure(e.path, cookies[e.as]));
  const counts = await w.handle.db.$queryRawUnsafe<{ entries: number; ledger: number }[]>(
    `SELECT (SELECT count(*)::int FROM "TicketEntry") AS entries, (SELECT count(*)::int FROM "LedgerEntry") AS ledger`,
  );
  return { w, violations: [...violations, ...after], draw, results, counts: counts[0] };
}

async function main() {
  const small = FACTOR / 20;
  console.log(
    `data-scale: factor ${FACTOR} (small = ${small}), ${RUNS} runs per endpoint (median), ${os.cpus().length} cores, ${new Date().toISOString()}`,
  );
  const a = await runWorld(small, DRAW_FACTOR / 20);
  await closeWorld(a.w);
  const b = await runWorld(FACTOR, DRAW_FACTOR);
  try {
    for (const [label, r] of [
      ["small", a],
      ["big", b],
    ] as const) {
      console.log(
        `${label}: ${fmt(r.w.sizes.users)} users, ${fmt(r.w.sizes.contests)} contests, ${fmt(r.counts?.entries ?? 0)} entries, ${fmt(r.counts?.ledger ?? 0)} ledger rows; grown in ${fmt(r.w.growSeconds, 1)} s; ledger invariants: ${r.violations.length === 0 ? "all hold" : `${r.violations.length} violated`}`,
      );
    }
    console.log("");
    console.log(
      `${"endpoint".padEnd(32)} ${"small ms".padStart(9)} ${"big ms".padStart(8)} ${"ratio".padStart(6)}   ${"small B".padStart(9)} ${"big B".padStart(9)} ${"ratio".padStart(6)}`,
    );
    for (const e of endpoints(b.w)) {
      const s = a.results.get(e.name) as Measure;
      const g = b.results.get(e.name) as Measure;
      const flag = s.status !== 200 || g.status !== 200 ? `  (HTTP ${s.status}/${g.status})` : "";
      console.log(
        `${e.name.padEnd(32)} ${fmt(s.ms, 2).padStart(9)} ${fmt(g.ms, 2).padStart(8)} ${fmt(g.ms / s.ms, 2).padStart(6)}   ${fmt(s.bytes).padStart(9)} ${fmt(g.bytes).padStart(9)} ${fmt(g.bytes / Math.max(1, s.bytes), 2).padStart(6)}${flag}`,
      );
    }
    console.log("");
    for (const [label, r] of [
      ["small", a],
      ["big", b],
    ] as const) {
      const s = r.w.sizes;
      console.log(
        `draw (${label}: ${fmt(s.bigEntries)} entries, ${fmt(s.bigEntries * s.bigTicketsPerEntry)} tickets, ${fmt(s.bigPlayers)} players): End ${fmt(r.draw.endMs)} ms; fan-out ${fmt(r.draw.fanoutMs)} ms (${fmt(r.draw.notified)} told); verify:draw ${fmt(r.draw.verifyMs)} ms, ${r.draw.verified ? "VERIFIED" : "NOT VERIFIED"}`,
      );
    }
    console.log(
      `ratio big/small End: ${fmt(b.draw.endMs / a.draw.endMs, 2)} for ${fmt(b.w.sizes.bigEntries / a.w.sizes.bigEntries)}x the entries`,
    );
  } finally {
    await closeWorld(b.w);
  }
}

async function closeWorld(w: World): Promise<void> {
  await (await peekEventBus())?.close(); // its LISTEN connection would retry against the dropped database
  await w.handle.close();
  await w.drop();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
