/**
 * A name for "a database migrated by this checkout": a hash of every migration, the PGlite version
 * and the code that applies them (plus any builder the caller names). Migrated copies kept under it
 * (the vitest template, tests/helpers/global-setup.ts; the e2e data dir, scripts/start-app.ts) are
 * made again whenever one of these changes.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export async function migrationsKey(builders: string[] = []): Promise<string> {
  const root = process.cwd();
  const hash = createHash("sha256");
  const migrations = path.join(root, "prisma", "migrations");
  for (const dir of (await fs.readdir(migrations)).sort()) {
    const sql = await fs.readFile(path.join(migrations, dir, "migration.sql")).catch(() => null);
    if (sql) hash.update(dir).update(sql);
  }
  hash.update(await fs.readFile(path.join(root, "node_modules", "@electric-sql", "pglite", "package.json")));
  for (const code of [path.join(root, "src", "server", "platform", "migrate.ts"), ...builders])
    hash.update(await fs.readFile(code));
  return hash.digest("hex").slice(0, 16);
}
