/**
 * The OpenAPI document and the REST table agree: every row is in the document with its method and
 * path; each row really calls the procedure its `doc` names and maps path, query and body as
 * declared (checked by calling the row with a recording caller); the request schemas are the
 * procedures' zod inputs; non-public rows answer 401 signed out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { GET as openApiRoute } from "../../src/app/api/openapi.json/route";
import {
  jsonSchemaOf,
  objectOf,
  openApiPath,
  pathParams,
  procedureInput,
  requestBodySchema,
} from "../../src/server/rest/openapi";
import { restRoutes } from "../../src/server/rest/table";
import type { Caller, RestRoute } from "../../src/server/rest/types";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { rest } from "../helpers/fixtures";

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown> };
};

function recordingCaller(log: { name?: string; input?: unknown }): Caller {
  const make = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_t, key) => (typeof key === "string" ? make([...path, key]) : undefined),
      apply: (_t, _this, args: unknown[]) => {
        log.name = path.join(".");
        log.input = args[0];
        // An empty list that also has the fields object answers are read for: rows may map either.
        return Promise.resolve(Object.assign([], { message: "", user: {} }));
      },
    });
  return make([]) as Caller;
}

const jsonSchema = (s: z.ZodType) => jsonSchemaOf(s);

const label = (r: RestRoute) => `${r.method} ${r.path}`;

describe(`OpenAPI document (${dbKind()})`, () => {
  let t: TestDb;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestDb();
    const res = openApiRoute();
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
  });
  afterAll(async () => {
    await t.close();
  });

  it("is an OpenAPI 3.1 document whose operations are exactly the REST rows", () => {
    expect(doc.openapi).toBe("3.1.0");
    const inDoc = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const inTable = restRoutes.map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(inDoc.sort()).toEqual([...inTable].sort());
    expect(new Set(inTable).size).toBe(restRoutes.length);
  });

  it("is well formed: unique operation ids, declared path parameters, responses, resolvable $refs, named answers, and only the errors each operation can give", () => {
    const ids = new Set<string>();
    const text = JSON.stringify(doc);
    const referenced = new Set<string>();
    for (const ref of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components.schemas, ref[1]).toHaveProperty(ref[1] as string);
      referenced.add(ref[1] as string);
    }
    // Answers that recur are components, written once and referenced (no zod-local $defs left behind).
    expect(text).not.toContain("$defs");
    for (const name of ["Contest", "AdminContest", "Purchase", "User", "Payment", "Withdrawal", "Notification", "Prize"]) {
      expect(referenced.has(name), `${name} is a component schema the operations reference`).toBe(true);
    }
    const listContests = doc.paths["/api/contests"]?.get?.responses as Record<string, { content: Record<string, unknown> }>;
    expect(listContests["200"]?.content["application/json"]).toEqual({
      schema: { type: "array", items: { $ref: "#/components/schemas/Contest" } },
    });
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(["get", "post", "put", "delete", "patch"]).toContain(method);
        const id = op.operationId as string;
        expect(ids.has(id), id).toBe(false);
        ids.add(id);
        expect(Object.keys(op.responses as object).length).toBeGreaterThan(0);
        const declared = ((op.parameters as { name: string; in: string }[] | undefined) ?? [])
          .filter((x) => x.in === "path")
          .map((x) => x.name);
        expect(declared.sort(), `${method} ${p}`).toEqual([...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
      }
    }

    // The errors each operation can give: none from a body it does not take, an access level it does
    // not have or a path parameter it lacks (unless the row names it in doc.errors).
    for (const route of restRoutes) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()] as { responses: Record<string, unknown> };
      const statuses = Object.keys(op.responses).filter((s) => s >= "400");
      const own = Object.keys(route.doc.errors ?? {});
      const may = (status: string, when: boolean) =>
        expect(statuses.includes(status), `${label(route)} lists ${status}`).toBe(when || own.includes(status));
      const body = route.doc.body !== undefined || route.doc.rawBody !== undefined;
      const takesInput = body || route.path.includes(":") || (route.doc.query?.length ?? 0) > 0;
      may("400", takesInput);
      may("401", route.doc.access !== "public");
      may("403", route.doc.access === "admin" || (route.method !== "GET" && !route.raw));
      may("404", route.path.includes(":"));
      may("413", body);
      may("415", route.doc.body !== undefined);
      expect(statuses, label(route)).toContain("503");
    }
    const errorsOf = (method: string, path: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses as object).filter((s) => s >= "400");
    // The cached public read: a bad page or category is 400, a page (not cached) counts against the anonymous budget.
    expect(errorsOf("get", "/api/contests")).toEqual(["400", "429", "503"]);
    expect(errorsOf("get", "/api/contests/{id}")).toEqual(["400", "404", "503"]);
    expect(errorsOf("post", "/api/auth/logout")).toEqual(["401", "403", "429", "503"]);
    expect(errorsOf("post", "/api/payments/webhook")).toEqual(["400", "401", "404", "409", "413", "503"]);
    expect(errorsOf("post", "/api/payments/create")).toContain("502");
    expect(errorsOf("post", "/api/withdrawals")).not.toContain("502");
  });

  it.each(restRoutes.filter((r) => !r.raw).map((r) => [label(r), r] as const))(
    "%s calls its documented procedure with the documented path, query and body",
    async (_name, route) => {
      const { doc: d } = route;
      expect(d.procedure, "a procedure row names its procedure").toBeTruthy();
      const params = Object.fromEntries(pathParams(route.path).map((p) => [p, `param:${p}`]));
      const query = new URLSearchParams((d.query ?? []).map((q) => [q, `query:${q}`]));
      const bodySchema = requestBodySchema(route);
      const bodyKeys = Object.keys(objectOf(bodySchema)?.shape ?? {});
      // Any field the row reads from the body comes back as "body:<field>", so undeclared reads show.
      const body = new Proxy({} as Record<string, unknown>, {
        get: (_t, k) => (typeof k === "string" && k !== "then" && k !== "toJSON" ? `body:${k}` : undefined),
      });
      const log: { name?: string; input?: unknown } = {};
      await route.call?.(recordingCaller(log), { params, query, body, ctx: {} as never });
      expect(log.name).toBe(d.procedure);
      const input = (log.input ?? {}) as Record<string, unknown>;

      for (const p of pathParams(route.path)) expect(input[d.params?.[p] ?? p], `path :${p}`).toBe(`param:${p}`);
      for (const q of d.query ?? []) expect(input[q], `query ${q}`).toBe(`query:${q}`);
      const fromBody = Object.entries(input).filter(([, v]) => v === body || (typeof v === "string" && v.startsWith("body:")));
      if (d.body === "input") expect(input).toBe(body);
      else if (d.body === "rest") {
        for (const k of bodyKeys) expect(input[k], `body ${k}`).toBe(`body:${k}`);
        expect(fromBody.map(([k]) => k).sort(), "body fields the row passes").toEqual([...bodyKeys].sort());
      } else if (d.body) {
        expect(input[d.body.field]).toBe(body);
        expect(fromBody.map(([k]) => k)).toEqual([d.body.field]);
      } else {
        expect(log.input === body, "no body is documented: the row must not pass one").toBe(false);
        expect(fromBody, "no body is documented: the row must not read one").toEqual([]);
      }

      // The documented request body is the procedure's input (or the declared part of it).
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()] as Record<string, unknown>;
      const documented = (op.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)?.content?.[
        "application/json"
      ]?.schema;
      const input0 = d.procedure ? procedureInput(d.procedure) : undefined;
      if (d.body === "input" && input0) expect(documented).toEqual(jsonSchema(input0));
      else if (d.body && typeof d.body === "object" && input0) {
        expect(documented).toEqual(jsonSchema(objectOf(input0)?.shape[d.body.field] as z.ZodType));
      } else if (d.body === "rest" && bodySchema) expect(documented).toEqual(jsonSchema(bodySchema));
      else expect(documented).toBeUndefined();
    },
  );

  it("documents access truthfully: every non-public row answers 401 signed out, public rows do not", async () => {
    for (const route of restRoutes) {
      if (route.raw) continue;
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, "x");
      const res = await rest(t.db, route.method, path, route.method === "GET" ? {} : { body: {} });
      if (route.doc.access === "public") expect(res.status, label(route)).not.toBe(401);
      else expect(res.status, label(route)).toBe(401);
    }
  });
});
