/**
 * "The database cannot be reached right now" as opposed to a bug: such failures answer 503 with
 * Retry-After and a plain message (src/server/api/trpc.ts, src/server/api/context.ts,
 * src/server/rest/handler.ts), never a 500. Nothing else is needed to recover: the pg pool opens
 * fresh connections on the next request once the server is back.
 */
import { serviceUnavailable } from "./errors";

export const DB_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";
export const DB_RETRY_AFTER_SECONDS = 5;

/** Prisma codes for "cannot reach / lost / timed out waiting for" the database. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** Driver adapter error kinds (@prisma/driver-adapter-utils) that mean the same. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** PostgreSQL SQLSTATEs: connection exceptions (08…), shutdown / not accepting connections, too many clients. */
const PG_CODES = /^(08...|57P0[1-3]|53300)$/;
const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "EAI_AGAIN"]);
/**
 * The texts node-postgres, pg-pool, Prisma and PostgreSQL use when the connection (not the query) is
 * the problem, for errors that arrive without a code (tests/unit/db-unavailable.test.ts lists each).
 */
const MESSAGES = new RegExp(
  [
    "PGlite is closed",
    "Connection terminated", // pg: "Connection terminated unexpectedly" / "due to connection timeout"
    "timeout exceeded when trying to connect", // pg-pool: waiting for a pooled connection
    "not currently accepting connections",
    "encountered a connection error and is not queryable", // pg: a client whose socket failed
    "Client was closed and is not queryable",
    "Cannot use a pool after calling end on the pool",
    "terminating connection due to administrator command", // PostgreSQL restart / pg_terminate_backend
    "the database system is (starting up|shutting down|in recovery mode)",
    "server closed the connection unexpectedly",
    "Timed out fetching a new connection from the connection pool", // Prisma P2024
    "Can't reach database server",
  ].join("|"),
  "i",
);

type Loose = {
  name?: unknown;
  code?: unknown;
  kind?: unknown;
  severity?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

function looksUnavailable(e: Loose): boolean {
  if (e.name === "PrismaClientInitializationError") return true;
  if (typeof e.code === "string" && (PRISMA_CODES.has(e.code) || NODE_CODES.has(e.code) || PG_CODES.test(e.code))) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  // A FATAL PostgreSQL error ends the connection itself.
  if (e.kind === "postgres" && e.severity === "FATAL") return true;
  return typeof e.message === "string" && MESSAGES.test(e.message);
}

/** True when `error` (or anything it wraps) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const queue: unknown[] = [error];
  for (let i = 0; i < 12 && queue.length > 0; i++) {
    const e = queue.shift();
    if (!e || typeof e !== "object") continue;
    const loose = e as Loose;
    if (looksUnavailable(loose)) return true;
    queue.push(loose.cause, loose.meta?.driverAdapterError);
  }
  return false;
}

export function databaseUnavailableError() {
  return serviceUnavailable(DB_UNAVAILABLE_MESSAGE, DB_RETRY_AFTER_SECONDS);
}
