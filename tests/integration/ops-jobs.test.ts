/**
 * The job queue seen from operations: /api/ready follows whether the queue runs, and /api/metrics
 * shows its depth and failures per queue (src/server/jobs/index.ts jobCounts, src/server/ops/).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "../../src/app/api/metrics/route";
import { GET as ready } from "../../src/app/api/ready/route";
import { jobCounts } from "../../src/server/jobs";
import type { JobQueue } from "../../src/server/jobs/queue";
import { setJobQueueProbe } from "../../src/server/ops/job-queue-hook";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { testQueue } from "../helpers/jobs";

describe(`job queue in /api/ready and /api/metrics (${dbKind()})`, () => {
  let t: TestDb;
  let q: JobQueue;
  const saved = process.env.METRICS_TOKEN;
  beforeAll(async () => {
    t = await createTestDb();
    q = testQueue(t);
  });
  afterAll(async () => {
    setJobQueueProbe(undefined);
    if (saved === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = saved;
    await q.stop(1000);
    await t.close();
  });

  it("is not ready until the queue runs, and reports waiting jobs per queue", async () => {
    setJobQueueProbe({ running: () => q.isRunning(), counts: jobCounts });
    expect((await ready()).status).toBe(503);
    await q.start();
    expect((await ready()).status).toBe(200);

    q.register("ops.later", async () => {});
    await q.enqueue("ops.later", { n: 1 }, { startAfterSeconds: 3600 });
    await q.enqueue("ops.later", { n: 2 }, { startAfterSeconds: 3600 });
    expect(await jobCounts()).toContainEqual({ queue: "ops.later", waiting: 2, active: 0, failed: 0 });

    process.env.METRICS_TOKEN = "ops-jobs-token-0123456789";
    const res = await metricsRoute(
      new Request("http://localhost/api/metrics", { headers: { authorization: "Bearer ops-jobs-token-0123456789" } }),
    );
    const text = await res.text();
    expect(text).toContain('prize_jobs_waiting{queue="ops.later"} 2');
    expect(text).toContain('prize_jobs_failed{queue="ops.later"} 0');

    await q.stop(1000);
    expect((await ready()).status).toBe(503);
  });
});
