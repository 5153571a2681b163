"use client";

import type { QueryClient, QueryFilters } from "@tanstack/react-query";

/**
 * Live data: a subscription's ticks trigger refetches. While the stream is not connected
 * (error, reconnecting) callers fall back to polling at the interval of docs/product.md §9.
 * Tests set `window.__PRIZE_NO_POLLING__` to prove updates arrive by the stream alone.
 */
export function pollingFallback(status: string, intervalMs: number): number | false {
  if (typeof window !== "undefined" && (window as { __PRIZE_NO_POLLING__?: boolean }).__PRIZE_NO_POLLING__) return false;
  return status === "pending" ? false : intervalMs;
}

/**
 * Refetches what a live tick says changed. A plain invalidate is not enough: react-query joins a
 * fetch already under way when the query has no data yet, so a tick that arrives during a page's
 * first fetch (sent before the change it announces, answered after) would leave the older answer in
 * place until the next tick. Such queries fetch once more when that first fetch has answered (not
 * cancelled: under a stream of ticks a cancelled first fetch could restart forever).
 */
export async function refetchOnTick(queryClient: QueryClient, ...filters: QueryFilters[]): Promise<void> {
  await Promise.all(
    filters.map(async (filter) => {
      const firstFetches = queryClient
        .getQueryCache()
        .findAll(filter)
        .filter((q) => q.state.data === undefined && q.state.fetchStatus === "fetching");
      await queryClient.invalidateQueries(filter);
      if (firstFetches.length) await queryClient.invalidateQueries({ ...filter, predicate: (q) => firstFetches.includes(q) });
    }),
  );
}
