/**
 * The job queue with several workers on one PostgreSQL (as several app instances run): every job
 * runs exactly once across two workers, and a job whose worker process is killed (SIGKILL) mid-job
 * is retried by another worker once it expires, so nothing is lost. An instance that boots while its
 * database refuses connections starts its jobs once the database is back (src/instrumentation.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../scripts/start-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobQueue } from "../../src/server/jobs/queue";
import { createTestDb, type TestDb } from "../helpers/db";
import { testQueue, waitFor } from "../helpers/jobs";

describe("job queue with several workers (postgres)", () => {
  let t: TestDb;
  const queues: JobQueue[] = [];
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    for (const q of queues) await q.stop(1000);
    await t.close();
  });

  it("40 jobs on two workers: each runs exactly once", async () => {
    const runs = new Map<number, string[]>();
    for (const worker of ["a", "b"]) {
      const q = testQueue(t);
      queues.push(q);
      q.register<{ n: number }>("test.count", async ({ n }) => {
        runs.set(n, [...(runs.get(n) ?? []), worker]);
        await new Promise((r) => setTimeout(r, 20));
      });
      await q.work();
    }
    for (let n = 0; n < 40; n++) await queues[n % 2]?.enqueue("test.count", { n });
    await waitFor(() => runs.size === 40, 60_000, "40 jobs");
    await new Promise((r) => setTimeout(r, 1500)); // a duplicate would show up by now
    expect([...runs.values()].every((w) => w.length === 1)).toBe(true);
    expect(new Set([...runs.values()].flat()).size).toBe(2); // both workers took jobs
  });

  it("a worker killed mid-job loses nothing: the job expires and another worker completes it", async () => {
    const script = path.join(import.meta.dirname, "fixtures", "job-worker.ts");
    child = spawn(process.execPath, ["--import", "tsx", script, t.url as string], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
    });
    await waitFor(() => out.includes("ready"), 60_000, "child worker ready");
    const enq = testQueue(t);
    queues.push(enq);
    enq.register("test.hang", async () => {}, { expireInSeconds: 2, retryDelaySeconds: 1, retryBackoff: false });
    const id = (await enq.enqueue("test.hang", { what: "payout" })) as string;
    await waitFor(() => out.includes(`started ${id}`), 30_000, "child took the job");
    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    expect((await enq.getJob("test.hang", id))?.state).toBe("active");

    // A surviving worker (this process) picks the job up after it expires.
    const seen: { retryCount: number }[] = [];
    const survivor = testQueue(t);
    queues.push(survivor);
    survivor.register(
      "test.hang",
      async (_d, job) => {
        seen.push({ retryCount: job.retryCount });
      },
      { expireInSeconds: 2, retryDelaySeconds: 1, retryBackoff: false },
    );
    await survivor.work();
    await waitFor(async () => (await survivor.getJob("test.hang", id))?.state === "completed", 30_000, "retried job");
    expect(seen).toEqual([{ retryCount: 1 }]);
  });

  it("an instance that boots while its database refuses connections starts its jobs once it is back", async () => {
    const name = new URL(t.url as string).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // Jobs its workers have run: the interval schedules enqueue one at once when the workers start.
    const completed = async () =>
      (await t.db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'completed'`))[0]
        ?.n ?? 0;
    try {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      const instance = spawn(
        process.execPath,
        ["--import", "tsx", "--conditions", "react-server", "tests/helpers/api-instance.ts"],
        {
          env: {
            ...process.env,
            NODE_OPTIONS: "",
            DATABASE_URL: t.url as string,
            PGLITE_DIR: "",
            PORT: String(await freePort()),
            LOG_LEVEL: "warn",
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      child = instance;
      let out = "";
      instance.stdout?.on("data", (d: Buffer) => {
        out += d.toString();
      });
      instance.stderr?.on("data", (d: Buffer) => {
        out += d.toString();
      });
      // Refused, it says so and tries again instead of giving up.
      const alive = (cond: () => boolean) => () => {
        if (instance.exitCode !== null) throw new Error(`the instance exited with ${instance.exitCode}: ${out}`);
        return cond();
      };
      await waitFor(
        alive(() => out.split("job queue failed to start; trying again").length > 2),
        30_000,
        "two failed attempts",
      );
      expect(out).not.toMatch(/^ready$/m);

      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await waitFor(
        alive(() => /^ready$/m.test(out)),
        30_000,
        "the instance ready once the database is back",
      );
      // Its workers run: the jobs its schedules enqueued are done.
      await waitFor(async () => (await completed()) > 0, 30_000, "a job run by the instance's workers");
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
  });
});
