"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCReact, httpBatchLink, httpLink, httpSubscriptionLink, splitLink } from "@trpc/react-query";
import { useState } from "react";
import type { AppRouter } from "@/server/api/root";
import { MAX_TRPC_BATCH, transformer } from "@/shared/transformer";

export const api = createTRPCReact<AppRouter>();

function makeQueryClient() {
  // docs/product.md §7: data never becomes stale, no refetch on focus, no retries unless stated.
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function TRPCReactProvider({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    api.createClient({
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
    }),
  );
  return (
    <api.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </api.Provider>
  );
}
