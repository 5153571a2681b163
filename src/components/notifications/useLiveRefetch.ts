"use client";

/**
 * Live data: a subscription's ticks trigger refetches. While the stream is not connected
 * (error, reconnecting) callers fall back to polling at the SPEC.md interval.
 */
export function pollingFallback(status: string, intervalMs: number): number | false {
  return status === "pending" ? false : intervalMs;
}
