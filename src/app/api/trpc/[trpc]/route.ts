import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "@/server/api/context";
import { appRouter } from "@/server/api/root";
import { errorResponse } from "@/server/rest/handler";
import { withRequestLog } from "@/server/request-log";
import { BODY_LIMITS, readBodyText } from "@/server/security/body-limit";
import { hasNonJsonBody } from "@/server/security/csrf";
import { MAX_TRPC_BATCH } from "@/shared/transformer";

export const dynamic = "force-dynamic";

function handler(req: Request): Promise<Response> {
  return withRequestLog(req, async (info) => {
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
    });
  });
}

export { handler as GET, handler as POST };
