/**
 * Prometheus metrics (`GET /api/metrics`, src/app/api/metrics/route.ts; docs/deploy.md "Metrics").
 *
 * - Requests by route pattern and status, with latency histograms: observed by `withRequestLog`
 *   (src/server/ops/request-log.ts) for every REST and tRPC request. The route label is the REST row's
 *   pattern (`/api/contests/:id`) or the tRPC procedure, never the raw path, so a client cannot grow
 *   the label set.
 * - At scrape time, per instance: the PostgreSQL pool (total / idle / waiting clients), open live
 *   streams (listeners on this instance's event bus), the job queue (when one registered:
 *   src/server/ops/job-queue-hook.ts).
 * - At scrape time, from the database (the same on every instance): purchases by result, top-ups by
 *   status, withdrawals by status (when that table exists), contests by status and draws done. One
 *   query with a few GROUP BYs, cached for a few seconds so scrape storms cost nothing.
 *
 * The registry lives on globalThis: each route bundle of the Next build may load this module on
 * its own, and all of them must count into one registry.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type DatabaseHandle, getDatabase } from "../platform/db";
import { peekEventBus } from "../events";
import { buildInfo } from "./build-info";
import { getJobQueueProbe } from "./job-queue-hook";

type Metrics = {
  registry: Registry;
  requests: Counter<"method" | "route" | "status">;
  duration: Histogram<"method" | "route">;
};

type GlobalWithMetrics = typeof globalThis & { __prizeMetrics?: Metrics };
const g = globalThis as GlobalWithMetrics;

/** How long database-derived gauges are reused between scrapes. */
const DB_GAUGE_TTL_MS = 5_000;

type DbCount = { metric: string; status: string; n: number };
let dbCache: { at: number; handle: DatabaseHandle; rows: Promise<DbCount[]> } | undefined;

async function databaseCounts(handle: DatabaseHandle): Promise<DbCount[]> {
  const now = Date.now();
  if (dbCache && dbCache.handle === handle && now - dbCache.at < DB_GAUGE_TTL_MS) return dbCache.rows;
  const rows = (async () => {
    const withdrawals = await handle.db.$queryRawUnsafe<{ t: string | null }[]>(`SELECT to_regclass('"Withdrawal"')::text AS t`);
    const withdrawalSql = withdrawals[0]?.t
      ? `UNION ALL SELECT 'withdrawals', status::text, count(*)::int FROM "Withdrawal" GROUP BY 2`
      : "";
    return handle.db.$queryRawUnsafe<DbCount[]>(`
      SELECT 'purchases' AS metric,
        COALESCE(e.result::text, CASE WHEN c."drawnAt" IS NULL OR c."winnerId" IS NULL THEN 'open'
          WHEN e."userId" = c."winnerId" THEN 'won' ELSE 'lost' END) AS status, count(*)::int AS n
        FROM "TicketEntry" e JOIN "Contest" c ON c."id" = e."contestId" GROUP BY 2
      UNION ALL SELECT 'topups', status::text, count(*)::int FROM "Payment" GROUP BY 2
      UNION ALL SELECT 'contests', status::text, count(*)::int FROM "Contest" GROUP BY 2
      UNION ALL SELECT 'draws', 'drawn', count(*)::int FROM "Contest" WHERE "drawnAt" IS NOT NULL
      ${withdrawalSql}`);
  })();
  dbCache = { at: now, handle, rows };
  rows.catch(() => {
    if (dbCache?.rows === rows) dbCache = undefined;
  });
  return rows;
}

function byMetric(rows: DbCount[], metric: string): DbCount[] {
  return rows.filter((r) => r.metric === metric);
}

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "prize_" });
  const requests = new Counter({
    name: "prize_http_requests_total",
    help: "API requests (REST and tRPC) by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "prize_http_request_duration_seconds",
    help: "Time until the response head is ready, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const build = new Gauge({
    name: "prize_build_info",
    help: "The build this instance serves (always 1): package version and git commit",
    labelNames: ["version", "commit"] as const,
    registers: [registry],
  });
  build.set(buildInfo(), 1);

  new Gauge({
    name: "prize_db_pool_clients",
    help: "PostgreSQL pool clients of this instance by state (total, idle, waiting requests); absent on PGlite",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const pool = (await getDatabase()).pool;
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });

  new Gauge({
    name: "prize_live_streams_open",
    help: "Live event subscriptions (SSE) open on this instance",
    registers: [registry],
    async collect() {
      const bus = await peekEventBus();
      // Streams only: the public-read cache listens on the same bus (src/server/cache/public-reads.ts).
      this.set(bus ? bus.streamCount() : 0);
    },
  });

  const dbGauge = (name: string, help: string, metric: string) =>
    new Gauge({
      name,
      help,
      labelNames: ["status"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = byMetric(await databaseCounts(await getDatabase()), metric);
        for (const r of rows) this.set({ status: r.status }, Number(r.n));
      },
    });
  dbGauge("prize_purchases", "Purchase lines (ticket entries) by result: open, won, lost, refunded", "purchases");
  dbGauge("prize_topups", "Top-up payments by status", "topups");
  dbGauge("prize_withdrawals", "Withdrawals by status (absent while the app has no withdrawals table)", "withdrawals");
  dbGauge("prize_contests", "Contests by status", "contests");
  new Gauge({
    name: "prize_draws_total",
    help: "Contests drawn so far",
    registers: [registry],
    async collect() {
      const row = byMetric(await databaseCounts(await getDatabase()), "draws")[0];
      this.set(Number(row?.n ?? 0));
    },
  });

  const queueGauge = (name: string, help: string, field: "waiting" | "active" | "failed") =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const probe = getJobQueueProbe();
        if (!probe) return;
        for (const c of await probe.counts()) this.set({ queue: c.queue }, c[field]);
      },
    });
  queueGauge("prize_jobs_waiting", "Jobs waiting, by queue (when the job queue runs)", "waiting");
  queueGauge("prize_jobs_active", "Jobs running, by queue (when the job queue runs)", "active");
  queueGauge("prize_jobs_failed", "Jobs failed, by queue (when the job queue runs)", "failed");

  return { registry, requests, duration };
}

export function metrics(): Metrics {
  g.__prizeMetrics ??= create();
  return g.__prizeMetrics;
}

/** Called once per API request by withRequestLog. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const m = metrics();
  m.requests.inc({ method, route, status: String(status) });
  m.duration.observe({ method, route }, seconds);
}

/** The Prometheus text for a scrape. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
