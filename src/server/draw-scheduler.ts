/**
 * Automatic draws: every DRAW_SCHEDULER_INTERVAL_MS (default 30 s; 0 disables) each app instance
 * draws the active contests that sold out or passed their end date. Running it on several
 * instances is safe: every draw is guarded by a conditional UPDATE, so a contest is drawn once.
 */
import { getDb } from "./db";
import { logger } from "./logger";
import { runDueDraws } from "./services/draws";

let timer: ReturnType<typeof setInterval> | undefined;
let running = false;

export async function drawSchedulerTick(): Promise<number> {
  if (running) return 0; // a slow pass is never overlapped by the next one
  running = true;
  try {
    const done = await runDueDraws(await getDb());
    if (done.length) logger.info({ contests: done.map((d) => d.contestId) }, "automatic draws");
    return done.length;
  } catch (err) {
    logger.error({ err }, "draw scheduler pass failed");
    return 0;
  } finally {
    running = false;
  }
}

export function startDrawScheduler(intervalMs = Number(process.env.DRAW_SCHEDULER_INTERVAL_MS ?? 30_000)): void {
  if (timer || !(intervalMs > 0) || process.env.NEXT_PHASE === "phase-production-build") return;
  timer = setInterval(() => void drawSchedulerTick(), intervalMs);
  timer.unref();
}

export function stopDrawScheduler(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
