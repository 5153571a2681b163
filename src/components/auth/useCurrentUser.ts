"use client";

import { api } from "@/trpc/react";

/**
 * The signed-in user or null (docs/product.md §4: no retry; refetch on mount and window focus).
 * Every component that needs the user reads it here so one query serves the whole page.
 */
export function useCurrentUser() {
  const query = api.auth.me.useQuery(undefined, {
    retry: false,
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, refetch: query.refetch };
}
