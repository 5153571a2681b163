import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "../../src/server/platform/migrate";
import { createTestDb, dbKind, postgresUrlFor, type TestDb } from "../helpers/db";
import { createContest, createUser } from "../helpers/fixtures";

describe(`migrations (${dbKind()})`, () => {
  it("apply from scratch to a brand-new database and record themselves", async () => {
    const names = (await readMigrations()).migrationDirectories.map((d) => d.path);
    expect(names.length).toBeGreaterThan(0);
    if (dbKind() === "pglite") {
      const pglite = new PGlite("memory://");
      expect(await applyMigrations({ pglite })).toEqual(names);
      expect(await applyMigrations({ pglite })).toEqual([]);
      const { rows } = await pglite.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
      );
      expect(rows[0]?.n).toBe(names.length);
      await pglite.close();
    } else {
      const name = `prize_fresh_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      try {
        expect(await applyMigrations({ url: postgresUrlFor(name) })).toEqual(names);
        expect(await applyMigrations({ url: postgresUrlFor(name) })).toEqual([]);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    }
  });

  describe("CHECK constraints hold in the database itself", () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await createTestDb();
    });
    afterAll(() => t.close());

    it("refuses a negative balance", async () => {
      const u = await createUser(t.db);
      await expect(t.db.$executeRaw`UPDATE "User" SET balance = -1 WHERE id = ${u.id}`).rejects.toThrow(
        /User_balance_non_negative/,
      );
    });
    it("refuses more tickets sold than the maximum", async () => {
      const c = await createContest(t.db, { maxTickets: 5 });
      await expect(t.db.$executeRaw`UPDATE "Contest" SET "soldTickets" = 6 WHERE id = ${c.id}`).rejects.toThrow(
        /Contest_sold_within_max/,
      );
    });
    it("refuses a discount outside 0–100", async () => {
      await expect(createContest(t.db, { discountPercentage: 101 })).rejects.toThrow();
      await expect(createContest(t.db, { discountPercentage: -1 })).rejects.toThrow();
      await expect(createContest(t.db, { discountPercentage: 100 })).resolves.toBeTruthy();
    });
    it("books a ledger cause at most once", async () => {
      const u = await createUser(t.db, { balance: "5" });
      await expect(
        t.db.ledgerEntry.create({
          data: {
            userId: u.id,
            kind: "adjustment",
            amount: "1",
            cashAmount: "1",
            creditAmount: "0",
            balanceAfter: "6",
            cashAfter: "6",
            creditAfter: "0",
            reference: `fixture-${u.id}`,
          },
        }),
      ).rejects.toThrow();
    });
  });
});
