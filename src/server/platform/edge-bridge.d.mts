/** Types of src/server/platform/edge-bridge.mjs: what npm start's server and the app hand each other. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { PGlite } from "@electric-sql/pglite";

/** Answers a request from memory before Next's router; false: not taken, Next answers it. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export type EdgeBridge = {
  /** Server → app: the embedded database the start-up check opened (null on PostgreSQL). */
  startPglite?: PGlite | null;
  /** Server → app: stop taking connections, finish what is in flight (resolves when done or cut). */
  httpDrain?: (timeoutMs: number) => Promise<{ cut: number }>;
  /** Server → app: this server's own address, from HOST and PORT (never from a request). */
  loopbackOrigin?: string;
  /** App → server: the fast path, installed once Next has loaded the app. */
  fastPath?: FastPath;
  /** App → server: one log line per page request. */
  pageLog?: (req: IncomingMessage, res: ServerResponse) => void;
};

export function edgeBridge(): EdgeBridge;
