/**
 * A fresh, migrated database per test file: PGlite in memory, or a new PostgreSQL database cloned
 * from the run's template when the file runs in the "postgres" project. Never a mock.
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
export async function createTestDb(opts: { poolSize?: number } = {}): Promise<TestDb> {
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
    const handle = await openDatabase({ url, poolSize: opts.poolSize ?? 20 });
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
  const dump = await fs.readFile(inject("pgliteDump"));
  const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
  const handle = await openDatabase({ pglite });
  setDatabase(handle);
  return handle as TestDb;
}
