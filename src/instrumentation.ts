/** Runs once per server process; see server/shutdown.ts for why we handle signals ourselves. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { installShutdownHandlers } = await import("./server/shutdown");
    installShutdownHandlers();
    // Automatic draws of sold-out and expired contests (safe with several instances).
    const { startDrawScheduler } = await import("./server/draw-scheduler");
    startDrawScheduler();
  }
}
