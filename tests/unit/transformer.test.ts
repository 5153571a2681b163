import { describe, expect, it } from "vitest";
import { Prisma } from "../../src/generated/prisma/client";
import { transformer } from "../../src/shared/transformer";

describe("superjson transformer", () => {
  it("sends a Prisma Decimal as its exact decimal string", () => {
    const wire = transformer.serialize({ amount: new Prisma.Decimal("0.1").add("0.2"), n: 1n, at: new Date(0) });
    const back = transformer.deserialize<{ amount: unknown; n: bigint; at: Date }>(wire);
    expect(back.amount).toBe("0.3");
    expect(back.n).toBe(1n);
    expect(back.at).toEqual(new Date(0));
  });
});
