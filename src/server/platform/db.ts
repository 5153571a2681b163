/**
 * The one place that opens the database.
 * Default: embedded PostgreSQL (PGlite) in `.data/pglite`. With DATABASE_URL: a PostgreSQL
 * server through @prisma/adapter-pg. Either way callers get the same Prisma client.
 */
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/generated/prisma/client";
import { defaultPgliteDir, getEnv } from "./env";
import { edgeBridge } from "./edge-bridge.mjs";

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
  /**
   * Events this process's own transactions sent, heard on the writing connection as its COMMIT
   * returns: before any later request of this instance can read. The public-read cache
   * (src/server/cache/public-reads.ts) uses it so a buyer never sees the figure from before
   * their own purchase; other instances hear the same event through the event bus. On PGlite
   * the bus itself is fed synchronously by the one connection, so this stays empty.
   */
  onOwnNotification?: (listener: (payload: string) => void) => void;
  /** True for a backend pid of this handle's pool: the bus's copy of an event already heard above. */
  isOwnSession?: (processId: number) => boolean;
  close: () => Promise<void>;
};

/** The NOTIFY channel of live events (src/server/events/): the pool LISTENs on it for its own writes. */
export const EVENT_CHANNEL = "prize_live_events";

export { defaultPgliteDir };

/** Opens a database: a PostgreSQL URL, a PGlite directory, or `memory://` for an in-memory PGlite. */
export async function openDatabase(
  opts: { url?: string; pgliteDir?: string; pglite?: PGlite; poolSize?: number; connectionTimeoutMs?: number } = {},
): Promise<DatabaseHandle> {
  if (opts.url) {
    const ownListeners: ((payload: string) => void)[] = [];
    const ownPids = new Set<number>();
    // Each pooled connection LISTENs so it hears its own NOTIFYs (PostgreSQL delivers them to the
    // sending session before the COMMIT's reply). Only its own: other sessions' events reach this
    // instance once, through the event bus. One round trip per new connection, awaited by the
    // pool (onConnect) before the connection is handed out.
    const listenOnConnect = async (client: pg.ClientBase) => {
      const pid = (client as unknown as { processID?: number }).processID;
      if (pid !== undefined) {
        ownPids.add(pid);
        client.on("end", () => ownPids.delete(pid));
      }
      client.on("notification", (n) => {
        if (n.channel !== EVENT_CHANNEL || n.processId !== pid) return;
        // Raw payloads: decoding is the events layer's (src/server/events/types.ts), above this one.
        if (n.payload !== undefined) for (const listener of ownListeners) listener(n.payload);
      });
      await client.query(`LISTEN "${EVENT_CHANNEL}"`).catch(() => {});
    };
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? getEnv().DATABASE_POOL_SIZE,
      // A request that waits longer than this for a connection fails as "database unavailable".
      connectionTimeoutMillis: opts.connectionTimeoutMs ?? 5_000,
      onConnect: listenOnConnect,
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
      onOwnNotification: (listener) => {
        ownListeners.push(listener);
      },
      isOwnSession: (processId) => ownPids.has(processId),
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
    // `npm start` opened the embedded database for its migration check (scripts/db/start-check.ts): taken over, not opened twice.
    const bridge = edgeBridge();
    const pglite = bridge.startPglite ?? undefined;
    bridge.startPglite = undefined;
    const url = getEnv().DATABASE_URL;
    globalForDb.__prizeDb = openDatabase(url ? { url } : { pglite });
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
