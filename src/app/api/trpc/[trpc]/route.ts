import type { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { DomainError } from "@/server/platform/errors";
import { createContext } from "@/server/api/context";
import { appRouter } from "@/server/api/root";
import { errorResponse } from "@/server/platform/json-response";
import { withRequestLog } from "@/server/ops/request-log";
import { BODY_LIMITS, readBodyText } from "@/server/security/body-limit";
import { hasNonJsonBody } from "@/server/security/csrf";
import { MAX_TRPC_BATCH } from "@/shared/transformer";

export const dynamic = "force-dynamic";

const PROCEDURES = new Set(Object.keys(appRouter._def.procedures));

/** The metrics label: the procedure (or "batch"), only for known names so clients cannot add labels. */
function trpcRoute(pathname: string): string {
  const names = pathname.slice("/api/trpc/".length).split(",");
  if (!names.every((n) => PROCEDURES.has(n))) return "unmatched";
  return names.length === 1 ? `/api/trpc/${names[0]}` : "/api/trpc/(batch)";
}

/** Retry-After on 429 and 503 answers (rate limits, argon2 cap, database unavailable). */
function retryAfterMeta(errors: TRPCError[]): { headers?: Record<string, string> } {
  const seconds = errors
    .map((e) => (e.cause instanceof DomainError ? (e.cause.details?.retryAfterSeconds as number | undefined) : undefined))
    .filter((n): n is number => typeof n === "number");
  return seconds.length > 0 ? { headers: { "retry-after": String(Math.max(...seconds)) } } : {};
}

function handler(req: Request): Promise<Response> {
  return withRequestLog(req, async (info) => {
    try {
      decodeURIComponent(new URL(req.url).pathname);
    } catch {
      // A broken percent-escape in the procedure path: bad input, not a server error.
      return errorResponse(400, "Malformed URL path");
    }
    info.route = trpcRoute(new URL(req.url).pathname);
    let request = req;
    if (req.method === "POST") {
      if (hasNonJsonBody(req.headers)) {
        return errorResponse(415, "Request body must be JSON (Content-Type: application/json)");
      }
      // The body is read under the one size limit before tRPC parses it (docs/security.md).
      const read = await readBodyText(req, BODY_LIMITS.trpc);
      if (!read.ok) return errorResponse(read.status, read.message);
      request = new Request(req.url, { method: "POST", headers: req.headers, body: read.text, signal: req.signal });
    }
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req: request,
      router: appRouter,
      maxBatchSize: MAX_TRPC_BATCH,
      createContext: ({ req, resHeaders }) => createContext({ req, resHeaders, info }),
      responseMeta: ({ errors }) => retryAfterMeta(errors),
    });
  });
}

export { handler as GET, handler as POST };
