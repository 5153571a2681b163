/**
 * How the job queue (src/server/jobs/) shows itself to operations: `startJobs()` calls
 * `setJobQueueProbe(...)`, then `/api/ready` (src/server/ops/health.ts) requires it to be running and
 * `/api/metrics` (src/server/ops/metrics.ts) reports its depth and failures. Before the queue starts
 * (or in a process that never starts it, such as a script) readiness reports it as absent, not as a
 * failure, and the metrics omit it.
 * Kept on globalThis so every route bundle of the Next build sees the same probe.
 */
export type JobQueueProbe = {
  /** True while the queue's workers are running in this process. */
  running: () => boolean;
  /** Jobs waiting and failed, by queue name (read at scrape time; keep it one cheap query). */
  counts: () => Promise<{ queue: string; waiting: number; active: number; failed: number }[]>;
};

type GlobalWithProbe = typeof globalThis & { __prizeJobQueueProbe?: JobQueueProbe };
const g = globalThis as GlobalWithProbe;

export function setJobQueueProbe(probe: JobQueueProbe | undefined): void {
  g.__prizeJobQueueProbe = probe;
}

export function getJobQueueProbe(): JobQueueProbe | undefined {
  return g.__prizeJobQueueProbe;
}
