/**
 * The one place that opens the database.
 * Default: embedded PostgreSQL (PGlite) in `.data/pglite`. With DATABASE_URL: a PostgreSQL
 * server through @prisma/adapter-pg. Either way callers get the same Prisma client.
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/generated/prisma/client";
import { getEnv } from "./env";

export type Db = PrismaClient;
/** A Prisma client or an interactive-transaction client: what services accept. */
export type DbTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PGlite instance when embedded (for LISTEN-free event fan-out and tests). */
  pglite?: PGlite;
  /** Connection string when on a PostgreSQL server. */
  url?: string;
  /** The connection pool on a PostgreSQL server (its counts feed /api/metrics). */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

export function defaultPgliteDir(): string {
  return path.resolve(getEnv().PGLITE_DIR);
}

/** Opens a database: a PostgreSQL URL, a PGlite directory, or `memory://` for an in-memory PGlite. */
export async function openDatabase(
  opts: { url?: string; pgliteDir?: string; pglite?: PGlite; poolSize?: number } = {},
): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? getEnv().DATABASE_POOL_SIZE,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client's error (server restart) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const adapter = new PrismaPg(pool, { disposeExternalPool: true });
    const db = new PrismaClient({ adapter });
    return {
      db,
      kind: "postgres",
      url: opts.url,
      pool,
      close: async () => {
        await db.$disconnect();
        if (!pool.ended) await pool.end().catch(() => {});
      },
    };
  }
  const pglite = opts.pglite ?? new PGlite(opts.pgliteDir ?? defaultPgliteDir());
  await pglite.waitReady;
  const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      await db.$disconnect();
      if (!pglite.closed) await pglite.close();
    },
  };
}

type GlobalWithDb = typeof globalThis & { __prizeDb?: Promise<DatabaseHandle> };
const globalForDb = globalThis as GlobalWithDb;

/** The app's shared database, opened once per process (kept on globalThis so dev reloads reuse it). */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!globalForDb.__prizeDb) {
    globalForDb.__prizeDb = openDatabase({ url: getEnv().DATABASE_URL });
  }
  return globalForDb.__prizeDb;
}

/** Lets tests and scripts install their own database as the process-wide one. */
export function setDatabase(handle: DatabaseHandle): void {
  globalForDb.__prizeDb = Promise.resolve(handle);
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Closes the shared database if it was opened (PGlite must close cleanly to avoid crash recovery). */
export async function closeDatabase(): Promise<void> {
  const pending = globalForDb.__prizeDb;
  globalForDb.__prizeDb = undefined;
  if (pending) await (await pending).close();
}
