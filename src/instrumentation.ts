import type { Instrumentation } from "next";

/** Runs once per server process; see src/server/platform/shutdown.ts for why we handle signals ourselves. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    // A bad variable stops the start here, with one message naming it (src/server/platform/env.ts).
    const { getEnv } = await import("./server/platform/env");
    getEnv();
    const { installShutdownHandlers } = await import("./server/platform/shutdown");
    const { keepStartingJobs, stopJobs } = await import("./server/jobs");
    // At shutdown the job queue stops, then reports still being sent get 2 s (src/server/ops/error-reports.ts).
    const { flushErrorReports } = await import("./server/ops/error-reports");
    installShutdownHandlers(async () => {
      await stopJobs();
      await flushErrorReports(2_000);
    });
    // Page requests get a log line like API requests (src/server/ops/page-log.ts; called by src/server/edge/server.mjs).
    const { installPageLog } = await import("./server/ops/page-log");
    installPageLog();
    // Answers already in memory skip Next's router under `npm start` (src/server/edge/fast-path.ts).
    const { installFastPath } = await import("./server/edge/fast-path");
    installFastPath();
    // The job queue (docs/jobs.md): automatic draws and the other background work, on every instance.
    const { registerAppJobs } = await import("./server/jobs/app-jobs");
    registerAppJobs();
    // Started in the background, tried again while the database cannot be reached (503 on /api/ready until then).
    void keepStartingJobs();
    // Live mode: the coins and networks we send, checked against what OxaPay accepts (logged, not fatal).
    const [{ checkAcceptedTermsAtStart }, { logger }] = await Promise.all([
      import("./server/gateways/oxapay/accepted-terms"),
      import("./server/platform/logger"),
    ]);
    void checkAcceptedTermsAtStart(getEnv(), logger);
  }
}

/**
 * A page, route handler or server action that failed (Next calls this; tRPC and REST report their
 * own 500s): reported when SENTRY_DSN is set, with the request id and the route's pattern.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ reportServerError }, { requestIdFromValue }] = await Promise.all([
    import("./server/ops/error-reports"),
    import("./server/ops/request-log"),
  ]);
  const id = request.headers["x-request-id"];
  reportServerError(error, {
    requestId: id ? requestIdFromValue(id) : undefined,
    route: context.routePath,
    method: request.method,
  });
};
