/**
 * The real node-postgres error after a PostgreSQL restart kills a connection ("terminating connection
 * due to administrator command", then "Client has encountered a connection error and is not
 * queryable" on the next query) is classified as "database unavailable" (503, not 500).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../src/server/platform/db-unavailable";
import { createTestDb, type TestDb } from "../helpers/db";

describe("a killed connection's real errors are 'database unavailable' (postgres)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it("the terminated backend's error and the next query's 'not queryable' error both classify as outages", async () => {
    const client = new pg.Client({ connectionString: t.url });
    const errors: unknown[] = [];
    client.on("error", (e) => errors.push(e));
    await client.connect();
    const [{ pid }] = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows as [{ pid: number }];
    const killer = new pg.Client({ connectionString: t.url });
    await killer.connect();
    await killer.query("SELECT pg_terminate_backend($1)", [pid]);
    await killer.end();
    await new Promise((r) => setTimeout(r, 300));
    const next = await client.query("SELECT 1").catch((e: unknown) => e);
    expect(next).toBeInstanceOf(Error);
    expect((next as Error).message).toMatch(/not queryable|terminat/i);
    expect(isDatabaseUnavailable(next)).toBe(true);
    for (const e of errors) expect(isDatabaseUnavailable(e)).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
    await client.end().catch(() => undefined);
  });
});
