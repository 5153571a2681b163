/**
 * Graceful shutdown, in the order a load balancer and the data need (docs/deploy.md, "Restarts"):
 *
 * 1. SIGTERM: `/api/ready` answers 503 at once (src/server/platform/drain.ts); requests are still served.
 * 2. After SHUTDOWN_GRACE_MS (time for the balancer to see the 503; skipped on SIGINT, a Ctrl-C):
 *    live streams end with a retryable error (their clients reconnect elsewhere), the HTTP server
 *    (src/server/edge/server.mjs) refuses new connections, answers what is in flight with
 *    `Connection: close`, and waits for it, at most SHUTDOWN_TIMEOUT_MS before cutting what is left.
 * 3. The job queue stops taking work and waits for its running jobs.
 * 4. The database closes (PGlite must close fully, or the next start runs crash recovery), exit 0.
 *
 * Next's own handlers are off (`NEXT_MANUAL_SIG_HANDLE=1`, set by `npm start`): it would exit a few
 * ms after SIGTERM, mid-request and before the database closed.
 */
import { closeDatabase } from "./db";
import { getEnv } from "./env";
import { logger } from "./logger";
import { startClosing, startDraining } from "./drain";
import { edgeBridge } from "./edge-bridge.mjs";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What stops in step 3: the job queue, handed in by src/instrumentation.ts so this floor imports nothing above it. */
export type StopWork = () => Promise<void>;

/** Steps 1–4 above; resolves when the database is closed (the caller exits). */
export async function drainAndClose(signal: NodeJS.Signals, stopJobs: StopWork): Promise<void> {
  const { SHUTDOWN_GRACE_MS, SHUTDOWN_TIMEOUT_MS } = getEnv();
  startDraining();
  const graceMs = signal === "SIGTERM" ? SHUTDOWN_GRACE_MS : 0;
  logger.info({ signal, graceMs }, "shutdown: not ready; draining");
  if (graceMs > 0) await sleep(graceMs);
  startClosing();
  // src/server/edge/server.mjs hands it over (src/server/platform/edge-bridge.mjs); absent under next dev and in tests.
  const http = edgeBridge().httpDrain;
  if (http) {
    const { cut } = await http(SHUTDOWN_TIMEOUT_MS);
    if (cut > 0) logger.warn({ cut }, "shutdown: connections cut after SHUTDOWN_TIMEOUT_MS");
  }
  await stopJobs().catch((err: unknown) => logger.error({ err }, "shutdown: job queue stop failed"));
  await closeDatabase().catch((err: unknown) => logger.error({ err }, "shutdown: database close failed"));
}

export function installShutdownHandlers(stopJobs: StopWork): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const { SHUTDOWN_GRACE_MS, SHUTDOWN_TIMEOUT_MS } = getEnv();
    // Whatever hangs (a job that never ends, a database that does not answer), the process goes.
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + SHUTDOWN_TIMEOUT_MS + 10_000);
    timer.unref();
    drainAndClose(signal, stopJobs).finally(() => {
      clearTimeout(timer);
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
