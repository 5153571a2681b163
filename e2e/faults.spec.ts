/**
 * Faults under load, with node APIs only (no browser): the built app is spawned directly
 * (`node .../next start`, so its pid IS the server) on its own database, several players buy
 * tickets and spin the paid wheel while an admin approves sandbox payments, and then:
 *  - kill -9 the server mid-load, restart it: the ledger invariants hold and every request that
 *    answered 2xx is in the database (PostgreSQL, and the embedded PGlite which must recover);
 *  - PostgreSQL goes away mid-load: the app answers again by itself. A server restart with
 *    FAULT_RESTART_POSTGRES=1 (set by scripts/test-all.sh in CI: it drops every connection on the
 *    shared server), else every connection of the test's own database dropped and refused for 2 s.
 * The database side (prepare, invariants, verify) runs in a separate process: scripts/db/fault-db.ts.
 */
import { type ChildProcess, execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { LIMITS } from "../src/shared/constants";
import { exited, freePort, migrateDatabase, startApp, stopApp } from "../scripts/start-app";
import { holdLock } from "./helpers";
import pg from "pg";
import type { PrepareResult, Successes, VerifyResult } from "../scripts/db/fault-db";

const run = promisify(execFile);
// The app under fault gets a port the OS picks, once for the file (its restarts reuse it).
let PORT = 0;
let URL_BASE = "";
test.beforeAll(async () => {
  PORT = await freePort();
  URL_BASE = `http://127.0.0.1:${PORT}`;
});
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const PLAYERS = 10;
// A player may hold at most LIMITS.openTopUpsMax open top-ups (429 beyond), so prepare stays within it.
const PAYMENTS_PER_PLAYER = LIMITS.openTopUpsMax;

type DbEnv = { DATABASE_URL: string; PGLITE_DIR?: string };

function dbUrl(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000, query_timeout: 60_000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh PostgreSQL database for one test; returns its env and a drop(). */
async function freshPgDatabase(tag: string): Promise<{ env: DbEnv; drop: () => Promise<void> }> {
  const name = `prize_faults_${tag}_${process.pid}_${Date.now()}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    env: { DATABASE_URL: dbUrl(name) },
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * Runs scripts/db/fault-db.ts in its own process and parses the JSON it prints last. Bounded (the
 * test's own timeout would only say "300 s exceeded"): a hang names the step and is killed.
 */
async function faultDb<T>(env: DbEnv, args: string[]): Promise<T> {
  const { stdout } = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db/fault-db.ts", ...args], {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
    killSignal: "SIGKILL",
  }).catch((error: Error & { killed?: boolean }) => {
    throw new Error(`fault-db ${args[0]} ${error.killed ? "did not finish within 120 s" : "failed"}: ${error.message}`);
  });
  const last = stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as T;
}

async function answers(pathname: string, token?: string): Promise<boolean> {
  try {
    const res = await fetch(`${URL_BASE}${pathname}`, {
      headers: token ? { cookie: `session=${token}` } : {},
      signal: AbortSignal.timeout(5_000),
    });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

const startServer = (env: DbEnv): Promise<ChildProcess> =>
  startApp({
    port: PORT,
    timeoutMs: 60_000,
    env: {
      ...env,
      LOG_LEVEL: "warn",
      DRAW_SCHEDULER_INTERVAL_MS: "0",
      // The load below comes from 127.0.0.1: lift the anonymous per-IP budget.
      RATE_LIMIT_ANON_PER_MINUTE: "1000000",
    },
  });

const stopServer = (child: ChildProcess) => stopApp(child);

/** Players buy (POST /api/cart/add) and spin paid (POST /api/wheel/spin); the admin approves payments. */
class Load {
  readonly successes: Successes = { cartAdds: [], spins: [], approvals: [] };
  readonly statuses = new Map<string, number>();
  /** Requests that got no answer at all (connection refused or reset). */
  noAnswer = 0;
  /** Of those, answers cut off after the status line. */
  cutOff = 0;
  /** Payments whose approval got no answer: they may or may not have been approved. */
  readonly unanswered: { paymentId: string; userId: string }[] = [];
  private stopped = false;
  private readonly workers: Promise<void>[] = [];
  private readonly queue: { paymentId: string; userId: string }[];

  constructor(
    private readonly prep: PrepareResult,
    opts: { approvers: number },
  ) {
    this.queue = prep.players.flatMap((p) => p.payments.map((pay) => ({ paymentId: pay.id, userId: p.id })));
    for (const player of prep.players) this.workers.push(this.player(player));
    for (let i = 0; i < opts.approvers; i++) this.workers.push(this.approver());
  }

  get total(): number {
    return this.successes.cartAdds.length + this.successes.spins.length + this.successes.approvals.length;
  }

  private async post(label: string, pathname: string, token: string, body: unknown) {
    let res: Response;
    try {
      res = await fetch(`${URL_BASE}${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `session=${token}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      this.noAnswer++;
      await new Promise((r) => setTimeout(r, 20));
      return null;
    }
    let json: Record<string, any> | null;
    try {
      json = JSON.parse(await res.text()) as Record<string, any> | null;
    } catch {
      // The status line came but the body never did (the server died in between): no answer.
      this.noAnswer++;
      this.cutOff++;
      return null;
    }
    const key = `${label} ${res.status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    return { status: res.status, json };
  }

  private async player(p: PrepareResult["players"][number]) {
    let i = 0;
    while (!this.stopped) {
      if (i++ % 2 === 0) {
        const r = await this.post("cart/add", "/api/cart/add", p.token, {
          contestId: this.prep.contestId,
          quantity: 1 + (i % 3),
        });
        const entryId = r?.json?.entries?.[0]?.entryId;
        if (r && r.status === 200 && entryId) this.successes.cartAdds.push({ userId: p.id, entryId });
      } else {
        const r = await this.post("wheel/spin", "/api/wheel/spin", p.token, { isPaid: true });
        if (r && r.status === 200 && r.json?.spinId) this.successes.spins.push({ userId: p.id, spinId: r.json.spinId });
      }
    }
  }

  private async approver() {
    while (!this.stopped) {
      const next = this.queue.shift();
      if (!next) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const r = await this.post("approve", `/api/payments/${next.paymentId}/approve`, this.prep.adminToken, {});
      if (r && r.status >= 200 && r.status < 300) this.successes.approvals.push(next);
      else if (!r) this.unanswered.push(next);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.workers);
  }
}

async function waitFor(cond: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!cond() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

function writeSuccesses(successes: Successes): string {
  const file = path.join(os.tmpdir(), `faults-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(successes));
  return file;
}

/**
 * The kill -9 scenario on one database: load, SIGKILL mid-load, restart, retry the approvals that
 * got no answer (each must now be 200 or 409 "already approved"), then verify in a fresh process.
 */
async function killNineDuringLoad(env: DbEnv, label: string) {
  const prep = await faultDb<PrepareResult>(env, ["prepare", String(PLAYERS), String(PAYMENTS_PER_PLAYER)]);
  let server = await startServer(env);
  const load = new Load(prep, { approvers: 3 });
  // Kill once every kind of request has succeeded a few times, with requests in flight.
  await waitFor(
    () => load.successes.cartAdds.length >= 10 && load.successes.spins.length >= 10 && load.successes.approvals.length >= 10,
    60_000,
  );
  const before = load.noAnswer;
  const dead = exited(server);
  process.kill(server.pid as number, "SIGKILL");
  expect((await dead).signal).toBe("SIGKILL");
  await waitFor(() => load.noAnswer > before + PLAYERS, 5_000);
  await load.stop();
  expect(await answers("/api/contests"), "nothing may answer once the server is killed").toBe(false);
  // Every 2xx was recorded with the id it returned.
  expect(load.successes.cartAdds.length).toBe(load.statuses.get("cart/add 200") ?? 0);
  expect(load.successes.spins.length).toBe(load.statuses.get("wheel/spin 200") ?? 0);
  expect(load.successes.approvals.length).toBe(load.statuses.get("approve 200") ?? 0);

  server = await startServer(env);
  try {
    // The restarted server knows the sessions and keeps serving.
    expect(await answers("/api/auth/user", prep.players[0]?.token)).toBe(true);
    for (const u of load.unanswered) {
      const res = await fetch(`${URL_BASE}/api/payments/${u.paymentId}/approve`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `session=${prep.adminToken}` },
        body: "{}",
        signal: AbortSignal.timeout(30_000),
      });
      expect([200, 409]).toContain(res.status);
      if (res.status === 200) load.successes.approvals.push(u);
    }
    if (env.PGLITE_DIR) expect(await stopServer(server)).toBe(0); // PGlite: one process at a time
    const file = writeSuccesses(load.successes);
    const result = await faultDb<VerifyResult>(env, ["verify", file]);
    fs.rmSync(file, { force: true });
    console.log(
      `[faults] kill -9 on ${label}: ${load.successes.cartAdds.length} purchases, ${load.successes.spins.length} spins, ` +
        `${load.successes.approvals.length} approvals answered 2xx; ${load.noAnswer} requests got no answer (${load.cutOff} cut off after the status line); ` +
        `${load.unanswered.length} approvals retried after restart; statuses ${JSON.stringify(Object.fromEntries(load.statuses))}; ` +
        `database ${JSON.stringify(result.counts)}`,
    );
    expect(result.violations).toEqual([]);
    expect(result.missing).toEqual([]);
    expect(result.counts.entries).toBeGreaterThanOrEqual(load.successes.cartAdds.length);
  } finally {
    if (server.exitCode === null && server.signalCode === null) await stopServer(server);
  }
}

/**
 * Load on a fresh PostgreSQL database, then `disrupt` (which returns once PostgreSQL accepts
 * connections again): the public list, an authed read and a purchase must all answer 200 again
 * within 60 s without restarting the app, the load must flow again, and nothing answered is lost.
 */
async function outageDuringLoad(label: string, disrupt: (database: string) => Promise<void>) {
  const db = await freshPgDatabase("outage");
  const name = new URL(db.env.DATABASE_URL).pathname.slice(1);
  let server: ChildProcess | undefined;
  try {
    const prep = await faultDb<PrepareResult>(db.env, ["prepare", String(PLAYERS), String(PAYMENTS_PER_PLAYER)]);
    server = await startServer(db.env);
    const load = new Load(prep, { approvers: 1 });
    await waitFor(() => load.total >= 20, 60_000);

    const started = Date.now();
    await disrupt(name);
    const pgBack = Date.now();
    const token = prep.players[0]?.token as string;
    let recovered = 0;
    while (Date.now() - pgBack < 60_000) {
      const ok =
        (await answers("/api/contests")) &&
        (await answers("/api/auth/user", token)) &&
        (await fetch(`${URL_BASE}/api/cart/add`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: `session=${token}` },
          body: JSON.stringify({ contestId: prep.contestId, quantity: 1 }),
          signal: AbortSignal.timeout(5_000),
        }).then(
          (r) => r.status === 200,
          () => false,
        ));
      if (ok) {
        recovered = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const atRecovery = load.total;
    await waitFor(() => load.total >= atRecovery + 20, 30_000); // the load itself flows again
    await load.stop();
    console.log(
      `[faults] ${label}: outage ${pgBack - started} ms; the app answered again ` +
        `${recovered ? `${recovered - pgBack} ms after PostgreSQL was back` : "NEVER (60 s)"}; ` +
        `statuses ${JSON.stringify(Object.fromEntries(load.statuses))}; ${load.noAnswer} requests got no answer`,
    );
    expect(recovered, "the app did not answer within 60 s of PostgreSQL coming back").toBeGreaterThan(0);
    expect(load.total).toBeGreaterThanOrEqual(atRecovery + 20);
    expect(server.exitCode, "the app process must survive the outage").toBeNull();
    // Ready again too: database, migrations and the job queue, which may have been starting when
    // PostgreSQL went away (src/server/jobs/index.ts keepStartingJobs).
    await expect.poll(() => answers("/api/ready"), { timeout: 45_000, intervals: [500] }).toBe(true);

    const file = writeSuccesses(load.successes);
    const result = await faultDb<VerifyResult>(db.env, ["verify", file]);
    fs.rmSync(file, { force: true });
    expect(result.violations).toEqual([]);
    expect(result.missing).toEqual([]);
  } finally {
    if (server && server.exitCode === null) await stopServer(server);
    await db.drop();
  }
}

test.describe("faults under load", () => {
  test.describe.configure({ timeout: 300_000 });

  test("kill -9 of the server on PostgreSQL loses no answered request and keeps the ledger whole", async () => {
    const db = await freshPgDatabase("kill");
    try {
      await killNineDuringLoad(db.env, "PostgreSQL");
    } finally {
      await db.drop();
    }
  });

  test("kill -9 of the server on the embedded PGlite: it recovers, nothing answered is lost", async () => {
    const dir = path.join(process.cwd(), ".data", `e2e-faults-${process.pid}`);
    // A migrated copy (prepare's migration then finds nothing to do).
    await migrateDatabase({ DATABASE_URL: "", PGLITE_DIR: dir });
    try {
      await killNineDuringLoad({ DATABASE_URL: "", PGLITE_DIR: dir }, "PGlite");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // One outage test: a real server restart where the run owns the server (CI sets
  // FAULT_RESTART_POSTGRES=1: it drops every connection on the shared server), else the same failure
  // as the app sees it limited to this test's database: every connection dropped and new ones refused
  // for 2 s. The restart covers the drop (connections end, then are refused, then the server starts
  // up), so a run does one of the two.
  const restartServer = process.env.FAULT_RESTART_POSTGRES === "1";
  test(`PostgreSQL goes away during load (${restartServer ? "a server restart" : "every connection dropped, new ones refused for 2 s"}): the app answers again by itself`, async () => {
    if (!restartServer) {
      await outageDuringLoad("connections dropped", async (name) => {
        await withAdmin(async (c) => {
          await c.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
          await c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
          await new Promise((r) => setTimeout(r, 2_000));
          await c.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
        });
      });
      return;
    }
    const version = fs.readdirSync("/etc/postgresql").sort().at(-1);
    expect(version).toBeTruthy();
    // Not while e2e/chat-instances.spec.ts runs its two instances on the same server.
    const release = await holdLock("shared-postgres");
    try {
      await outageDuringLoad(`PostgreSQL ${version} restarted`, async () => {
        await run("pg_ctlcluster", ["--skip-systemctl-redirect", version as string, "main", "restart", "-m", "fast"], {
          timeout: 120_000,
        });
      });
    } finally {
      await release();
    }
  });
});
