/** Complaint references, the due date in working days and the bounded inputs (src/shared/complaints.ts). */
import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  complaintReference,
  disputePrizeSchema,
  fileComplaintSchema,
  parseComplaintReference,
} from "@/shared/complaints";

describe("complaints (shared rules)", () => {
  it("a reference is C-<year>-<number, six digits> and parses back", () => {
    const filed = new Date("2026-03-04T10:00:00Z");
    expect(complaintReference(123, filed)).toBe("C-2026-000123");
    expect(complaintReference(1234567, filed)).toBe("C-2026-1234567");
    expect(parseComplaintReference("C-2026-000123")).toEqual({ year: 2026, number: 123 });
    expect(parseComplaintReference(" c-2026-000123 ")).toEqual({ year: 2026, number: 123 });
    for (const bad of [
      "",
      "C-2026-123",
      "C-26-000123",
      "X-2026-000123",
      "C-2026-000000",
      "C-2026-9999999999",
      "C-2026-000123x",
    ]) {
      expect(parseComplaintReference(bad), bad).toBeNull();
    }
  });

  it("working days skip Saturdays and Sundays", () => {
    // Wednesday 4 March 2026 + 10 working days = Wednesday 18 March.
    expect(addWorkingDays(new Date("2026-03-04T10:00:00Z"), 10).toISOString()).toBe("2026-03-18T10:00:00.000Z");
    // Friday + 1 = Monday; Saturday + 1 = Monday; Sunday + 5 = Friday.
    expect(addWorkingDays(new Date("2026-03-06T09:00:00Z"), 1).toISOString()).toBe("2026-03-09T09:00:00.000Z");
    expect(addWorkingDays(new Date("2026-03-07T09:00:00Z"), 1).toISOString()).toBe("2026-03-09T09:00:00.000Z");
    expect(addWorkingDays(new Date("2026-03-08T09:00:00Z"), 5).toISOString()).toBe("2026-03-13T09:00:00.000Z");
  });

  it("inputs are bounded and the messages say what is wrong", () => {
    const ok = { category: "draw", subject: "Draw", body: "The draw looked wrong." };
    expect(fileComplaintSchema.safeParse(ok).success).toBe(true);
    const msg = (v: unknown) => fileComplaintSchema.safeParse(v).error?.issues[0]?.message;
    expect(msg({ ...ok, category: "wheel" })).toBe("Category must be one of purchase, draw, prize, payment, withdrawal");
    // The form's empty choice asks for one, in words (not the raw list of values).
    expect(msg({ ...ok, category: "" })).toBe("Please choose what the complaint is about");
    expect(msg({ subject: "Draw", body: "x" })).toBe("Please choose what the complaint is about");
    expect(msg({ ...ok, subject: " " })).toBe("Subject is required");
    expect(msg({ ...ok, subject: "x".repeat(121) })).toBe("Subject must be at most 120 characters");
    expect(msg({ ...ok, body: "x".repeat(4001) })).toBe("Description must be at most 4000 characters");
    expect(msg({ ...ok, itemId: "x".repeat(101) })).toBe("Item id must be at most 100 characters");
    expect(disputePrizeSchema.safeParse({ id: "p1", body: "" }).error?.issues[0]?.message).toBe("Description is required");
  });
});
