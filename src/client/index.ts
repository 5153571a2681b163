/**
 * Typed client for internal tools and scripts:
 *   const api = createApiClient("http://localhost:3000", { token }); // token: the `session` cookie of a login
 *   const contests = await api.contests.list.query();
 */
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { AppRouter } from "../server/api/root";
import { MAX_TRPC_BATCH, transformer } from "../shared/transformer";

export type { AppRouter };

export function createApiClient(baseUrl: string, opts: { token?: string } = {}) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl.replace(/\/$/, "")}/api/trpc`,
        transformer,
        maxItems: MAX_TRPC_BATCH,
        headers: () => (opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      }),
    ],
  });
}
