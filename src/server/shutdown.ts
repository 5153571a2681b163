/**
 * Clean shutdown: Next exits a few ms after SIGTERM, before PGlite finishes closing, which
 * forces crash recovery at the next start. `npm start` sets NEXT_MANUAL_SIG_HANDLE=1 and we
 * close the database here before exiting.
 */
import { closeDatabase } from "./db";
import { stopJobs } from "./jobs";

export function installShutdownHandlers(): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    stopJobs()
      .catch((e: unknown) => console.error(`job queue stop failed on ${signal}`, e))
      .then(() => closeDatabase())
      .catch((e: unknown) => console.error(`database close failed on ${signal}`, e))
      .finally(() => {
        clearTimeout(timer);
        process.exit(0);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
