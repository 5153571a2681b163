/**
 * Contract checks: an answer of the REST surface against the OpenAPI document the app serves
 * (src/server/rest/openapi.ts), with a JSON Schema 2020-12 validator. The REST helper of the
 * integration tests (fixtures.ts `rest`) runs every answer through `assertMatchesDocument`, so each
 * test that calls a row also checks that the document tells the truth about its answer.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { buildOpenApiDocument } from "../../src/server/rest/openapi";
import { matchRoute } from "../../src/server/rest/table";

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let document: Document | undefined;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction | null>();

export function openApiDocument(): Document {
  document ??= buildOpenApiDocument() as Document;
  return document;
}

/** A path as a JSON Pointer token inside a URI fragment. */
const encode = (p: string) => p.replace(/~/g, "~0").replace(/\//g, "~1").replace(/\{/g, "%7B").replace(/\}/g, "%7D");

/** The schema the document gives for this answer (method, concrete path, status); null: it lists no such answer. */
function validatorFor(method: string, pathname: string, status: number): ValidateFunction | null | undefined {
  const match = matchRoute(method, pathname);
  if (match.kind !== "found") return undefined;
  const key = `${method} ${match.route.path} ${status}`;
  if (!validators.has(key)) {
    const doc = openApiDocument();
    // The whole document under one id, so `#/components/...` references inside a schema resolve.
    if (!ajv.getSchema("openapi")) ajv.addSchema(doc, "openapi");
    const path = match.route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    const op = method.toLowerCase();
    const hasSchema = doc.paths[path]?.[op]?.responses[String(status)]?.content?.["application/json"]?.schema !== undefined;
    validators.set(
      key,
      hasSchema
        ? ajv.compile({ $ref: `openapi#/paths/${encode(path)}/${op}/responses/${status}/content/application~1json/schema` })
        : null,
    );
  }
  return validators.get(key);
}

/**
 * Throws when a JSON answer of a documented row does not match the document: an undocumented
 * status, or a body outside its schema. Non-JSON answers (webhook "ok", redirects) and unknown
 * paths are not checked here.
 */
export function assertMatchesDocument(
  method: string,
  pathname: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  if (!contentType?.includes("application/json")) return;
  const validate = validatorFor(method, pathname, status);
  if (validate === undefined) return;
  if (validate === null) {
    // 405 and 500 are the server's, not a row's: every other status a row answers must be documented.
    if (status === 405 || status === 500) return;
    throw new Error(`contract: ${method} ${pathname} answered ${status}, which the OpenAPI document does not list`);
  }
  if (!validate(body)) {
    throw new Error(
      `contract: ${method} ${pathname} ${status} does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}
