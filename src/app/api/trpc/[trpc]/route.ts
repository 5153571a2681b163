import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "@/server/api/context";
import { appRouter } from "@/server/api/root";
import { errorResponse } from "@/server/rest/handler";
import { withRequestLog } from "@/server/request-log";
import { hasNonJsonBody } from "@/server/security/csrf";

export const dynamic = "force-dynamic";

function handler(req: Request): Promise<Response> {
  return withRequestLog(req, async (info) => {
    if (req.method === "POST" && hasNonJsonBody(req.headers)) {
      return errorResponse(415, "Request body must be JSON (Content-Type: application/json)");
    }
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req,
      router: appRouter,
      createContext: ({ req, resHeaders }) => createContext({ req, resHeaders, info }),
    });
  });
}

export { handler as GET, handler as POST };
