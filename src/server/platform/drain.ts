/**
 * The instance's shutdown state, shared by every module graph of the process through globalThis
 * (Next loads src/instrumentation.ts and each route separately; src/server/edge/server.mjs is outside both):
 *
 * 1. `draining`: SIGTERM arrived. `/api/ready` answers 503 at once so the load balancer stops
 *    sending new work here; everything else is still served during the grace period.
 * 2. `closing`: the grace period is over. Live streams end (the client reconnects, through the proxy,
 *    to another instance), the HTTP server accepts no new connections and finishes the requests in
 *    flight (src/server/platform/shutdown.ts runs the steps; src/server/edge/server.mjs owns the socket).
 */
type DrainState = { draining: boolean; closing: AbortController };
const g = globalThis as typeof globalThis & { __prizeDrain?: DrainState };
g.__prizeDrain ??= { draining: false, closing: new AbortController() };
const state: DrainState = g.__prizeDrain;

/** What a live stream ended by a restart tells its client (the client reconnects by itself). */
export const SERVER_RESTARTING = "This server is restarting; reconnecting.";

export function isDraining(): boolean {
  return state.draining;
}

/** Step 1: readiness turns 503. */
export function startDraining(): void {
  state.draining = true;
}

/** Aborts when step 2 starts: live streams listen to it. */
export function closingSignal(): AbortSignal {
  return state.closing.signal;
}

/** Step 2: live streams end. */
export function startClosing(): void {
  state.draining = true;
  state.closing.abort();
}

/** Tests in one process: back to serving. */
export function resetDrainForTests(): void {
  state.draining = false;
  state.closing = new AbortController();
}
