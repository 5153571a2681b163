import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "../../src/app/api/health/route";
import { GET as ready } from "../../src/app/api/ready/route";
import { openDatabase, setDatabase } from "../../src/server/platform/db";
import { migrationStatus } from "../../src/server/platform/migration-status";
import { resetDrainForTests, startDraining } from "../../src/server/platform/drain";
import { setJobQueueProbe } from "../../src/server/ops/job-queue-hook";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";

describe(`/api/health and /api/ready (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    setJobQueueProbe(undefined);
    await t.close();
  });

  it("health answers 200 without touching the database, never cached", async () => {
    const res = health();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The build it serves: package.json's version, the commit from .next/build-info.json (or "unknown").
    const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    expect(await res.json()).toMatchObject({ status: "ok", version, commit: expect.stringMatching(/^([0-9a-f]{12}|unknown)$/) });
  });

  it("ready answers 200 on a migrated database, never cached", async () => {
    setDatabase(t);
    const res = await ready();
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.status).toBe("ready");
    expect(res.status).toBe(200);
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.migrations.ok).toBe(true);
  });

  it("ready answers 503 at once from SIGTERM on (draining), while health still answers 200", async () => {
    setDatabase(t);
    try {
      startDraining();
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ status: "draining" });
      expect(health().status).toBe(200);
    } finally {
      resetDrainForTests();
    }
    expect((await ready()).status).toBe(200);
  });

  it("a SIGTERM during the checks makes their answer 503 draining, not ready", async () => {
    setDatabase(t);
    // The job queue's probe runs after the database checks: the signal comes while they run.
    setJobQueueProbe({
      running: () => {
        startDraining();
        return true;
      },
      counts: async () => [],
    });
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "draining" });
    } finally {
      setJobQueueProbe(undefined);
      resetDrainForTests();
    }
    expect((await ready()).status).toBe(200);
  });

  it("ready answers 503 and names the pending migrations when one on disk is not applied", async () => {
    setDatabase(t);
    // Hide the applied record for a moment: the database now looks one migration behind the folder.
    await t.db.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET migration_name = migration_name || '_hidden'`);
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.checks.database.ok).toBe(true);
      expect(body.checks.migrations.ok).toBe(false);
      expect(body.checks.migrations.detail).toMatch(/pending migration\(s\): \d+_init.*npm run db:migrate/);
    } finally {
      await t.db.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET migration_name = replace(migration_name, '_hidden', '')`);
    }
    expect((await ready()).status).toBe(200);
  });

  it("a database without _prisma_migrations has every migration pending", async () => {
    await t.db.$executeRawUnsafe(`ALTER TABLE "_prisma_migrations" RENAME TO "_prisma_migrations_away"`);
    try {
      const status = await migrationStatus(t.db, ["20000101000000_a", "20000102000000_b"]);
      expect(status).toEqual({ pending: ["20000101000000_a", "20000102000000_b"], failed: [] });
    } finally {
      await t.db.$executeRawUnsafe(`ALTER TABLE "_prisma_migrations_away" RENAME TO "_prisma_migrations"`);
    }
  });

  it("ready answers 503 when the database does not answer", async () => {
    const gone = await openDatabase({ url: "postgresql://postgres@127.0.0.1:1/nothing", poolSize: 1 });
    try {
      setDatabase(gone);
      const res = await ready();
      expect(res.status).toBe(503);
      expect((await res.json()).checks.database).toEqual({ ok: false, detail: "database unreachable" });
    } finally {
      await gone.close();
      setDatabase(t);
    }
  });

  it("ready follows the job queue when one is registered", async () => {
    let running = false;
    setJobQueueProbe({ running: () => running, counts: async () => [] });
    const down = await ready();
    expect(down.status).toBe(503);
    expect((await down.json()).checks.jobQueue).toMatchObject({ present: true, ok: false });
    running = true;
    const up = await ready();
    expect(up.status).toBe(200);
    expect((await up.json()).checks.jobQueue).toMatchObject({ present: true, ok: true });
    setJobQueueProbe(undefined);
  });
});
