/** Job-queue helpers: a fast-polling queue on a test database, and waiting for a condition. */
import type { DatabaseHandle } from "../../src/server/platform/db";
import { JobQueue } from "../../src/server/jobs/queue";

export function testQueue(handle: Pick<DatabaseHandle, "kind" | "pglite" | "url">): JobQueue {
  return new JobQueue(handle, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, poolSize: 3 });
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = "condition") {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
