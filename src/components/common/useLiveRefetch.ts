"use client";

/**
 * Live data: a subscription's ticks trigger refetches. While the stream is not connected
 * (error, reconnecting) callers fall back to polling at the interval of docs/product.md §9.
 * Tests set `window.__PRIZE_NO_POLLING__` to prove updates arrive by the stream alone.
 */
export function pollingFallback(status: string, intervalMs: number): number | false {
  if (typeof window !== "undefined" && (window as { __PRIZE_NO_POLLING__?: boolean }).__PRIZE_NO_POLLING__) return false;
  return status === "pending" ? false : intervalMs;
}
