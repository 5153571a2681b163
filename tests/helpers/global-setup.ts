/**
 * Once per run: a migrated PGlite data dir (dumped, so each test file loads it in ~0.5 s instead of
 * initdb + migrate) and, with TEST_DATABASE_URL, a migrated template database on PostgreSQL.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../../src/server/migrate";

export const TEMPLATE_DUMP = path.join(process.cwd(), ".data", "test", "template.tar.gz");

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
  const dump = await pglite.dumpDataDir("gzip");
  await fs.writeFile(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide("pgliteDump", TEMPLATE_DUMP);

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide("pgTemplate", null);
    return;
  }
  const name = `prize_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const tplUrl = new URL(url);
  tplUrl.pathname = `/${name}`;
  await applyMigrations({ url: tplUrl.toString() });
  // The migration engine's pool keeps an idle connection for ~10 s; a database with sessions
  // cannot be a CREATE DATABASE template, so the first test file's clone would fail.
  await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
    name,
  ]);
  project.provide("pgTemplate", name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
}
