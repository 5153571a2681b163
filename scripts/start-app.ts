/**
 * Start and stop the built app in its own process: the one helper e2e specs and benches use
 * (`npm run build` first). Resolves once the app answers `readyPath`; refuses a port something
 * already answers on (the test would talk to the wrong app).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { migrationsKey } from "./db/migrations-key";

export type StartAppOptions = {
  port: number;
  /** Added to this process's environment (a value of "" unsets a variable for the app). */
  env?: Record<string, string | undefined>;
  /** "next": `next start`; "server": src/server/edge/server.mjs, what `npm start` runs (client IP from the socket). */
  entry?: "next" | "server";
  /** Answers 2xx once the app is up: /api/contests (default) or /api/ready (database and queue too). */
  readyPath?: string;
  timeoutMs?: number;
  /** "inherit" shows the app's stderr (crashes, warnings); "ignore" keeps test output clean. */
  stderr?: "inherit" | "ignore";
};

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

export async function startApp(opts: StartAppOptions): Promise<ChildProcess> {
  const { port, entry = "next", readyPath = "/api/contests", timeoutMs = 60_000, stderr = "inherit" } = opts;
  const base = `http://127.0.0.1:${port}`;
  const taken = await fetch(`${base}/`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: another app would answer`);
  const args =
    entry === "server"
      ? ["src/server/edge/server.mjs"]
      : ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      // No load balancer to wait for: stop as soon as the requests in flight are answered (tests set it).
      SHUTDOWN_GRACE_MS: "0",
      ...opts.env,
    },
    stdio: ["ignore", "ignore", stderr],
  });
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    if (await answers(`${base}${readyPath}`)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`the app did not answer ${readyPath} within ${timeoutMs} ms (did you run \`npm run build\`?)`);
}

/** Resolves with the exit code (null when killed by a signal) once the process has ended. */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

/** SIGTERM (the app closes its database and exits 0), SIGKILL after `graceMs`; resolves with the exit code. */
export async function stopApp(child: ChildProcess, graceMs = 15_000): Promise<number | null> {
  const done = exited(child);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  const { code } = await done;
  clearTimeout(timer);
  return code;
}

/** `npm run db:migrate` against the given environment (e.g. a fresh PGLITE_DIR or DATABASE_URL). */
function runMigrate(env: Record<string, string | undefined>): Promise<void> {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db/manage.ts", "migrate"], {
    env: { ...process.env, ...env },
    stdio: "ignore",
  });
  return exited(child).then(({ code }) => {
    if (code !== 0) throw new Error(`migrate exited with ${code}`);
  });
}

/**
 * A migrated, empty PGlite data dir for this checkout's migrations, made once and kept under
 * `.data/e2e/` (migrating a new PGlite costs ~7 s of CPU; copying this one a fraction of a second).
 * Made under a name of its own and renamed into place: two workers making it at once both succeed,
 * and a run killed halfway leaves no half-made copy.
 */
export async function migratedPgliteDir(): Promise<string> {
  const dir = path.resolve(".data", "e2e", `pglite-migrated-${await migrationsKey()}`);
  if (existsSync(dir)) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  await runMigrate({ PGLITE_DIR: partial, DATABASE_URL: "" });
  await fs.rename(partial, dir).catch(async (e: NodeJS.ErrnoException) => {
    await fs.rm(partial, { recursive: true, force: true });
    // Another process renamed its copy first: that one is as good.
    if (e.code !== "ENOTEMPTY" && e.code !== "EEXIST") throw e;
  });
  // Copies made for other migrations (an older branch) go.
  for (const old of await fs.readdir(path.dirname(dir))) {
    if (/^pglite-migrated-[0-9a-f]+$/.test(old) && old !== path.basename(dir))
      await fs.rm(path.join(path.dirname(dir), old), { recursive: true, force: true });
  }
  return dir;
}

/**
 * A freshly migrated database for the given environment: PGlite (PGLITE_DIR, no DATABASE_URL) gets
 * a copy of the migrated data dir, in place of whatever was there; PostgreSQL is migrated.
 */
export async function migrateDatabase(env: Record<string, string | undefined>): Promise<void> {
  if (env.DATABASE_URL || !env.PGLITE_DIR) return runMigrate(env);
  const from = await migratedPgliteDir();
  await fs.rm(env.PGLITE_DIR, { recursive: true, force: true });
  await fs.cp(from, env.PGLITE_DIR, { recursive: true });
}

/** A TCP port nothing listens on right now (the OS picks it): tests never use fixed ports. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
