/**
 * The rolling upgrade of docs/deploy.md ("Upgrading"), run as written: two instances of the built
 * app on one PostgreSQL database behind the shipped nginx configuration (e2e/nginx.ts), clients
 * working through the proxy the whole time; migrate, then stop and start one instance at a time,
 * each back on /api/ready before the next goes. No answer may be a 5xx and no request may fail.
 * One build exists here, so both "versions" are this build: what is proven is the procedure (the
 * migration step while both serve, and the restarts one at a time behind the proxy). Needs the
 * PostgreSQL server of TEST_DATABASE_URL; every address is on loopback, every loop is bounded.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort, migrateDatabase, startApp, stopApp } from "../scripts/start-app";
import { holdLock } from "./helpers";
import { startNginx } from "./nginx";

/** nginx's `fail_timeout` in deploy/nginx/nginx.conf (checked below against the shipped file). */
const UPSTREAM_FAIL_TIMEOUT_MS = 5_000;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `prize_e2e_rolling_${process.pid}_${Date.now()}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test("a rolling upgrade of two instances behind nginx: migrate, then one at a time; no 5xx, no failed request", async () => {
  test.setTimeout(420_000);
  expect(fs.readFileSync("deploy/nginx/nginx.conf", "utf8")).toContain(`fail_timeout=${UPSTREAM_FAIL_TIMEOUT_MS / 1000}s`);
  // The fault test that restarts this PostgreSQL server waits for this spec (e2e/helpers.ts).
  const release = await holdLock("shared-postgres");
  await admin(`CREATE DATABASE "${DB_NAME}"`);
  const ports = [await freePort(), await freePort()];
  const env = {
    DATABASE_URL: dbUrl,
    DATABASE_POOL_SIZE: "5",
    TRUST_PROXY_HOPS: "1",
    // nginx does not poll /api/ready (open-source nginx has passive checks only): a short grace.
    SHUTDOWN_GRACE_MS: "1000",
    SHUTDOWN_TIMEOUT_MS: "20000",
    RATE_LIMIT_ANON_PER_MINUTE: "0",
    RATE_LIMIT_SIGNUPS_PER_HOUR: "1000",
  };
  const start = (port: number) =>
    startApp({ port, entry: "server", readyPath: "/api/ready", timeoutMs: 120_000, stderr: "ignore", env });
  const instances: (ChildProcess | undefined)[] = [];
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    await migrateDatabase({ DATABASE_URL: dbUrl });
    instances.push(...(await Promise.all(ports.map(start))));
    proxy = await startNginx(
      await freePort(),
      ports.map((p) => `127.0.0.1:${p}`),
    );
    const base = proxy.base;

    const email = `rolling-${Date.now()}@example.com`;
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Roll",
        lastName: "Ing",
        email,
        password: "secret123",
        confirmPassword: "secret123",
        securityQuestion: "What is your favourite book?",
        securityAnswer: "dune",
      }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    // Clients through the proxy until the upgrade is done: public reads and pages, a signed-in page, logins.
    let upgrading = true;
    const outcomes: { path: string; status: number | string }[] = [];
    const requests: [string, RequestInit][] = [
      ["/api/contests", {}],
      ["/", {}],
      ["/winners", {}],
      ["/payments", { headers: { cookie } }],
      ["/api/auth/user", { headers: { cookie } }],
      [
        "/api/auth/login",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "secret123" }),
        },
      ],
    ];
    const clients = Array.from({ length: 4 }, (_, c) =>
      (async () => {
        for (let i = 0; upgrading && i < 5_000; i++) {
          const [path, init] = requests[(c + i) % requests.length] as [string, RequestInit];
          try {
            const res = await fetch(`${base}${path}`, init);
            await res.arrayBuffer();
            outcomes.push({ path, status: res.status });
          } catch (error) {
            outcomes.push({ path, status: String((error as Error).cause ?? error) });
          }
        }
      })(),
    );
    const settle = async (n: number) => {
      const until = outcomes.length + n;
      for (let waited = 0; outcomes.length < until && waited < 30_000; waited += 100)
        await new Promise((r) => setTimeout(r, 100));
    };
    await settle(30);

    // 1. Migrate while both instances serve (docs/deploy.md: migrations are additive).
    await migrateDatabase({ DATABASE_URL: dbUrl });
    // 2. One instance at a time: stop it (it drains), start it, wait until it is ready, let traffic reach it.
    const restarted: number[] = [];
    for (const [i, port] of ports.entries()) {
      expect(await stopApp(instances[i] as ChildProcess, 60_000)).toBe(0);
      await settle(20); // the other instance carries everything meanwhile
      instances[i] = await start(port);
      restarted.push(port);
      // docs/deploy.md: nginx took it out of the pool while it refused connections and tries it again
      // only after fail_timeout (5 s): stopping the other one sooner leaves no live upstream (502s).
      await new Promise((r) => setTimeout(r, UPSTREAM_FAIL_TIMEOUT_MS + 1_000));
      await settle(30);
    }
    upgrading = false;
    await Promise.all(clients);

    const failed = outcomes.filter((o) => typeof o.status === "string" || o.status >= 500);
    expect(failed, "requests that failed or got a 5xx during the upgrade").toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(130);
    expect(restarted).toEqual(ports);
    // Both instances serve again, each naming its build.
    for (const port of ports) {
      const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
      expect(health).toMatchObject({ status: "ok", commit: expect.any(String) });
    }
    console.log(`rolling upgrade: ${outcomes.length} requests through nginx, ${failed.length} failed or 5xx`);
  } finally {
    await Promise.all(instances.map((s) => (s ? stopApp(s) : undefined)));
    await proxy?.stop();
    await admin(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
    await release();
  }
});
