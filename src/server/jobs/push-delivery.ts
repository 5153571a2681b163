/**
 * Push delivery as a job of the shared queue (docs/push.md): `push.deliver` runs a delivery pass
 * (src/server/push/delivery.ts) once per PUSH_DELIVERY_INTERVAL_MS across all instances. Rows are
 * claimed with SKIP LOCKED and sent at most once, so an overlapping pass is harmless.
 * Registered from src/server/jobs/app-jobs.ts; here, not in push/, so push never imports the queue.
 */
import { getDb } from "../platform/db";
import { getEnv } from "../platform/env";
import { logger } from "../platform/logger";
import { deliverPendingPushes } from "../push/delivery";
import { registerJob, schedule } from "./index";

export const PUSH_JOB = "push.deliver";

/** One delivery pass; the number of pushes sent. */
export async function pushWorkerTick(): Promise<number> {
  const report = await deliverPendingPushes(await getDb());
  if (report.sent || report.retried || report.failed || report.gone || report.abandoned)
    logger.info(report, "push delivery pass");
  return report.sent;
}

export function registerPushJob(): void {
  // Retries are per push (push/delivery.ts), not per pass: a failed pass just waits for the next tick.
  registerJob(PUSH_JOB, async () => void (await pushWorkerTick()), { retryLimit: 0, expireInSeconds: 120 });
  const intervalMs = getEnv().PUSH_DELIVERY_INTERVAL_MS;
  if (intervalMs > 0) schedule(PUSH_JOB, { everySeconds: Math.max(1, intervalMs / 1000) });
}
