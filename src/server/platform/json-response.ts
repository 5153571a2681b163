/**
 * The JSON answers both HTTP surfaces give before or instead of a procedure: the REST adapter
 * (src/server/rest/handler.ts) and the tRPC route (src/app/api/trpc/[trpc]/route.ts) share them
 * from here, so the tRPC route does not load the REST adapter.
 */
export function jsonResponse(body: unknown, status = 200, headers?: Headers): Response {
  const h = new Headers(headers);
  h.set("content-type", "application/json; charset=utf-8");
  h.set("cache-control", "no-store");
  return new Response(JSON.stringify(body ?? null), { status, headers: h });
}

/** `{"message"}` with a status: every error the HTTP surfaces answer (docs/architecture.md "Error path"). */
export function errorResponse(status: number, message: string, headers?: Headers): Response {
  return jsonResponse({ message }, status, headers);
}
