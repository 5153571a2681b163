/**
 * The import layers of docs/architecture.md ("Guards"), through scripts/tools/layers.ts: no upward import
 * between the floors of src/server, no component feature importing another feature. Probes in a
 * temporary tree prove each rule bites; the real tree must have no violation.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { featureImports, importEdges, upwardImports } from "../../scripts/tools/layers";

const src = path.resolve(import.meta.dirname, "../../src");
const probe = mkdtempSync(path.join(tmpdir(), "import-layers-"));
afterAll(() => rmSync(probe, { recursive: true, force: true }));

function write(file: string, source: string) {
  const full = path.join(probe, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, source);
}

write("server/platform/db.ts", 'import { x } from "../services/thing";\nexport const db = x;\n');
write("server/services/thing.ts", 'import { db } from "@/server/platform/db";\nexport const x = db;\n');
write("server/api/root.ts", 'import type { x } from "../services/thing";\nexport type R = typeof x;\n');
write("server/novel/file.ts", 'import { db } from "../platform/db";\nexport const y = db;\n');
write(
  "components/cart/Cart.tsx",
  'import { A } from "../contests/A";\nimport { K } from "@/components/common/K";\nexport const C = [A, K];\n',
);
write("components/contests/A.tsx", "export const A = 1;\n");
write("components/common/K.tsx", "export const K = 1;\n");
write("components/contests/B.tsx", 'import { H } from "../layout/Header";\nexport const B = H;\n');
write("components/layout/Header.tsx", 'import { A } from "../contests/A";\nexport const H = A;\n');

describe("import layers (scripts/tools/layers.ts)", () => {
  const edges = importEdges(probe);

  it("reports an upward import in src/server and a folder without a floor, and lets a higher floor import a lower one", () => {
    expect(upwardImports(edges)).toEqual([
      "server/novel/file.ts -> server/platform/db.ts (no floor for src/server/novel)",
      "server/platform/db.ts -> server/services/thing.ts (platform is floor 0, services is floor 4)",
    ]);
  });

  it("reports a feature importing another feature or the shell, and lets features use common and the shell compose features", () => {
    expect(featureImports(edges).sort()).toEqual([
      "components/cart/Cart.tsx -> components/contests/A.tsx",
      "components/contests/B.tsx -> components/layout/Header.tsx",
    ]);
  });

  it("finds no violation in the real src/", () => {
    const real = importEdges(src);
    expect(real.length).toBeGreaterThan(500);
    expect(upwardImports(real)).toEqual([]);
    expect(featureImports(real)).toEqual([]);
  });

  it("keeps the tRPC route handler off the REST adapter (one answers JSON errors without loading the other)", () => {
    const trpcRoute = path.join("app", "api", "trpc", "[trpc]", "route.ts");
    const reached = importEdges(src)
      .filter((e) => e.from === trpcRoute)
      .map((e) => e.to);
    expect(reached.length).toBeGreaterThan(0);
    expect(reached.filter((to) => to.startsWith(path.join("server", "rest")))).toEqual([]);
  });
});
