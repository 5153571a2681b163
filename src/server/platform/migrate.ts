/**
 * Migrations without Prisma's native engine: Prisma's own schema engine compiled to WASM,
 * driven through a driver adapter, so it works offline on PGlite and on PostgreSQL.
 * Migrations stay in Prisma's standard folder format (`prisma migrate deploy` works too).
 */
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { MIGRATIONS_DIR, migrationNamesOnDisk } from "./migration-status";

const ROOT = process.cwd();
export const SCHEMA_PATH = path.join(ROOT, "prisma", "schema.prisma");
const NO_FILTER = { externalTables: [], externalEnums: [] };

let wasmReady: Promise<void> | undefined;
function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const jsPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = await fs.readFile(path.join(path.dirname(jsPath), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  })();
  return wasmReady;
}

async function engineFor(factory: SqlMigrationAwareDriverAdapterFactory): Promise<bg.SchemaEngine> {
  await loadWasm();
  const schema = await fs.readFile(SCHEMA_PATH, "utf8");
  return bg.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
}

/**
 * @prisma/adapter-pg runs a migration script by splitting it on ";", which cuts a function body
 * (`$$ ... ; ... $$`) apart. PostgreSQL takes a whole multi-statement script in one simple query,
 * inside the engine's own transaction handling, so send it whole.
 */
class WholeScriptPg extends PrismaPg {
  constructor(private readonly scriptPool: pg.Pool) {
    super(scriptPool);
  }

  override async connect() {
    const adapter = await super.connect();
    adapter.executeScript = async (script: string) => {
      await this.scriptPool.query(script);
    };
    return adapter;
  }
}

/** An adapter factory for the engine, and a close() that ends its connections (so none linger). */
export function adapterFactoryFor(target: { url?: string; pglite?: PGlite }): {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close: () => Promise<void>;
} {
  if (target.url) {
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    // An idle client ended by the server (restart, DROP DATABASE … FORCE) must not crash the process.
    pool.on("error", () => {});
    return { factory: new WholeScriptPg(pool), close: () => pool.end() };
  }
  if (target.pglite) return { factory: new PrismaPGlite(target.pglite), close: async () => {} };
  throw new Error("adapterFactoryFor: give a url or a PGlite instance");
}

export async function readMigrations(): Promise<bg.MigrationList> {
  const names = await migrationNamesOnDisk();
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: await fs
          .readFile(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8")
          .then((value) => ({ tag: "ok" as const, value }))
          .catch((e: Error) => ({ tag: "error" as const, value: e.message })),
      },
    })),
  );
  const lockPath = path.join(MIGRATIONS_DIR, "migration_lock.toml");
  const lockContent = await fs.readFile(lockPath, "utf8").catch(() => null);
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

/**
 * The session-level advisory lock that serializes migrations on one PostgreSQL database: two app
 * instances starting together with MIGRATE_ON_START=true (or two `npm run db:migrate`) take turns;
 * the second finds nothing pending. Prisma's schema engine takes its own lock (72707369) inside
 * `applyMigrations` but gives up after 10 s, so a second instance would fail while the first runs a
 * long migration; this one waits. A key of its own ("priz"), so it never waits on the engine's.
 */
export const MIGRATION_LOCK_KEY = 0x7072697a;

/** Runs `fn` while holding the migration lock on `url` (a dedicated connection; released on any exit). */
export async function withMigrationLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Applies every pending migration; returns the names applied. On PostgreSQL under the migration
 * lock (above); a PGlite directory can only be opened by one process, so it needs none.
 */
export async function applyMigrations(target: { url?: string; pglite?: PGlite }): Promise<string[]> {
  const { url } = target;
  if (url) return withMigrationLock(url, () => applyMigrationsUnlocked({ url }));
  return applyMigrationsUnlocked(target);
}

async function applyMigrationsUnlocked(target: { url?: string; pglite?: PGlite }): Promise<string[]> {
  const { factory, close } = adapterFactoryFor(target);
  const engine = await engineFor(factory);
  try {
    const out = await engine.applyMigrations({ migrationsList: await readMigrations(), filters: NO_FILTER });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
    await close();
  }
}

/** Drops everything in the database (used by db:reset). */
export async function resetDatabase(target: { url?: string; pglite?: PGlite }): Promise<void> {
  const { factory, close } = adapterFactoryFor(target);
  const engine = await engineFor(factory);
  try {
    await engine.reset({ filter: NO_FILTER });
  } finally {
    engine.free();
    await close();
  }
}

/** SQL that takes the migrations folder to the current schema, computed on an in-memory shadow PGlite. */
export async function diffSchemaAgainstMigrations(): Promise<string> {
  const shadow = new PGlite("memory://shadow");
  const engine = await engineFor(new PrismaPGlite(shadow));
  try {
    const schema = await fs.readFile(SCHEMA_PATH, "utf8");
    const list = await readMigrations();
    const from = list.migrationDirectories.length > 0 ? { tag: "migrations" as const, ...list } : { tag: "empty" as const };
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    return result.stdout ?? "";
  } finally {
    engine.free();
    await shadow.close();
  }
}
