/**
 * While the database cannot be reached the app answers 503 with Retry-After and a plain message on
 * REST and tRPC (never a 500), and it serves again by itself once the database is back.
 * PostgreSQL: this test's own database stops accepting connections and its backends are terminated
 * (pg_terminate_backend), then it is opened again; the app keeps the same client throughout.
 * PGlite: the embedded database is closed under the app.
 * The one exception is a public read already in the cache (src/server/cache/public-reads.ts): the
 * REST contest list keeps its last answer, at most MAX_AGE_MS old, since nothing can change it.
 */
import { PGlite } from "@electric-sql/pglite";
import fs from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GET as trpcGet } from "../../src/app/api/trpc/[trpc]/route";
import { createSession } from "../../src/server/auth/session";
import { type DatabaseHandle, openDatabase, setDatabase } from "../../src/server/platform/db";
import { DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../../src/server/platform/db-unavailable";
import { handleRestRequest } from "../../src/server/rest/handler";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser } from "../helpers/fixtures";

async function restGet(path: string, cookie?: string) {
  const headers = new Headers(cookie ? { cookie } : {});
  const res = await handleRestRequest(new Request(`http://localhost:3000${path}`, { headers }));
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get("retry-after") };
}

async function trpcQuery(path: string, cookie?: string) {
  const headers = new Headers(cookie ? { cookie } : {});
  const res = await trpcGet(new Request(`http://localhost:3000/api/trpc/${path}`, { headers }));
  const text = await res.text();
  return { status: res.status, text, retryAfter: res.headers.get("retry-after") };
}

describe(`database unavailable → 503, then recovery (${dbKind()})`, () => {
  let t: TestDb;
  let cookie: string;
  let admin: pg.Client | undefined;
  let dbName = "";

  beforeAll(async () => {
    t = await createTestDb();
    await createContest(t.db);
    const user = await createUser(t.db);
    cookie = `${SESSION_COOKIE}=${(await createSession(t.db, user.id)).token}`;
    if (t.kind === "postgres") {
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      dbName = new URL(t.url as string).pathname.slice(1);
    }
  });
  afterAll(async () => {
    if (admin) {
      await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`).catch(() => {});
      await admin.end();
    }
    setDatabase(t);
    await t.close();
  });

  const expectUnavailable = (r: { status: number; retryAfter: string | null }) => {
    expect(r.status).toBe(503);
    expect(r.retryAfter).toBe("5");
  };

  async function expectAllUnavailable(cachedList?: unknown) {
    const list = await restGet("/api/contests");
    if (cachedList) {
      expect(list.status).toBe(200);
      expect(list.body).toEqual(cachedList);
    } else {
      expectUnavailable(list);
      expect(list.body).toEqual({ message: DB_UNAVAILABLE_MESSAGE });
    }
    // With a session cookie the first query is the session look-up, before any procedure.
    const me = await restGet("/api/auth/user", cookie);
    expectUnavailable(me);
    expect(me.body).toEqual({ message: DB_UNAVAILABLE_MESSAGE });
    const trpcList = await trpcQuery("contests.list");
    expectUnavailable(trpcList);
    expect(trpcList.text).toContain(DB_UNAVAILABLE_MESSAGE);
    expect(trpcList.text).not.toMatch(/prisma|57P01|ECONN|PGlite|\s+at\s/i);
    const trpcMe = await trpcQuery("auth.me", cookie);
    expectUnavailable(trpcMe);
  }

  async function expectAllServing() {
    expect((await restGet("/api/contests")).status).toBe(200);
    expect((await restGet("/api/auth/user", cookie)).status).toBe(200);
    expect((await trpcQuery("contests.list")).status).toBe(200);
    expect((await trpcQuery("auth.me", cookie)).status).toBe(200);
  }

  it("serves normally first", async () => {
    await expectAllServing();
  });

  it("answers 503 while the database is gone and serves again once it is back", async () => {
    if (admin) {
      const warm = await restGet("/api/contests");
      expect(warm.body).toHaveLength(1);
      await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
        dbName,
      ]);
      await expectAllUnavailable(warm.body);
      await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`);
      // Same app, same client: the pool reconnects on its own.
      await expectAllServing();
    } else {
      // The embedded database cannot come back once closed: a second one is closed under the app.
      // Loaded from the migrated template (as createTestDb does) rather than migrated from scratch.
      const dump = await fs.readFile(inject("pgliteDump"));
      const doomed: DatabaseHandle = await openDatabase({ pglite: new PGlite({ loadDataDir: new Blob([dump]) }) });
      setDatabase(doomed);
      await doomed.pglite?.close();
      await expectAllUnavailable();
      setDatabase(t);
      await expectAllServing();
      await doomed.close();
    }
  });

  it("a server that refuses connections is unavailable too, not a bug", async () => {
    const refused = await openDatabase({ url: "postgresql://postgres@127.0.0.1:1/none" });
    setDatabase(refused);
    try {
      await expectAllUnavailable();
    } finally {
      setDatabase(t);
      await refused.close();
    }
    await expectAllServing();
  });

  it("ordinary errors are not mistaken for an outage", () => {
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable({ code: "P2002" })).toBe(false);
    expect(isDatabaseUnavailable({ code: "P1001" })).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: { code: "ECONNREFUSED" } }))).toBe(true);
  });
});
