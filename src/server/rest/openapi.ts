/**
 * The OpenAPI 3.1 document of every REST row (`GET /api/openapi.json`), generated from the route
 * table (src/server/rest/table.ts) and each row's `doc` (src/server/rest/types.ts): request schemas
 * are the called procedure's zod input and response schemas each row's `doc.output` (the shared JSON
 * answer schemas of src/shared/schemas/responses.ts), emitted as JSON Schema 2020-12 by zod's
 * `z.toJSONSchema`. An answer schema that carries a name (`.meta({ id: "Contest" })`) is written
 * once under `components/schemas` and referenced with `$ref` wherever it appears. Each operation
 * lists the errors it can give (`errorAnswers`): derived from what the row is, plus the row's own
 * `doc.errors`. tests/integration/openapi.test.ts holds rows and document together; CI lints the
 * document with Redocly (redocly.yaml) and tests/integration/openapi-client.test.ts calls the app
 * through a client generated from it.
 */
import "server-only";
import { z } from "zod";
import { SESSION_COOKIE } from "@/shared/constants";
import { MAX_INPUT_NODES } from "../api/trpc";
import { objectOf, pathParams, procedureInput, requestBodySchema } from "./input-mapping";
import { restRoutes } from "./table";
import type { RestRoute } from "./types";

// The input-mapping helpers, for the tests that hold the document to the rows.
export { objectOf, pathParams, procedureInput, requestBodySchema };

type JsonSchema = Record<string, unknown>;
type AnyZod = z.ZodType;

/**
 * A zod schema as JSON Schema 2020-12. Named schemas inside it (`.meta({ id })`) come out of zod as
 * `$ref`s into `$defs`; given `components`, those definitions move there and the references follow.
 */
export function jsonSchemaOf(schema: AnyZod, io: "input" | "output" = "input", components?: Record<string, unknown>): JsonSchema {
  const out = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    // A date travels in JSON as its ISO 8601 text (zod cannot say that of z.date() by itself).
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
    },
  }) as JsonSchema;
  delete out.$schema;
  const defs = out.$defs as Record<string, unknown> | undefined;
  if (!defs || !components) return out;
  delete out.$defs;
  const toComponents = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'));
  for (const [name, def] of Object.entries(defs)) {
    const body = toComponents(def);
    // One name, one schema: two different answer schemas may not claim the same component name.
    if (name in components && JSON.stringify(components[name]) !== JSON.stringify(body)) {
      throw new Error(`OpenAPI: two different answer schemas are named ${name}`);
    }
    components[name] = body;
  }
  return toComponents(out) as JsonSchema;
}

export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

function parameters(route: RestRoute): JsonSchema[] {
  const { doc } = route;
  const shape = doc.procedure ? objectOf(procedureInput(doc.procedure))?.shape : undefined;
  const schemaFor = (field: string): JsonSchema => {
    const s = shape?.[field] as AnyZod | undefined;
    return s ? jsonSchemaOf(s) : { type: "string" };
  };
  return [
    ...pathParams(route.path).map((p) => ({ name: p, in: "path", required: true, schema: schemaFor(doc.params?.[p] ?? p) })),
    ...(doc.query ?? []).map((q) => ({
      name: q,
      in: "query",
      required: !((shape?.[q] as AnyZod | undefined)?.safeParse(undefined).success ?? true),
      schema: schemaFor(q),
    })),
  ];
}

/**
 * The error answers an operation can give (status → when): the ones that follow from what the row
 * is, as the adapter (src/server/rest/handler.ts) and the procedure kinds (src/server/api/trpc.ts)
 * answer them, then the row's own `doc.errors` (what its service refuses):
 * - 400 when it takes input (path or query parameters, a body): the zod schema refuses it, a path
 *   parameter is malformed, a JSON body does not parse;
 * - 401 unless public; 403 on admin rows, and on mutations through a procedure (CSRF);
 * - 404 when the path names something (a path parameter);
 * - 413 and 415 only with a body (a raw body is read as sent, whatever its type: no 415);
 * - 429 where a procedure answers (the anonymous budget, the per-account limits) and on public raw
 *   rows (the anonymous budget, src/server/rest/handler.ts) unless `outsideAnonymousBudget`; never on
 *   other raw rows, nor on a cached public read without a query (src/server/cache/public-reads.ts);
 * - 503 on every row (the session look-up alone needs the database).
 * So a public GET has no 401 or 403, a row without a body no 413 or 415, a GET without parameters no 400.
 */
export function errorAnswers(route: RestRoute): Record<string, string> {
  const { doc } = route;
  const params = pathParams(route.path);
  const query = doc.query ?? [];
  const jsonBody = doc.body !== undefined;
  const reasons = new Map<number, string[]>();
  const add = (status: number, reason: string) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);

  if (params.length || query.length || jsonBody || doc.rawBody) {
    add(400, "Invalid input: the message names the field and the rule");
    if (params.length) add(400, "a malformed path parameter");
    if (jsonBody) add(400, "malformed JSON, or a body that is not a JSON object");
  }
  if (doc.access !== "public") add(401, "Not signed in");
  if (doc.access === "admin") {
    add(403, "Admins only (with ADMIN_2FA_REQUIRED, also a session that passed two-factor: src/server/api/privileged.ts)");
  }
  if (route.method !== "GET" && !route.raw) add(403, "A cross-site request (CSRF)");
  if (params.length) add(404, `Nothing found for ${params.map((p) => `{${p}}`).join(", ")}`);
  if (jsonBody) add(413, `Body too large, or more than ${MAX_INPUT_NODES} values`);
  if (doc.rawBody) add(413, "Body too large");
  if (jsonBody) add(415, "Body is not JSON (Content-Type: application/json)");
  const budgeted = route.raw ? doc.access === "public" && !route.outsideAnonymousBudget : !(route.cached && query.length === 0);
  if (budgeted) add(429, "Too many requests (see Retry-After)");
  add(503, "The database is unreachable or the server is busy (see Retry-After)");
  for (const [status, reason] of Object.entries(doc.errors ?? {})) add(Number(status), reason);

  const sentence = (list: string[]) => list.map((r, i) => (i ? r.charAt(0).toLowerCase() + r.slice(1) : r)).join("; ");
  return Object.fromEntries([...reasons].sort(([a], [b]) => a - b).map(([status, list]) => [String(status), sentence(list)]));
}

function operation(route: RestRoute, components: Record<string, unknown>): JsonSchema {
  const { doc } = route;
  const op: JsonSchema = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    summary: doc.summary,
    tags: [route.path.split("/")[2] ?? "api"],
    "x-access": doc.access,
  };
  if (doc.procedure) op["x-trpc-procedure"] = doc.procedure;
  const params = parameters(route);
  if (params.length) op.parameters = params;
  const body = requestBodySchema(route);
  if (body) op.requestBody = { required: true, content: { "application/json": { schema: jsonSchemaOf(body) } } };
  else if (doc.rawBody) {
    op.requestBody = {
      required: true,
      description: doc.rawBody.description,
      content: { [doc.rawBody.contentType]: { schema: {} } },
    };
  }
  const responses: JsonSchema = {};
  if (doc.response) {
    responses[String(doc.response.status)] = {
      description: doc.response.description,
      content: { [doc.response.contentType]: { schema: { type: "string" } } },
    };
  } else {
    if (!doc.output) throw new Error(`OpenAPI: ${route.method} ${route.path} answers JSON but declares no doc.output`);
    responses[String(route.status ?? 200)] = {
      description: "OK",
      content: { "application/json": { schema: jsonSchemaOf(doc.output, "output", components) } },
    };
  }
  if (route.cached) responses["304"] = { description: "Not modified: the answer for the If-None-Match ETag is current" };
  for (const [status, description] of Object.entries(errorAnswers(route))) {
    responses[status] = { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  // Public: overrides any document-wide requirement, and says so to linters and generators.
  op.security = doc.access === "public" ? [] : [{ session: [] }];
  op.responses = responses;
  return op;
}

export function buildOpenApiDocument(routes: RestRoute[] = restRoutes): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const named: Record<string, unknown> = {};
  for (const route of routes) {
    const key = openApiPath(route.path);
    paths[key] ??= {};
    paths[key][route.method.toLowerCase()] = operation(route, named);
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Prize Contests REST API",
      version: "1.0.0",
      description:
        'Every documented REST path (docs/product.md §7). Errors are {"message"}. Mutations from browsers must be same-origin (CSRF); sessions travel in an HttpOnly cookie.',
    },
    // Relative: clients resolve it against where they fetched the document (any deployment's origin).
    servers: [{ url: "/", description: "The server this document was fetched from" }],
    paths,
    components: {
      schemas: {
        Error: { type: "object", required: ["message"], properties: { message: { type: "string" } } },
        ...Object.fromEntries(Object.entries(named).sort(([a], [b]) => a.localeCompare(b))),
      },
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
    },
  };
}

let cached: string | undefined;
/** The document as JSON text (built once per process: rows and schemas do not change at run time). */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}
