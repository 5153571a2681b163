import superjson from "superjson";

/** decimal.js instances (Prisma.Decimal) by shape, so the browser bundle needs no decimal library. */
function isDecimalLike(v: unknown): v is { toFixed: () => string; toString: () => string } {
  return (
    typeof v === "object" &&
    v !== null &&
    "d" in v &&
    "e" in v &&
    "s" in v &&
    Array.isArray((v as { d?: unknown }).d) &&
    typeof (v as { toFixed?: unknown }).toFixed === "function"
  );
}

// Our outputs carry money as decimal strings already; should a Prisma Decimal slip through, it
// arrives as its exact decimal string too (never as a float or decimal.js internals).
superjson.registerCustom<{ toString: () => string }, string>(
  { isApplicable: isDecimalLike, serialize: (v) => v.toString(), deserialize: (v) => v as never },
  "decimal",
);

export const transformer = superjson;

/**
 * Most calls one tRPC batch may carry: the server refuses larger batches (400) and both clients
 * split theirs at this size, so one request can never fan out into hundreds of queries.
 */
export const MAX_TRPC_BATCH = 10;
