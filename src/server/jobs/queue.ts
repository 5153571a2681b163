/**
 * The job queue: pg-boss on the app's own database (PGlite in-process or PostgreSQL), so a job is
 * a row that survives restarts and a killed worker. Why pg-boss and how to use it: docs/jobs.md.
 *
 *   registerJob("email.send", async (data) => { ... }, { retryLimit: 5 });  // at module load
 *   await enqueue("email.send", { to, subject }, { singletonKey: `welcome-${userId}` });
 *   schedule("draws.run", { everySeconds: 30 });                            // or { cron: "0 * * * *" }
 *
 * Delivery is at least once: a handler may run again after a crash or a timeout, so every handler
 * must be idempotent (guard its writes with a conditional UPDATE or a unique key).
 */
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Db, fromPglite, type JobWithMetadata, PgBoss } from "pg-boss";
import type { DatabaseHandle, DbTx } from "../platform/db";
import { logger } from "../platform/logger";
import { drainLegacySchema, type LegacyJob, setLegacySchemaAside } from "./legacy-schema";

export type JobContext = { id: string; name: string; retryCount: number };
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export type JobDefinition = {
  /** Attempts after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10); doubled each time when retryBackoff (default true). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A job still active after this long is taken as lost (killed worker) and retried (default 300). */
  expireInSeconds?: number;
  /**
   * pg-boss queue policy: "standard" (default), "short" (at most one queued job per singletonKey),
   * "singleton" (at most one active job per key), "stately" (one queued and one active per key).
   */
  policy?: "standard" | "short" | "singleton" | "stately";
};

export type EnqueueOptions = {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /**
   * Dedupe key: with a "short"/"stately" policy a second job with the same key is refused while one
   * is queued; with singletonSeconds, one job per key per time slot. enqueue returns null when refused.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  retryLimit?: number;
};

export type Schedule = { cron: string } | { everySeconds: number };

type Registered = { handler: JobHandler<unknown>; def: JobDefinition };

export type JobQueueOptions = {
  /** Poll interval of each worker in seconds (default 2). */
  pollingIntervalSeconds?: number;
  /** How often the expiry of lost jobs is checked (default 30 s). */
  maintenanceIntervalSeconds?: number;
  /** Pool size of the queue's own connections on PostgreSQL (default 4). */
  poolSize?: number;
};

/** pg-boss's `db` option over PGlite: pg-boss's own adapter (multi-statement DDL, aborted-transaction recovery). */
export function pgliteExecutor(pglite: PGlite): Db {
  return fromPglite(pglite);
}

/**
 * pg-boss's `db` option over a Prisma transaction. pg-boss sends its data as an object and leaves
 * some parameters untyped; JSON-encoding objects keeps `$3::jsonb` exact on both drivers (pg-boss's
 * own `fromPrisma` passes them through as they are, which the PostgreSQL adapter refuses).
 */
export function prismaExecutor(tx: DbTx): Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const args = values.map((v) => (v !== null && typeof v === "object" && !(v instanceof Date) ? JSON.stringify(v) : v));
      const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...args);
      return { rows };
    },
  };
}

/** One queue client per process (the app's) or per test; several may share one database. */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly registered = new Map<string, Registered>();
  private readonly createdQueues = new Map<string, Promise<void>>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private started: Promise<void> | undefined;
  private working = false;
  private running = false;

  constructor(
    private readonly handle: Pick<DatabaseHandle, "kind" | "pglite" | "url">,
    private readonly opts: JobQueueOptions = {},
  ) {
    // pg-boss 12 finds expired (lost) active jobs in its monitor pass: the supervise timer runs it,
    // each queue at most once per monitorIntervalSeconds. Both follow our expiry check interval.
    const expiryCheckSeconds = opts.maintenanceIntervalSeconds ?? 30;
    const common = {
      schema: "pgboss",
      superviseIntervalSeconds: expiryCheckSeconds,
      monitorIntervalSeconds: expiryCheckSeconds,
    };
    if (handle.kind === "pglite") {
      if (!handle.pglite) throw new Error("job queue: PGlite handle without its instance");
      this.boss = new PgBoss({ ...common, backend: "pglite", db: pgliteExecutor(handle.pglite) });
    } else {
      if (!handle.url) throw new Error("job queue: PostgreSQL handle without its URL");
      this.boss = new PgBoss({ ...common, connectionString: handle.url, max: opts.poolSize ?? 4 });
    }
    this.boss.on("error", (err: unknown) => logger.error({ err }, "job queue error"));
  }

  /**
   * Creates or migrates pg-boss's schema (idempotent, safe on several instances at once). A schema
   * older than pg-boss 12 can migrate is set aside first and its waiting jobs re-sent (legacy-schema.ts).
   */
  start(): Promise<void> {
    this.started ??= this.withOwnConnection(async (db) => {
      if (await setLegacySchemaAside(db)) logger.warn("job queue: pg-boss's v10 schema set aside for the upgrade");
      await this.boss.start();
      const moved = await drainLegacySchema(db, (job) => this.resendLegacy(job));
      if (moved > 0) logger.warn({ jobs: moved }, "job queue: waiting jobs moved from pg-boss's v10 schema");
      this.running = true;
    });
    return this.started;
  }

  /** A connection of our own for the schema checks that run before pg-boss has one. */
  private async withOwnConnection(fn: (db: Db) => Promise<void>): Promise<void> {
    if (this.handle.kind === "pglite" && this.handle.pglite) return fn(fromPglite(this.handle.pglite));
    const pool = new pg.Pool({ connectionString: this.handle.url, max: 1 });
    try {
      await fn({ executeSql: (text, values) => pool.query(text, values) });
    } finally {
      await pool.end();
    }
  }

  private async resendLegacy(job: LegacyJob): Promise<void> {
    await this.boss.createQueue(job.name, this.queueOptions(job.name));
    await this.boss.send(job.name, job.data ?? {}, {
      startAfter: job.startAfter,
      retryLimit: job.retryLimit,
      ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
    });
  }

  /** True from a successful start() until stop() (what `/api/ready` asks: src/server/ops/health.ts). */
  isRunning(): boolean {
    return this.running;
  }

  register<T>(name: string, handler: JobHandler<T>, def: JobDefinition = {}): void {
    this.registered.set(name, { handler: handler as JobHandler<unknown>, def });
  }

  private queueOptions(name: string) {
    const def = this.registered.get(name)?.def ?? {};
    return {
      retryLimit: def.retryLimit ?? 3,
      retryDelay: def.retryDelaySeconds ?? 10,
      retryBackoff: def.retryBackoff ?? true,
      expireInSeconds: def.expireInSeconds ?? 300,
      policy: def.policy ?? "standard",
    };
  }

  private ensureQueue(name: string): Promise<void> {
    let created = this.createdQueues.get(name);
    if (!created) {
      const options = this.queueOptions(name);
      created = (async () => {
        await this.start();
        await this.boss.createQueue(name, options);
        // A changed definition applies to an old queue; the policy is fixed at creation (pg-boss 11+).
        const { policy: _fixed, ...changeable } = options;
        await this.boss.updateQueue(name, changeable);
      })();
      created.catch(() => this.createdQueues.delete(name));
      this.createdQueues.set(name, created);
    }
    return created;
  }

  /** Creates the queue's row ahead of an enqueue inside a transaction (which must not wait on the queue's own connection). */
  prepare(name: string): Promise<void> {
    return this.ensureQueue(name);
  }

  /**
   * Adds the job through the caller's transaction (pg-boss's `db` option): the job exists exactly
   * when the transaction commits, so a crash between the commit and the work leaves the job behind.
   * Call prepare(name) before opening the transaction.
   */
  enqueueInTx<T extends object | null>(tx: DbTx, name: string, data: T, opts: EnqueueOptions = {}): Promise<string | null> {
    return this.boss.send(name, data as object, {
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
      db: prismaExecutor(tx),
    });
  }

  async enqueue<T extends object | null>(name: string, data: T, opts: EnqueueOptions = {}): Promise<string | null> {
    await this.ensureQueue(name);
    return this.boss.send(name, data as object, {
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.singletonSeconds ? { singletonSeconds: opts.singletonSeconds } : {}),
      ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
    });
  }

  /**
   * Runs `name` on a schedule. Every instance may call this: a cron schedule is one row that
   * pg-boss fires once per tick; an interval sends a throttled job (one per time slot, across all
   * instances), so the work runs once per interval however many instances run.
   */
  async schedule(name: string, when: Schedule, data: object | null = null): Promise<void> {
    await this.ensureQueue(name);
    if ("cron" in when) {
      await this.boss.schedule(name, when.cron, data ?? undefined);
      return;
    }
    const seconds = Math.max(1, Math.round(when.everySeconds));
    const tick = () =>
      void this.boss
        .sendThrottled(name, data ?? {}, {}, seconds, "interval")
        .catch((err: unknown) => logger.error({ err, job: name }, "scheduled enqueue failed"));
    tick();
    const timer = setInterval(tick, seconds * 1000);
    timer.unref();
    this.timers.push(timer);
  }

  /** Starts a worker for every registered job (on every instance: a job is fetched by one only). */
  async work(): Promise<void> {
    if (this.working) return;
    this.working = true;
    await this.start();
    for (const [name, { handler }] of this.registered) {
      await this.ensureQueue(name);
      await this.boss.work(
        name,
        { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
        async (jobs: JobWithMetadata<unknown>[]) => {
          for (const job of jobs as JobWithMetadata<unknown>[]) {
            try {
              await handler(job.data, { id: job.id, name: job.name, retryCount: job.retryCount });
            } catch (err) {
              logger.warn({ err, job: name, jobId: job.id, retryCount: job.retryCount }, "job failed");
              throw err; // pg-boss retries with back-off, then marks it failed
            }
          }
        },
      );
    }
  }

  /** Stops polling and timers, waits up to `timeoutMs` for running jobs; unfinished ones expire and retry. */
  async stop(timeoutMs = 8_000): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
    if (!this.started) return;
    await this.started.catch(() => undefined);
    this.running = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    this.started = undefined;
    this.createdQueues.clear();
    this.working = false;
  }

  /** The job row (state, retryCount, output) for tests and diagnostics. */
  getJob(name: string, id: string) {
    return this.boss.getJobById(name, id);
  }
}
