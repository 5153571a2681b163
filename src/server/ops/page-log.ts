/**
 * Page requests in the structured log, like API requests (src/server/ops/request-log.ts): one `request`
 * line per page with method, path (never the query), status, duration and request id, echoed in
 * `x-request-id`. API routes log themselves (withRequestLog, the fast path's cached reads) and build
 * assets are not requests worth a line, so both are left out here. src/server/edge/server.mjs calls the hook
 * for every request; src/instrumentation.ts installs it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { edgeBridge } from "../platform/edge-bridge.mjs";
import { recordRequest, requestIdFromValue } from "./request-log";

/** The metrics label of every page (one value: paths are the client's to choose). */
export const PAGE_ROUTE = "(page)";

/** Whether the path is a page (or its navigation payload), not an API answer or a build asset. */
export function isPagePath(path: string): boolean {
  return !path.startsWith("/api/") && !path.startsWith("/_next/") && !/\.[A-Za-z0-9]{1,8}$/.test(path);
}

export function logPageRequest(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (!isPagePath(path)) return;
  const started = performance.now();
  const requestId = requestIdFromValue(req.headers["x-request-id"]);
  // Next sees the same id (an error report names it: src/instrumentation.ts onRequestError).
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  let logged = false;
  const log = () => {
    if (logged) return;
    logged = true;
    // A page left before its answer finished: what was sent, or 499 (the client closed) if nothing was.
    const status = res.writableFinished || res.headersSent ? res.statusCode : 499;
    recordRequest({
      requestId,
      method: req.method ?? "GET",
      path,
      route: PAGE_ROUTE,
      status,
      elapsedMs: performance.now() - started,
    });
  };
  res.once("finish", log);
  res.once("close", log);
}

export function installPageLog(): void {
  edgeBridge().pageLog = logPageRequest;
}
