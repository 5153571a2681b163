/**
 * The OpenAPI 3.1 document of every REST row (`GET /api/openapi.json`), generated from the route
 * table (src/server/rest/table.ts) and each row's `doc` (src/server/rest/types.ts): request schemas
 * are the called procedure's zod input and response schemas each row's `doc.output` (the shared JSON
 * answer schemas of src/shared/schemas/responses.ts), emitted as JSON Schema 2020-12 by zod's
 * `z.toJSONSchema`. tests/integration/openapi.test.ts holds rows and document together; CI lints the
 * document with Redocly (redocly.yaml) and tests/integration/openapi-client.test.ts calls the app
 * through a client generated from it.
 */
import "server-only";
import { z } from "zod";
import { SESSION_COOKIE } from "@/shared/constants";
import { objectOf, pathParams, procedureInput, requestBodySchema } from "./input-mapping";
import { restRoutes } from "./table";
import type { RestRoute } from "./types";

// The input-mapping helpers, for the tests that hold the document to the rows.
export { objectOf, pathParams, procedureInput, requestBodySchema };

type JsonSchema = Record<string, unknown>;
type AnyZod = z.ZodType;

const ERROR_STATUSES: Record<string, string> = {
  "400": "Invalid input (the message names the field and the rule) or malformed JSON",
  "404": "Not found",
  "409": "Conflict (e.g. sold out, already processed)",
  "413": "Body too large",
  "415": "Body is not JSON",
  "429": "Rate limited (see Retry-After)",
};

export function jsonSchemaOf(schema: AnyZod, io: "input" | "output" = "input"): JsonSchema {
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
  return out;
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

function operation(route: RestRoute): JsonSchema {
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
      content: { "application/json": { schema: jsonSchemaOf(doc.output, "output") } },
    };
  }
  const error = (description: string) => ({
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  for (const [status, description] of Object.entries(ERROR_STATUSES)) responses[status] = error(description);
  responses["503"] = error("The database is unreachable or the server is busy (see Retry-After)");
  if (/^(payments|withdrawals)\./.test(doc.procedure ?? "")) responses["502"] = error("The payment gateway failed or refused");
  if (route.raw && route.path.endsWith("/webhook")) responses["401"] = error("Signature missing or invalid");
  if (route.method !== "GET") responses["403"] = error("Cross-site request refused (CSRF), or not allowed");
  for (const [status, description] of Object.entries(doc.errors ?? {})) responses[status] = error(description);
  if (route.cached) responses["304"] = { description: "Not modified: the answer for the If-None-Match ETag is current" };
  if (doc.access !== "public") {
    responses["401"] = error("Unauthorized: not signed in");
    op.security = [{ session: [] }];
  } else {
    // Public: overrides any document-wide requirement, and says so to linters and generators.
    op.security = [];
  }
  if (doc.access === "admin") responses["403"] = error("Forbidden: admins only");
  op.responses = responses;
  return op;
}

export function buildOpenApiDocument(routes: RestRoute[] = restRoutes): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const key = openApiPath(route.path);
    paths[key] ??= {};
    paths[key][route.method.toLowerCase()] = operation(route);
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
