import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { createContextInner } from "./context";
import { createCaller } from "./root";
import { getDb } from "../platform/db";

/**
 * A caller for server components: same procedures, same rules, no HTTP hop. One per request (React's
 * `cache`, as create-t3-app's trpc/server.ts): a page and its generateMetadata share the context, so
 * the session is looked up once.
 */
export const getServerCaller = cache(async () => {
  const h = new Headers(await headers());
  const ctx = await createContextInner({ db: await getDb(), headers: h });
  return createCaller(ctx);
});
