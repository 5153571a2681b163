import { describe, expect, it } from "vitest";
import { uniqueRows } from "../../src/components/common/uniqueRows";

describe("uniqueRows (a paged list shows each row once)", () => {
  it("keeps the first of each key across pages, in order", () => {
    const pages = [
      [{ id: "c" }, { id: "b" }],
      [{ id: "b" }, { id: "a" }],
      [{ id: "a" }, { id: "z" }],
    ];
    expect(uniqueRows(pages, (r) => r.id).map((r) => r.id)).toEqual(["c", "b", "a", "z"]);
  });
  it("answers an empty list for no pages", () => {
    expect(uniqueRows<{ id: string }>(undefined, (r) => r.id)).toEqual([]);
    expect(uniqueRows<{ id: string }>([[], []], (r) => r.id)).toEqual([]);
  });
});
