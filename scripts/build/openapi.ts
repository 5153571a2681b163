/**
 * The OpenAPI document as files, for tools outside the app:
 *   npm run openapi -- types    writes generated/rest-api.ts (openapi-typescript: paths → typed
 *                               requests and answers, for openapi-fetch; committed outside `src`,
 *                               which holds only code written by hand, and
 *                               tests/integration/openapi-client.test.ts fails when it is stale)
 *   npm run openapi -- json     prints the document (what GET /api/openapi.json serves)
 */
import fs from "node:fs";
import openapiTS, { type OpenAPI3 } from "openapi-typescript";
import { buildOpenApiDocument } from "../../src/server/rest/openapi";

export const REST_TYPES_FILE = "generated/rest-api.ts";

/** The TypeScript types openapi-typescript makes of the document, as the committed file holds them. */
export async function restApiTypes(): Promise<string> {
  const types = await openapiTS(buildOpenApiDocument() as unknown as OpenAPI3);
  return `// Generated from the OpenAPI document by \`npm run openapi -- types\` (scripts/build/openapi.ts): do not edit.\n${types}`;
}

const command = process.argv[2];
if (command === "types") {
  fs.writeFileSync(REST_TYPES_FILE, await restApiTypes());
  console.log(`wrote ${REST_TYPES_FILE}`);
} else if (command === "json") {
  process.stdout.write(`${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
}
