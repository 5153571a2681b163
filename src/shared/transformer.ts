import { Decimal } from "@prisma/client/runtime/index-browser";
import superjson from "superjson";

// Money travels as decimal strings in our outputs; should a Prisma Decimal slip through, it stays exact.
superjson.registerCustom<Decimal, string>(
  {
    isApplicable: (v): v is Decimal => Decimal.isDecimal(v),
    serialize: (v) => v.toString(),
    deserialize: (v) => new Decimal(v),
  },
  "decimal.js",
);

export const transformer = superjson;
