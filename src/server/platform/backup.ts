/**
 * Backups of either database (`npm run db:backup` / `npm run db:restore`, scripts/db/backup.ts;
 * docs/deploy.md "Backups").
 * - PostgreSQL: `pg_dump --format=custom` and `pg_restore` (the client tools must match or be newer
 *   than the server's major version). The password travels in PGPASSWORD, never on the command line.
 * - PGlite: the embedded database's own `dumpDataDir` (a gzipped tarball of its data directory),
 *   restored by loading it into a new directory. Only one process may open a PGlite directory, so
 *   the app must be stopped while a PGlite backup or restore runs.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** Connection string without its password, plus the environment that carries the password. */
export function pgToolTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("error", (e) => reject(new Error(`${command} could not start (${e.message}): install the PostgreSQL client tools`)));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

function output(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("error", (e) => reject(new Error(`${command} could not start (${e.message}): install the PostgreSQL client tools`)));
    child.on("exit", () => resolve(out));
  });
}

/** pg_dump refuses a server newer than itself: say so plainly, with both versions, before trying. */
export async function assertPgToolsFit(url: string, tool = "pg_dump"): Promise<void> {
  const clientMajor = Number(/\s(\d+)(?:\.\d+)?/.exec(await output(tool, ["--version"]))?.[1] ?? Number.NaN);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    const serverMajor = Math.floor(Number(rows[0]?.v) / 10000);
    if (Number.isFinite(clientMajor) && clientMajor < serverMajor) {
      throw new Error(
        `${tool} ${clientMajor} cannot back up a PostgreSQL ${serverMajor} server: install client tools ${serverMajor} or newer`,
      );
    }
  } finally {
    await client.end();
  }
}

export async function backupPostgres(url: string, file: string): Promise<void> {
  await assertPgToolsFit(url);
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const { dbname, env } = pgToolTarget(url);
  await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${dbname}`], env);
}

/** Restores into `url`, which must be an empty database unless `replace` (then existing objects are dropped first). */
export async function restorePostgres(url: string, file: string, opts: { replace?: boolean } = {}): Promise<void> {
  await fs.access(file);
  const { dbname, env } = pgToolTarget(url);
  const args = ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`];
  if (opts.replace) args.push("--clean", "--if-exists");
  await run("pg_restore", [...args, file], env);
}

/** True when the database already holds the app's tables (a restore over it needs `--replace`). */
export async function postgresHasTables(url: string): Promise<boolean> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Writes a gzipped dump of an open PGlite (or of the directory `dir`, opened and closed here). */
export async function backupPglite(source: PGlite | string, file: string): Promise<void> {
  // Backing up must not create a database: PGlite would initialise an empty one at a wrong path.
  if (typeof source === "string" && !(await fs.stat(path.join(source, "PG_VERSION")).catch(() => null))) {
    throw new Error(`No PGlite data at ${source}: set PGLITE_DIR to the app's data directory`);
  }
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const db = typeof source === "string" ? new PGlite(source) : source;
  try {
    // dumpDataDir on a PGlite that is still starting never settles (npm run db:backup hung).
    await db.waitReady;
    const dump = await db.dumpDataDir("gzip");
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    if (typeof source === "string") await db.close();
  }
}

/** Reads a PGlite dump (for loading into a new PGlite: `new PGlite(dir, { loadDataDir })`). */
export async function readPgliteDump(file: string): Promise<Blob> {
  return new Blob([await fs.readFile(file)]);
}

/**
 * Restores a PGlite dump into `dir`, which must be missing or empty unless `replace`: then the old
 * directory is kept beside it as `<dir>.before-restore-<timestamp>` (nothing is deleted).
 */
export async function restorePglite(
  file: string,
  dir: string,
  opts: { replace?: boolean } = {},
): Promise<{ movedAside?: string }> {
  const loadDataDir = await readPgliteDump(file);
  const existing = await fs.readdir(dir).catch(() => [] as string[]);
  let movedAside: string | undefined;
  if (existing.length > 0) {
    if (!opts.replace) throw new Error(`${dir} is not empty: pass --replace to keep it aside and restore in its place`);
    movedAside = `${dir}.before-restore-${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}`;
    await fs.rename(dir, movedAside);
  }
  await fs.mkdir(dir, { recursive: true });
  const db = new PGlite(dir, { loadDataDir });
  await db.waitReady;
  await db.close();
  return { movedAside };
}
