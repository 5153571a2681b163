/**
 * The process-wide job queue (see docs/jobs.md). Everything else imports from here:
 *
 *   registerJob(name, handler, def?)   declare a job kind (src/server/jobs/app-jobs.ts lists the app's)
 *   enqueue(name, data, opts?)         add a job; resolves to its id (null when a singletonKey dedupes it)
 *   schedule(name, when, data?)        cron or interval, applied when the workers start
 *   keepStartingJobs() / stopJobs()    from src/instrumentation.ts / src/server/platform/shutdown.ts
 *   startJobs()                        one attempt (tests and tools that want the error)
 *
 * State lives on globalThis: Next loads instrumentation and route handlers as separate module
 * graphs, and all of them must share one queue client per process.
 */
import { type DatabaseHandle, type DbTx, getDatabase } from "../platform/db";
import { getEnv } from "../platform/env";
import { logger } from "../platform/logger";
import { setJobQueueProbe } from "../ops/job-queue-hook";
import { type EnqueueOptions, type JobDefinition, type JobHandler, JobQueue, type JobQueueOptions, type Schedule } from "./queue";

export type { EnqueueOptions, JobContext, JobDefinition, JobHandler, Schedule } from "./queue";
export { JobQueue } from "./queue";

type JobsState = {
  definitions: Map<string, { handler: JobHandler<unknown>; def: JobDefinition }>;
  schedules: Map<string, { when: Schedule; data: object | null }>;
  queue?: Promise<JobQueue>;
  /** The database the queue was made on: a process that swaps its database (tests) gets a new queue. */
  queueDb?: DatabaseHandle;
  /** Counts stopJobs() calls: a keepStartingJobs() begun before one gives up. */
  generation: number;
};
const g = globalThis as typeof globalThis & { __prizeJobs?: JobsState };
g.__prizeJobs ??= { definitions: new Map(), schedules: new Map(), generation: 0 };
const state: JobsState = g.__prizeJobs;

/** Declares a job kind. Handlers must be idempotent: a job can run more than once. */
export function registerJob<T>(name: string, handler: JobHandler<T>, def: JobDefinition = {}): void {
  state.definitions.set(name, { handler: handler as JobHandler<unknown>, def });
}

/** Runs `name` on a schedule once the workers start (every instance may declare the same). */
export function schedule(name: string, when: Schedule, data: object | null = null): void {
  state.schedules.set(name, { when, data });
}

function queueOptions(): JobQueueOptions {
  return {
    pollingIntervalSeconds: getEnv().JOBS_POLL_SECONDS,
    maintenanceIntervalSeconds: getEnv().JOBS_MAINTENANCE_SECONDS,
  };
}

/** The process's queue client on the app database (creates pg-boss's schema on first use). */
export async function getJobQueue(): Promise<JobQueue> {
  const database = await getDatabase();
  if (state.queueDb !== database) {
    state.queue = undefined;
    state.queueDb = database;
  }
  state.queue ??= (async () => {
    const queue = new JobQueue(database, queueOptions());
    for (const [name, { handler, def }] of state.definitions) queue.register(name, handler, def);
    await queue.start();
    return queue;
  })();
  state.queue.catch(() => {
    state.queue = undefined;
  });
  return state.queue;
}

export async function enqueue<T extends object | null>(name: string, data: T, opts: EnqueueOptions = {}): Promise<string | null> {
  return (await getJobQueue()).enqueue(name, data, opts);
}

/**
 * Enqueues inside the caller's transaction: `prepare` runs before the transaction opens, `inTx` inside it.
 *   const job = await enqueueInTransaction("withdrawals.payout");
 *   await db.$transaction(async (tx) => { ...; await job(tx, data, opts); });
 */
export async function enqueueInTransaction(name: string) {
  const queue = await getJobQueue();
  await queue.prepare(name);
  return <T extends object | null>(tx: DbTx, data: T, opts: EnqueueOptions = {}) => queue.enqueueInTx(tx, name, data, opts);
}

/** Starts workers for every registered job and applies the schedules. JOBS_WORKERS=0 only enqueues. */
export async function startJobs(): Promise<void> {
  // /api/ready requires the queue to run (503 until it has started, or if it fails to);
  // /api/metrics reports its depth and failures (docs/deploy.md). Running means every step below
  // succeeded: a queue whose workers failed to start is not reported as running.
  let started: JobQueue | undefined;
  setJobQueueProbe({ running: () => started?.isRunning() ?? false, counts: jobCounts });
  const queue = await getJobQueue();
  if (getEnv().JOBS_WORKERS !== 0) {
    for (const [name, { handler, def }] of state.definitions) queue.register(name, handler, def);
    await queue.work();
    for (const [name, { when, data }] of state.schedules) await queue.schedule(name, when, data);
  }
  started = queue;
  logger.info({ jobs: [...state.definitions.keys()], schedules: [...state.schedules.keys()] }, "job queue started");
}

/**
 * startJobs until it succeeds (src/instrumentation.ts). An instance that boots while the database is
 * away (a failover, a restart of both) would otherwise never run its jobs and stay unready until
 * restarted by hand: it tries again after each delay (the last one repeating), stopping a half-started
 * queue first, and stays 503 on /api/ready meanwhile. stopJobs() ends the attempts.
 */
export async function keepStartingJobs(delaysMs: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000]): Promise<void> {
  const generation = state.generation;
  for (let attempt = 0; ; attempt++) {
    try {
      await startJobs();
      return;
    } catch (err) {
      if (state.generation !== generation) return;
      const retryInMs = delaysMs[Math.min(attempt, delaysMs.length - 1)] ?? 30_000;
      logger.warn({ err, attempt: attempt + 1, retryInMs }, "job queue failed to start; trying again");
      await stopQueue().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
      if (state.generation !== generation) return;
    }
  }
}

async function stopQueue(): Promise<void> {
  const pending = state.queue;
  state.queue = undefined;
  if (pending) await (await pending.catch(() => undefined))?.stop();
}

/** Stops workers (waiting briefly for running jobs; the rest expire and retry elsewhere). */
export async function stopJobs(): Promise<void> {
  state.generation++;
  setJobQueueProbe(undefined);
  await stopQueue();
}

/** Jobs by queue and state for /api/metrics: one GROUP BY over pg-boss's live job table. */
export async function jobCounts(): Promise<{ queue: string; waiting: number; active: number; failed: number }[]> {
  const { db } = await getDatabase();
  const rows = await db.$queryRawUnsafe<{ queue: string; state: string; n: number }[]>(
    `SELECT name AS queue, state::text AS state, count(*)::int AS n FROM pgboss.job
      WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY 1, 2`,
  );
  const byQueue = new Map<string, { queue: string; waiting: number; active: number; failed: number }>();
  for (const r of rows) {
    const entry = byQueue.get(r.queue) ?? { queue: r.queue, waiting: 0, active: 0, failed: 0 };
    if (r.state === "active") entry.active += Number(r.n);
    else if (r.state === "failed") entry.failed += Number(r.n);
    else entry.waiting += Number(r.n);
    byQueue.set(r.queue, entry);
  }
  return [...byQueue.values()];
}
