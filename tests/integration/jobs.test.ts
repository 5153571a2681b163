/**
 * The job queue on each database kind (PGlite in-process, and PostgreSQL in the "postgres"
 * project): a job runs with its data, a failure is retried, a singleton key dedupes, an interval
 * schedule sends one job per slot however many queues declare it, and the draw job draws; a
 * database made before pg-boss 12 is upgraded with its waiting jobs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDrawsJob } from "../../src/server/jobs/app-jobs";
import type { JobQueue } from "../../src/server/jobs/queue";
import { createTestDb, type TestDb } from "../helpers/db";
import { createContest } from "../helpers/fixtures";
import { testQueue, waitFor } from "../helpers/jobs";

describe("job queue", () => {
  let t: TestDb;
  let q: JobQueue;
  beforeAll(async () => {
    t = await createTestDb();
    q = testQueue(t);
  });
  afterAll(async () => {
    await q.stop(1000);
    await t.close();
  });

  it("runs an enqueued job with its data, once", async () => {
    const seen: unknown[] = [];
    q.register<{ n: number }>("test.echo", async (data) => {
      seen.push(data);
    });
    await q.work();
    const id = await q.enqueue("test.echo", { n: 7 });
    expect(id).toBeTruthy();
    await waitFor(() => seen.length > 0, 20_000, "echo job");
    expect(seen).toEqual([{ n: 7 }]);
    await waitFor(async () => (await q.getJob("test.echo", id as string))?.state === "completed");
  });

  it("retries a failing job and completes it on the next attempt", async () => {
    const attempts: number[] = [];
    const q2 = testQueue(t);
    q2.register(
      "test.flaky",
      async (_data, job) => {
        attempts.push(job.retryCount);
        if (job.retryCount === 0) throw new Error("transient");
      },
      { retryDelaySeconds: 1, retryBackoff: false },
    );
    await q2.work();
    const id = (await q2.enqueue("test.flaky", {})) as string;
    await waitFor(async () => (await q2.getJob("test.flaky", id))?.state === "completed", 30_000, "retry");
    expect(attempts).toEqual([0, 1]);
    await q2.stop(1000);
  });

  it("a singleton key keeps one queued job on a 'short' queue, and one per slot with singletonSeconds", async () => {
    q.register("test.single", async () => {}, { policy: "short" });
    const first = await q.enqueue("test.single", { a: 1 }, { singletonKey: "k1", startAfterSeconds: 60 });
    const second = await q.enqueue("test.single", { a: 2 }, { singletonKey: "k1", startAfterSeconds: 60 });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(await q.enqueue("test.slot", {}, { singletonKey: "k", singletonSeconds: 3600 })).toBeTruthy();
    expect(await q.enqueue("test.slot", {}, { singletonKey: "k", singletonSeconds: 3600 })).toBeNull();
  });

  it("an interval schedule declared by two queues sends one job per slot", async () => {
    const other = testQueue(t);
    await q.schedule("test.tick", { everySeconds: 3600 });
    await other.schedule("test.tick", { everySeconds: 3600 });
    await other.schedule("test.tick", { everySeconds: 3600 });
    await new Promise((r) => setTimeout(r, 500));
    const rows = await t.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.tick'`,
    );
    expect(rows[0]?.n).toBe(1);
    await other.stop(1000);
  });

  it("the draws job draws a contest past its end date, and again changes nothing", async () => {
    const c = await createContest(t.db, { title: "Due", endDate: new Date(Date.now() - 60_000) });
    await runDrawsJob();
    const after = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(after.drawnAt).not.toBeNull();
    await runDrawsJob();
    const again = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(again.drawnAt?.getTime()).toBe(after.drawnAt?.getTime());
  });
});

describe("job queue on a database made before pg-boss 12", () => {
  // tests/fixtures/pgboss-v10-schema.sql is pg-boss 10.4.2's getConstructionPlans("pgboss"), the
  // schema every database made before the upgrade holds; pg-boss 12 cannot migrate it by itself.
  let t: TestDb;
  let q: JobQueue | undefined;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await q?.stop(1000);
    await t.close();
  });

  async function execLegacy(sql: string) {
    if (t.kind === "pglite" && t.pglite) return void (await t.pglite.exec(sql));
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  it("sets the old schema aside, runs the job that was waiting in it, and drops it", async () => {
    await execLegacy(readFileSync(path.join(import.meta.dirname, "../fixtures/pgboss-v10-schema.sql"), "utf8"));
    await execLegacy(`SELECT pgboss.create_queue('test.legacy', '{"policy":"standard"}');
      INSERT INTO pgboss.job (name, data, singleton_key) VALUES ('test.legacy', '{"n":3}', 'legacy-1');
      INSERT INTO pgboss.job (name, data, state) VALUES ('test.legacy', '{"n":4}', 'completed');`);

    const seen: unknown[] = [];
    q = testQueue(t);
    q.register<{ n: number }>("test.legacy", async (data) => void seen.push(data));
    await q.work();
    await waitFor(() => seen.length > 0, 20_000, "the job from the v10 schema");
    expect(seen).toEqual([{ n: 3 }]); // the waiting one only; the completed one stays done

    const [state] = await t.db.$queryRawUnsafe<{ old: string | null; version: number }[]>(
      `SELECT to_regnamespace('pgboss_v10')::text AS old, (SELECT max(version)::int FROM pgboss.version) AS version`,
    );
    expect(state?.old).toBeNull();
    expect(state?.version).toBeGreaterThanOrEqual(25);
  });
});
