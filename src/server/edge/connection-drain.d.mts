/** Types of src/server/edge/connection-drain.mjs (plain JS: src/server/edge/server.mjs runs without a TypeScript loader). */
import type { Server } from "node:http";

export const NEW_CONNECTION_SILENCE_MS: number;
export const IDLE_QUIET_MS: number;
export function drainableServer(server: Server): (timeoutMs: number) => Promise<{ cut: number }>;
