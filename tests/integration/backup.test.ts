/**
 * A backup restores into a fresh database with the data and the ledger invariants intact:
 * PostgreSQL through `npm run db:backup` / `db:restore` (pg_dump / pg_restore), PGlite through its
 * own data-directory dump (src/server/platform/backup.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupPglite, restorePglite } from "../../src/server/platform/backup";
import { type DatabaseHandle, openDatabase } from "../../src/server/platform/db";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { createTestDb, dbKind, postgresUrlFor, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";

function script(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/db/backup.ts", ...args], {
      env: { ...process.env, NODE_OPTIONS: "", ...env },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** Whether this machine's pg_dump is as new as the server (else the backup must refuse). */
async function pgDumpFits(url: string): Promise<boolean> {
  const version = execFileSync("pg_dump", ["--version"]).toString();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  await client.end();
  return Number(/\s(\d+)/.exec(version)?.[1]) >= Math.floor(Number(rows[0]?.v) / 10000);
}

async function snapshot(db: DatabaseHandle["db"]) {
  const users = await db.user.findMany({ select: { email: true, balance: true }, orderBy: { email: "asc" } });
  return {
    users: users.map((u) => `${u.email}=${u.balance.toString()}`),
    ledger: await db.ledgerEntry.count(),
    entries: await db.ticketEntry.count(),
  };
}

describe(`backup and restore (${dbKind()})`, () => {
  let t: TestDb;
  let tmp: string;
  beforeAll(async () => {
    t = await createTestDb();
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), "prize-backup-"));
    const contest = await createContest(t.db, { ticketPrice: "2.500", maxTickets: 100 });
    for (let i = 0; i < 3; i++) {
      const user = await createUser(t.db, { balance: "50" });
      const res = await rest(t.db, "POST", "/api/cart/add", { user, body: { contestId: contest.id, quantity: i + 1 } });
      expect(res.status).toBe(200);
    }
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it("restores into a fresh database with the same data and the ledger invariants intact", async () => {
    const before = await snapshot(t.db);
    expect(before.entries).toBe(3);
    if (dbKind() === "pglite") {
      const file = path.join(tmp, "pglite.tar.gz");
      await backupPglite(t.pglite as NonNullable<TestDb["pglite"]>, file);
      const dir = path.join(tmp, "restored");
      await restorePglite(file, dir);
      await expect(restorePglite(file, dir)).rejects.toThrow(/not empty: pass --replace/);
      const restored = await openDatabase({ pgliteDir: dir });
      try {
        expect(await snapshot(restored.db)).toEqual(before);
        expect(await checkLedgerInvariants(restored.db)).toEqual([]);
      } finally {
        await restored.close();
      }
      // What an operator runs: `npm run db:backup` on the data directory (it hung once, waiting for a
      // PGlite that had not started), then `npm run db:restore` of that file elsewhere.
      const pgliteEnv = { DATABASE_URL: "" };
      const again = path.join(tmp, "again.tar.gz");
      const backup = await script(["backup", again], { ...pgliteEnv, PGLITE_DIR: dir });
      expect(backup.out).toContain(`to ${again}`);
      expect(backup.code).toBe(0);
      const third = path.join(tmp, "third");
      const restore = await script(["restore", again], { ...pgliteEnv, PGLITE_DIR: third });
      expect(restore.out).toContain("Ledger invariants: all hold");
      expect(restore.code).toBe(0);
      const reopened = await openDatabase({ pgliteDir: third });
      try {
        expect(await snapshot(reopened.db)).toEqual(before);
      } finally {
        await reopened.close();
      }
      // A directory without data is refused, and none is created there.
      const nowhere = path.join(tmp, "nowhere");
      const refused = await script(["backup", path.join(tmp, "none.tar.gz")], { ...pgliteEnv, PGLITE_DIR: nowhere });
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`No PGlite data at ${nowhere}`);
      await expect(fs.stat(nowhere)).rejects.toThrow();
      return;
    }
    const file = path.join(tmp, "pg.dump");
    const backup = await script(["backup", file], { DATABASE_URL: t.url as string });
    if (!(await pgDumpFits(t.url as string))) {
      // e.g. the suite's embedded PostgreSQL 18 with Debian's pg_dump 15: refused plainly, nothing written.
      expect(backup.code).toBe(1);
      expect(backup.out).toMatch(/pg_dump \d+ cannot back up a PostgreSQL \d+ server: install client tools/);
      return;
    }
    expect(backup.out).toContain(`to ${file}`);
    expect(backup.code).toBe(0);
    const name = `prize_restore_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    try {
      const url = postgresUrlFor(name);
      const restore = await script(["restore", file], { DATABASE_URL: url });
      expect(restore.out).toContain("Ledger invariants: all hold");
      expect(restore.code).toBe(0);
      // A second restore over the now non-empty database is refused without --replace.
      const again = await script(["restore", file], { DATABASE_URL: url });
      expect(again.code).toBe(1);
      expect(again.out).toContain("--replace");
      const restored = await openDatabase({ url, poolSize: 2 });
      try {
        expect(await snapshot(restored.db)).toEqual(before);
        expect(await checkLedgerInvariants(restored.db)).toEqual([]);
      } finally {
        await restored.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
