"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@/server/api/root";
import { MAX_TRPC_BATCH, transformer } from "@/shared/transformer";
import { shareEqualData } from "./share-equal-data";

function makeQueryClient() {
  // docs/product.md §7: data never becomes stale, no refetch on focus, no retries unless stated.
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        retry: false,
        // An unchanged answer keeps the cached objects, dates included, so nothing renders again.
        structuralSharing: shareEqualData,
      },
      mutations: { retry: false },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** One query client per browser tab; a new one per server render, so no player's data outlives a request. */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

/** The plain client, for a call outside React's hooks (src/components/common/devicePush.ts). */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: httpSubscriptionLink({ url: "/api/trpc", transformer }),
      false: splitLink({
        // Alone on its own path, so the reset cookie (Path=/api/trpc/auth.resetPassword) reaches it.
        condition: (op) => op.path === "auth.resetPassword",
        true: httpLink({ url: "/api/trpc", transformer }),
        false: httpBatchLink({ url: "/api/trpc", transformer, maxItems: MAX_TRPC_BATCH }),
      }),
    }),
  ],
});

/**
 * Typed TanStack Query options for every procedure (@trpc/tanstack-react-query):
 *   useQuery(trpc.contests.list.queryOptions(input)); useMutation(trpc.cart.add.mutationOptions({ onSuccess }))
 *   queryClient.invalidateQueries(trpc.cart.get.pathFilter())
 * A module-level proxy rather than a context hook: the client only sends requests from the browser,
 * and the query client it reads (for mutation defaults) is getQueryClient's.
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient: getQueryClient });

export function TRPCReactProvider({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
