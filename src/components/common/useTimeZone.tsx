"use client";

import { browserTimeZone, type DateInput, type DateStyle, formatDateTime, SERVER_TIME_ZONE } from "@/shared/format";
import { useHydrated } from "./useHydrated";

// Read once: the browser's zone does not change while a page is open, and each read builds an Intl object.
let zone: string | undefined;

/**
 * The zone dates are shown in: UTC while the server renders and while the browser hydrates (so both
 * produce the same text), then the player's own zone, switched in a transition (./useHydrated.ts).
 */
export function useTimeZone(): string {
  const hydrated = useHydrated();
  if (!hydrated) return SERVER_TIME_ZONE;
  zone ??= browserTimeZone();
  return zone;
}

/** An instant on screen, in the player's zone with its label: `<time dateTime="…">Nov 25, 2026, 2:15 AM PST</time>`. */
export function DateTime({ value, style = "dateTime" }: { value: DateInput; style?: DateStyle }) {
  const zone = useTimeZone();
  const d = value instanceof Date ? value : new Date(value);
  return <time dateTime={Number.isNaN(d.getTime()) ? undefined : d.toISOString()}>{formatDateTime(d, zone, style)}</time>;
}
