/**
 * One structured log line per API request, with a request id echoed in `x-request-id`.
 * Logs method, path (never the query: tRPC GETs carry inputs there), status, duration, request id
 * and the signed-in user's id; never bodies, cookies, tokens or other headers.
 */
import { randomUUID } from "node:crypto";
import { logger } from "./logger";
import { observeRequest } from "./ops/metrics";

/**
 * What the handler learns while serving the request: the user once the session is read, and the
 * route pattern once it is matched (the metrics label: src/server/ops/metrics.ts).
 */
export type RequestInfo = { requestId: string; userId: string | null; route?: string };

/** An incoming id is kept only when it is short and plain (no log injection, no unbounded size). */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get("x-request-id")?.trim();
  return incoming && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
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
    const elapsed = performance.now() - started;
    observeRequest(req.method, info.route ?? "unmatched", status, elapsed / 1000);
    const ms = Math.round(elapsed * 10) / 10;
    const line = { requestId: info.requestId, method: req.method, path, status, ms, userId: info.userId ?? undefined };
    if (status >= 500) logger.error(line, "request");
    else logger.info(line, "request");
  }
}
