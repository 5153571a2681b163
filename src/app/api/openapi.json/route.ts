import { openApiJson } from "@/server/rest/openapi";

export const dynamic = "force-dynamic";

/** The OpenAPI 3.1 document of every REST row (src/server/rest/openapi.ts). */
export function GET(): Response {
  return new Response(openApiJson(), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
