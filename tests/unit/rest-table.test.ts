import { describe, expect, it } from "vitest";
import { appRouter } from "../../src/server/api/root";
import type { Access, ProcedureMeta } from "../../src/server/api/trpc";
import { restRoutes } from "../../src/server/rest/table";

// At run time `_def.procedures` is flat: "cart.add" → procedure.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
const rank: Record<Access, number> = { public: 0, user: 1, admin: 2 };

describe("server/rest/table", () => {
  it("every procedure says who may call it (built from publicProcedure, authedProcedure or adminProcedure)", () => {
    for (const [path, procedure] of Object.entries(procedures)) {
      expect(procedure._def.meta?.access, path).toMatch(/^(public|user|admin)$/);
    }
  });

  it("each row's doc.access is its procedure's access level, or stricter; raw rows declare theirs", () => {
    // tests/integration/openapi.test.ts proves each row calls the procedure its doc names.
    for (const route of restRoutes) {
      const label = `${route.method} ${route.path}`;
      if (route.raw) {
        expect(route.doc.procedure, label).toBeUndefined();
        continue;
      }
      const procedure = procedures[route.doc.procedure ?? ""];
      expect(procedure, `${label} names a procedure of appRouter`).toBeDefined();
      const own = procedure?._def.meta?.access ?? "public";
      expect(
        rank[route.doc.access],
        `${label}: doc says ${route.doc.access}, ${route.doc.procedure} is ${own}`,
      ).toBeGreaterThanOrEqual(rank[own]);
      // Stricter than the procedure only where the row itself refuses (GET /api/auth/user: 401 when me() is null).
      if (route.doc.access !== own) expect(label).toBe("GET /api/auth/user");
    }
  });
});
