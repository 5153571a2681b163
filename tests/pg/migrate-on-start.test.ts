/**
 * Migrations at deploy (docs/deploy.md "Upgrading"): two instances migrating one database at once
 * apply each migration once (the advisory lock in src/server/platform/migrate.ts), and `npm start`'s first
 * step (`scripts/db/manage.ts start-check`) refuses pending migrations unless MIGRATE_ON_START=true.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATION_LOCK_KEY, readMigrations } from "../../src/server/platform/migrate";
import { freePort } from "../../scripts/start-app";
import { postgresUrlFor } from "../helpers/db";

const made: string[] = [];
async function freshDatabase(): Promise<string> {
  const name = `prize_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  made.push(name);
  return postgresUrlFor(name);
}

afterEach(async () => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of made.splice(0)) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, NODE_OPTIONS: "", MIGRATE_ON_START: "", ...env },
      // A start that should have been refused would otherwise serve until the test times out.
      timeout: 30_000,
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

const startCheck = (url: string, env: Record<string, string> = {}) =>
  run(["--import", "tsx", "scripts/db/manage.ts", "start-check"], { DATABASE_URL: url, ...env });

/** `npm start` itself: a refused start exits before Next loads the app, so no build is needed. */
const npmStart = async (env: Record<string, string>) =>
  run(["src/server/edge/server.mjs"], { PORT: String(await freePort()), HOST: "127.0.0.1", ...env });

describe("migrations on deploy (postgres)", () => {
  it("two instances migrating one database together apply each migration once", async () => {
    const url = await freshDatabase();
    const names = (await readMigrations()).migrationDirectories.map((d) => d.path);
    const [a, b] = await Promise.all([applyMigrations({ url }), applyMigrations({ url })]);
    expect([...a, ...b].sort()).toEqual(names);
    expect([a.length, b.length].sort()).toEqual([0, names.length]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ migration_name: string; n: number }>(
      `SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1 ORDER BY 1`,
    );
    await client.end();
    expect(rows).toEqual(names.map((migration_name) => ({ migration_name, n: 1 })));
  });

  it("a migration waits for the instance holding the migration lock, however long it takes", async () => {
    // Prisma's engine has its own lock, but gives up after 10 s: ours waits (a long migration on a big table).
    const url = await freshDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    let done = false;
    const pending = applyMigrations({ url }).then((names) => {
      done = true;
      return names;
    });
    await new Promise((r) => setTimeout(r, 5000));
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    const before = await probe.query(`SELECT to_regclass('"_prisma_migrations"') AS t`);
    expect(done).toBe(false);
    expect(before.rows[0].t).toBeNull();
    await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    await holder.end();
    expect((await pending).length).toBeGreaterThan(0);
    await probe.end();
  });

  it("start-check refuses pending migrations with the command to apply them; MIGRATE_ON_START applies them", async () => {
    const url = await freshDatabase();
    const refused = await startCheck(url);
    expect(refused.code).toBe(3);
    expect(refused.out).toMatch(/pending migration\(s\): \d+_init/);
    expect(refused.out).toContain("npm run db:migrate");

    const migrated = await startCheck(url, { MIGRATE_ON_START: "true" });
    expect(migrated.out).toMatch(/MIGRATE_ON_START: applied \d+_init/);
    expect(migrated.code).toBe(0);

    const again = await startCheck(url);
    expect(again.code).toBe(0);
  });

  it("npm start refuses a database with pending migrations, on PostgreSQL and on PGlite, naming them", async () => {
    const url = await freshDatabase();
    const onPostgres = await npmStart({ DATABASE_URL: url });
    expect(onPostgres.code).toBe(3);
    expect(onPostgres.out).toMatch(/PostgreSQL \(DATABASE_URL\) has \d+ pending migration\(s\): \d+_init/);
    expect(onPostgres.out).toContain("not starting: the database is not ready for this build");

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "prize-start-"));
    try {
      const onPglite = await npmStart({ DATABASE_URL: "", PGLITE_DIR: dir });
      expect(onPglite.code).toBe(3);
      expect(onPglite.out).toMatch(/PGlite at .* has \d+ pending migration\(s\): \d+_init/);
      expect(onPglite.out).toContain("npm run db:migrate");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
