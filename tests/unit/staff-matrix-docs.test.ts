import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { staffMatrixMarkdown } from "../../scripts/tools/staff-matrix";

describe("docs/admin.md role matrix", () => {
  it("is the matrix src/server/api/privileged.ts enforces (npx tsx scripts/tools/staff-matrix.ts prints it)", () => {
    const doc = readFileSync("docs/admin.md", "utf8");
    const copy = /<!-- staff-matrix:start -->\n([\s\S]*?)\n<!-- staff-matrix:end -->/.exec(doc)?.[1];
    expect(copy).toBe(staffMatrixMarkdown());
  });
});
