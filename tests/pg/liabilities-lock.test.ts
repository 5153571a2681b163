/**
 * One proof-of-liabilities snapshot at a time: while another transaction holds the snapshot's
 * advisory lock, a second request answers 409 and writes nothing. (PGlite runs one transaction at a
 * time, so a second connection holding the lock needs a server.)
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";
import { type LocalServer, startRestServer } from "../helpers/servers";

describe("proof of liabilities lock (postgres)", () => {
  let t: TestDb;
  let app: LocalServer;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    app = await startRestServer();
    admin = await createUser(t.db, { role: "owner" });
    await createUser(t.db, { balance: "10" });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it("a second snapshot while one runs answers 409 and records nothing", async () => {
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock(hashtext('proof-of-liabilities'))");
      const res = await rest(t.db, "POST", "/api/admin/proof-of-liabilities", { user: admin, body: {} });
      expect(res.status).toBe(409);
      expect(await t.db.liabilitySnapshot.count()).toBe(0);
    } finally {
      await client.query("ROLLBACK");
      await client.end();
    }
    // Once the other holder is gone, the same request is taken.
    const again = await rest(t.db, "POST", "/api/admin/proof-of-liabilities", { user: admin, body: {} });
    expect(again.status).toBe(200);
  });
});
