import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "@/server/api/context";
import { appRouter } from "@/server/api/root";
import { hasNonJsonBody } from "@/server/security/csrf";
import { errorResponse } from "@/server/rest/handler";

export const dynamic = "force-dynamic";

function handler(req: Request): Promise<Response> | Response {
  if (req.method === "POST" && hasNonJsonBody(req.headers)) {
    return errorResponse(415, "Request body must be JSON (Content-Type: application/json)");
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: ({ req, resHeaders }) => createContext({ req, resHeaders }),
  });
}

export { handler as GET, handler as POST };
