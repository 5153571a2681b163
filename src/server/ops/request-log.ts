/**
 * One structured log line per API request, with a request id echoed in `x-request-id`.
 * Logs method, path (never the query: tRPC GETs carry inputs there), status, duration, request id
 * and the signed-in user's id; never bodies, cookies, tokens or other headers.
 */
import { randomUUID } from "node:crypto";
import { logger } from "../platform/logger";
import { observeRequest } from "./metrics";

/**
 * What the handler learns while serving the request: the user once the session is read, and the
 * route pattern once it is matched (the metrics label: src/server/ops/metrics.ts).
 */
export type RequestInfo = { requestId: string; userId: string | null; route?: string };

/** An incoming id is kept only when it is short and plain (no log injection, no unbounded size). */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(headers: Headers): string {
  return requestIdFromValue(headers.get("x-request-id"));
}

/** The same rule for a raw header value (src/server/edge/fast-path.ts reads node:http headers). */
export function requestIdFromValue(value: string | string[] | null | undefined): string {
  const incoming = typeof value === "string" ? value.trim() : undefined;
  return incoming && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
}

/** The one log line and metrics sample of a finished request (every path that answers API requests). */
export function recordRequest(line: {
  requestId: string;
  method: string;
  path: string;
  route?: string;
  status: number;
  elapsedMs: number;
  userId?: string | null;
}): void {
  observeRequest(line.method, line.route ?? "unmatched", line.status, line.elapsedMs / 1000);
  const ms = Math.round(line.elapsedMs * 10) / 10;
  const entry = {
    requestId: line.requestId,
    method: line.method,
    path: line.path,
    status: line.status,
    ms,
    userId: line.userId ?? undefined,
  };
  if (line.status >= 500) logger.error(entry, "request");
  else logger.info(entry, "request");
}

function withHeader(res: Response, name: string, value: string): Response {
  try {
    res.headers.set(name, value);
    return res;
  } catch {
    // Immutable headers (e.g. Response.redirect): copy the response.
    const copy = new Response(res.body, res);
    copy.headers.set(name, value);
    return copy;
  }
}

/**
 * Runs `handle` with a fresh RequestInfo and logs the outcome. The duration is until the response
 * head is ready (a streamed body such as an event stream keeps flowing after the line is written).
 */
export async function withRequestLog(req: Request, handle: (info: RequestInfo) => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const info: RequestInfo = { requestId: requestIdFrom(req.headers), userId: null };
  const path = new URL(req.url).pathname;
  let status = 500;
  try {
    const res = await handle(info);
    status = res.status;
    return withHeader(res, "x-request-id", info.requestId);
  } finally {
    recordRequest({
      requestId: info.requestId,
      method: req.method,
      path,
      route: info.route,
      status,
      elapsedMs: performance.now() - started,
      userId: info.userId,
    });
  }
}
