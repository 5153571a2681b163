/**
 * The thin REST adapter: documented `/api/...` paths → tRPC procedures via createCaller.
 * Errors follow docs/architecture.md "Error path": status + {"message"}; never a 500 for bad input.
 */
import "server-only";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";
import { createContext } from "../api/context";
import { assertAdminAccess } from "../api/privileged";
import { type CachedJson, publicReadsFor } from "../cache/public-reads";
import { createCaller } from "../api/root";
import { zodMessage } from "../api/trpc";
import { getDb } from "../platform/db";
import { DB_RETRY_AFTER_SECONDS, DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../platform/db-unavailable";
import { DomainError, HTTP_STATUS } from "../platform/errors";
import { logger } from "../platform/logger";
import { type RequestInfo, withRequestLog } from "../ops/request-log";
import { reportServerError } from "../ops/error-reports";
import { limitAnonymousRequest } from "../security/anonymous-limit";
import { BODY_LIMITS, readBodyText } from "../security/body-limit";
import { hasNonJsonBody } from "../security/csrf";
import { isPagedQuery } from "./paging";
import { matchRoute } from "./table";
import { etagMatches } from "../platform/etag";
import { errorResponse, jsonResponse } from "../platform/json-response";

/** Status and message for anything a procedure threw. */
export function describeError(error: unknown): { status: number; message: string; retryAfter?: number } {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (error.cause instanceof ZodError) return { status: 400, message: zodMessage(error.cause) };
    const retryAfter =
      error.cause instanceof DomainError ? (error.cause.details?.retryAfterSeconds as number | undefined) : undefined;
    if (status >= 500 && error.code === "INTERNAL_SERVER_ERROR") return describeError(error.cause ?? null);
    return { status, message: error.message, retryAfter };
  }
  if (error instanceof ZodError) return { status: 400, message: zodMessage(error) };
  if (error instanceof DomainError) {
    const retryAfter = error.details?.retryAfterSeconds as number | undefined;
    return { status: HTTP_STATUS[error.code], message: error.message, retryAfter };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, message: DB_UNAVAILABLE_MESSAGE, retryAfter: DB_RETRY_AFTER_SECONDS };
  return { status: 500, message: "Internal server error" };
}

async function readJsonBody(req: Request): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; res: Response }> {
  if (req.method === "GET" || req.method === "HEAD") return { ok: true, body: {} };
  if (hasNonJsonBody(req.headers)) {
    return { ok: false, res: errorResponse(415, "Request body must be JSON (Content-Type: application/json)") };
  }
  const read = await readBodyText(req, BODY_LIMITS.rest);
  if (!read.ok) return { ok: false, res: errorResponse(read.status, read.message) };
  const text = read.text;
  if (!text.trim()) return { ok: true, body: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, res: errorResponse(400, "Malformed JSON body") };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { ok: false, res: errorResponse(400, "Request body must be a JSON object") };
  }
  return { ok: true, body: parsed as Record<string, unknown> };
}

/**
 * A cached public answer: the stored JSON with its ETag. `no-cache` lets browsers and CDNs keep
 * it but revalidate every time (a 304 costs no query and no body), so nobody sees an old count.
 */
function cachedResponse(req: Request, cached: CachedJson, headers: Headers): Response {
  headers.set("etag", cached.etag);
  headers.set("cache-control", "public, no-cache");
  if (etagMatches(req.headers.get("if-none-match"), cached.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(cached.json, { status: 200, headers });
}

/** Every REST request: served, logged once, answered with its `x-request-id`. */
export function handleRestRequest(req: Request): Promise<Response> {
  return withRequestLog(req, (info) => serveRestRequest(req, info));
}

async function serveRestRequest(req: Request, info: RequestInfo): Promise<Response> {
  const url = new URL(req.url);
  const match = matchRoute(req.method, url.pathname);
  if (match.kind === "not-found") return errorResponse(404, `Not found: ${req.method} ${url.pathname}`);
  if (match.kind === "malformed-path") return errorResponse(400, match.message);
  if (match.kind === "method-not-allowed") {
    return errorResponse(
      405,
      `Method ${req.method} not allowed on ${url.pathname}`,
      new Headers({ allow: match.allowed.join(", ") }),
    );
  }
  const { route, params } = match;
  info.route = route.path;
  const resHeaders = new Headers();
  try {
    // Public cached reads need no session: no context, no session lookup, no caller.
    // A paged request (?limit or ?cursor) is answered by the procedure: the cache holds the first page.
    const reads = route.cached && !isPagedQuery(url.searchParams) ? await publicReadsFor(await getDb()) : undefined;
    if (route.cached && reads) {
      return cachedResponse(req, await route.cached(reads, { params, query: url.searchParams }), resHeaders);
    }
    const ctx = await createContext({ req, resHeaders, info });
    if (route.raw) {
      // A raw admin row is not a procedure: the same one rule as adminProcedure (src/server/api/privileged.ts).
      if (route.doc.access === "admin") assertAdminAccess(ctx, `${route.method} ${route.path}`);
      // A public raw row (the entry-list files, the login redirect) counts like every procedure does.
      if (!ctx.user && route.doc.access === "public" && !route.outsideAnonymousBudget) await limitAnonymousRequest(ctx);
      return await route.raw(req, { params, query: url.searchParams, ctx });
    }
    const body = await readJsonBody(req);
    if (!body.ok) return body.res;
    const caller = createCaller(ctx);
    const result = await route.call(caller, { params, body: body.body, query: url.searchParams, ctx });
    return jsonResponse(result, route.status ?? 200, resHeaders);
  } catch (error) {
    const { status, message, retryAfter } = describeError(error);
    if (status === 500) {
      logger.error({ err: error, path: url.pathname, method: req.method, requestId: info.requestId }, "REST request failed");
      reportServerError(error, { requestId: info.requestId, route: info.route ?? "unmatched", method: req.method });
    }
    if (retryAfter) resHeaders.set("retry-after", String(retryAfter));
    return errorResponse(status, message, resHeaders);
  }
}
