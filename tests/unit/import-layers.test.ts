/**
 * The import layers of docs/architecture.md ("Guards"), through scripts/tools/layers.ts: no upward import
 * between the floors of src/server, service domains reached only through their faces and only from
 * above, no loose service file, no component feature importing another feature. Probes in a temporary
 * tree prove each rule bites; the real tree must have no violation.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  DOMAIN_FILE_LIMIT,
  domainImports,
  featureImports,
  importEdges,
  serviceLayout,
  upwardImports,
} from "../../scripts/tools/layers";

const src = path.resolve(import.meta.dirname, "../../src");
const probe = mkdtempSync(path.join(tmpdir(), "import-layers-"));
afterAll(() => rmSync(probe, { recursive: true, force: true }));

function write(file: string, source: string) {
  const full = path.join(probe, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, source);
}

write("server/platform/db.ts", 'import { x } from "../services/kernel/thing";\nexport const db = x;\n');
write("server/services/kernel/thing.ts", 'import { db } from "@/server/platform/db";\nexport const x = db;\n');
write("server/services/kernel/index.ts", 'export { x } from "./thing";\n');
write("server/api/root.ts", 'import type { x } from "../services/kernel";\nexport type R = typeof x;\n');
// service domains: tickets (floor 2) uses the kernel's face (fine) and a kernel file (deep); checkout
// (floor 4) uses tickets (fine); tickets uses checkout (upward) and accounts, its peer on floor 2; a router
// reaches into a domain past its face; a loose file, a domain without a floor, one without a face and
// one with too many files.
write("server/services/tickets/index.ts", 'export { t } from "./take";\n');
write(
  "server/services/tickets/take.ts",
  'import { x } from "../kernel";\nimport { x as y } from "../kernel/thing";\nimport { c } from "../checkout";\nimport { w } from "../accounts";\nexport const t = [x, y, c, w];\n',
);
write("server/services/checkout/index.ts", 'import { t } from "../tickets";\nexport const c = t;\n');
write("server/services/accounts/index.ts", "export const w = 1;\n");
write("server/api/routers/cart.ts", 'import { t } from "../../services/tickets/take";\nexport const r = t;\n');
write("server/services/loose.ts", "export const l = 1;\n");
write("server/services/novel/index.ts", "export const n = 1;\n");
write("server/services/prizes/prizes.ts", "export const p = 1;\n");
for (let i = 0; i <= DOMAIN_FILE_LIMIT; i++) write(`server/services/support/part-${i}.ts`, "export const s = 1;\n");
write("server/services/support/index.ts", 'export { s } from "./part-0";\n');
write("server/novel/file.ts", 'import { db } from "../platform/db";\nexport const y = db;\n');
// Plain JS modules are held to the same floors: the edge's server may use the platform's bridge, not the reverse.
write("server/edge/server.mjs", 'import { bridge } from "../platform/bridge.mjs";\nexport const s = bridge;\n');
write("server/platform/bridge.mjs", 'import { s } from "../edge/server.mjs";\nexport const bridge = s;\n');
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
      "server/platform/bridge.mjs -> server/edge/server.mjs (platform is floor 0, edge is floor 8)",
      "server/platform/db.ts -> server/services/kernel/thing.ts (platform is floor 0, services is floor 4)",
    ]);
  });

  it("reports a deep import into a service domain, a domain importing one on its own or a higher floor, and a domain without a floor", () => {
    expect(domainImports(edges).sort()).toEqual([
      "server/api/routers/cart.ts -> server/services/tickets/take.ts (deep import: import src/server/services/tickets/index.ts)",
      "server/platform/db.ts -> server/services/kernel/thing.ts (deep import: import src/server/services/kernel/index.ts)",
      "server/services/tickets/take.ts -> server/services/accounts/index.ts (tickets is domain floor 2, accounts is domain floor 2)",
      "server/services/tickets/take.ts -> server/services/checkout/index.ts (tickets is domain floor 2, checkout is domain floor 4)",
      "server/services/tickets/take.ts -> server/services/kernel/thing.ts (deep import: import src/server/services/kernel/index.ts)",
    ]);
  });

  it("reports a loose file in services, a domain without a floor or a face, and a domain with too many files", () => {
    expect(serviceLayout(probe).sort()).toEqual([
      "server/services/loose.ts (a loose file: it belongs in a domain folder)",
      "server/services/novel (no floor for this domain: SERVICE_DOMAIN_FLOORS)",
      "server/services/prizes (no face: index.ts)",
      `server/services/support (${DOMAIN_FILE_LIMIT + 2} files outside its sub-folders, over ${DOMAIN_FILE_LIMIT}: split it)`,
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
    expect(domainImports(real)).toEqual([]);
    expect(serviceLayout(src)).toEqual([]);
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
