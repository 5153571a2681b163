/**
 * The "database unavailable" classifier (src/server/platform/db-unavailable.ts) with the real messages the
 * drivers produce during a PostgreSQL restart, bare and wrapped as Prisma wraps them; and ordinary
 * query errors that must stay 500s. (tests/pg/db-unavailable-messages.test.ts provokes the first one for real.)
 */
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../src/server/platform/db-unavailable";

const OUTAGE_MESSAGES = [
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Cannot use a pool after calling end on the pool",
  "terminating connection due to administrator command",
  "the database system is starting up",
  "the database system is shutting down",
  "server closed the connection unexpectedly",
  "Timed out fetching a new connection from the connection pool. More info: http://pris.ly/d/connection-pool",
  "Can't reach database server at `127.0.0.1:5432`",
  "PGlite is closed",
];

const wrapped = (message: string) => {
  // Prisma 7 with a driver adapter: the driver's error sits in `cause` (or meta.driverAdapterError).
  const driver = new Error(message);
  const prisma = Object.assign(new Error(`Invalid \`prisma.user.findMany()\` invocation:\n\n${message}`), {
    name: "PrismaClientKnownRequestError",
    code: "P2010",
    meta: { driverAdapterError: { cause: driver } },
  });
  return prisma;
};

describe("isDatabaseUnavailable", () => {
  it.each(OUTAGE_MESSAGES)("'%s' is an outage, bare and wrapped", (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(message))).toBe(true);
    expect(isDatabaseUnavailable(new Error("tRPC failed", { cause: new Error(message) }))).toBe(true);
  });

  it("by code: connection refused/reset, pool timeout (P2024), admin shutdown (57P01), too many clients", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "P2024", "P1001", "57P01", "57P03", "08006", "53300"]) {
      expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code })), code).toBe(true);
    }
  });

  it("ordinary query errors are not outages", () => {
    for (const message of [
      'duplicate key value violates unique constraint "User_email_key"',
      'relation "Nope" does not exist',
      "Unique constraint failed on the fields: (`email`)",
      "invalid input syntax for type numeric",
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(false);
      expect(isDatabaseUnavailable(Object.assign(new Error(message), { code: "23505" })), message).toBe(false);
    }
  });
});
