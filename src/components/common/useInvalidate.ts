"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";

type Invalidatable = { pathFilter: () => Parameters<QueryClient["invalidateQueries"]>[0] };

/** Marks tRPC queries stale, all at once (those on screen are fetched again): `invalidate(trpc.auth.me, …)`. */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return (...queries: Invalidatable[]) => Promise.all(queries.map((q) => queryClient.invalidateQueries(q.pathFilter())));
}
