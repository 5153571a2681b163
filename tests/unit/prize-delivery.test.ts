import { describe, expect, it } from "vitest";
import { deliverySchema } from "@/shared/prizes";

const ok = {
  fullName: "Pat",
  addressLine1: "1 High St",
  city: "Leeds",
  postcode: "LS1",
  country: "UK",
  phone: "+44 113 496 0000",
};

describe("prize delivery form (src/shared/prizes.ts)", () => {
  it("an empty phone says it is required, not a digit rule", () => {
    const empty = deliverySchema.safeParse({ ...ok, phone: "  " });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe("Phone is required");
    expect(deliverySchema.safeParse({ ...ok, phone: "call me" }).error?.issues[0]?.message).toMatch(/^Phone must be 6-20 digits/);
    expect(deliverySchema.safeParse(ok).success).toBe(true);
  });
});
