/**
 * An empty, migrated database per test file: PGlite in memory (loaded from the run's template, or
 * a thread's previous one emptied), or a new PostgreSQL database cloned from the run's template when
 * the file runs in the "postgres" project. Never a mock.
 */
import fs from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "../../src/server/platform/db";

export type TestDb = DatabaseHandle & { kind: "pglite" | "postgres"; url?: string };

export const dbKind = (): "pglite" | "postgres" => (process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite");

export function postgresUrlFor(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${database}`;
  return url.toString();
}

/** Opens a fresh database and makes it the process-wide one (so REST handlers use it too). */
export async function createTestDb(opts: { poolSize?: number; connectionTimeoutMs?: number } = {}): Promise<TestDb> {
  if (dbKind() === "postgres") {
    const template = inject("pgTemplate");
    if (!template) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL");
    const name = `prize_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // Two workers cloning the same template at once collide (55006: template in use): retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== "55006" || attempt >= 60) throw e;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    await admin.end();
    const url = postgresUrlFor(name);
    const handle = await openDatabase({ url, poolSize: opts.poolSize ?? 20, connectionTimeoutMs: opts.connectionTimeoutMs });
    const close = async () => {
      await handle.close();
      const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    };
    const testDb: TestDb = { ...handle, close, url };
    setDatabase(testDb);
    return testDb;
  }
  const pglite = spare.pop() ?? (await freshPglite());
  const handle = await openDatabase({ pglite });
  const testDb: TestDb = {
    ...handle,
    close: async () => {
      await handle.db.$disconnect();
      if (pglite.closed) return;
      if (await emptied(pglite)) spare.push(pglite);
      else await pglite.close();
    },
  };
  setDatabase(testDb);
  return testDb;
}

/**
 * Test files run one after another in shared threads (vitest.config.ts: isolate false), so a
 * thread hands a closed file's PGlite to its next file instead of loading the template again (~0.3 s
 * of CPU a file): emptied, its session reset, and only while its schema is still the template's;
 * one that differs (a job queue's schema, a dropped constraint) is closed instead. Run with
 * --isolate, each file has its own copy of this module and nothing is handed on.
 */
const spare: PGlite[] = [];
let templateShape: string | undefined;

/** Every schema, relation, constraint, trigger and function a test could add or drop, as one hash. */
const SHAPE_SQL = `SELECT md5(string_agg(x, ',' ORDER BY x)) AS shape FROM (
  SELECT 'n:' || nspname FROM pg_namespace
  UNION ALL SELECT 'c:' || relnamespace::regnamespace || '.' || relname || ':' || relkind::text FROM pg_class
  UNION ALL SELECT 'k:' || connamespace::regnamespace || '.' || conname FROM pg_constraint
  UNION ALL SELECT 't:' || tgname || ':' || tgenabled::text FROM pg_trigger
  UNION ALL SELECT 'f:' || pronamespace::regnamespace || '.' || proname FROM pg_proc
) s(x)`;

async function shapeOf(pglite: PGlite): Promise<string | undefined> {
  return (await pglite.query<{ shape: string }>(SHAPE_SQL)).rows[0]?.shape;
}

async function freshPglite(): Promise<PGlite> {
  const dump = await fs.readFile(inject("pgliteDump"));
  const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
  templateShape ??= await shapeOf(pglite);
  return pglite;
}

/** The template's state again: no rows, sequences from the start, a new session; false if it cannot be. */
async function emptied(pglite: PGlite): Promise<boolean> {
  try {
    // The write counters of tests/helpers/snapshot.ts are the one addition a file may leave.
    await pglite.exec(`DROP TABLE IF EXISTS "_test_writes"; DROP FUNCTION IF EXISTS "_test_count_write"() CASCADE`);
    if ((await shapeOf(pglite)) !== templateShape) return false;
    const tables = (
      await pglite.query<{ name: string }>(
        `SELECT format('%I', tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
      )
    ).rows.map((r) => r.name);
    // Replica mode holds back the triggers that keep the audit log append-only, for this one TRUNCATE.
    await pglite.exec(
      `SET session_replication_role = replica; TRUNCATE ${tables.join(", ")} RESTART IDENTITY CASCADE; RESET session_replication_role`,
    );
    await pglite.query(
      "SELECT setval(s.seqrelid, s.seqstart, false) FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid WHERE c.relnamespace = 'public'::regnamespace",
    );
    await pglite.exec("DISCARD ALL");
    return true;
  } catch {
    return false;
  }
}
