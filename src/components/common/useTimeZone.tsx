"use client";

import { useSyncExternalStore } from "react";
import { browserTimeZone, type DateInput, type DateStyle, formatDateTime, SERVER_TIME_ZONE } from "@/shared/format";

const noSubscription = () => () => {};

/**
 * The zone dates are shown in: UTC while the server renders and while the browser hydrates (so both
 * produce the same text), then the player's own zone. useSyncExternalStore does exactly this switch:
 * the server snapshot during hydration, a re-render with the browser's snapshot right after.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserTimeZone, () => SERVER_TIME_ZONE);
}

/** An instant on screen, in the player's zone with its label: `<time dateTime="…">Nov 25, 2026, 2:15 AM PST</time>`. */
export function DateTime({ value, style = "dateTime" }: { value: DateInput; style?: DateStyle }) {
  const zone = useTimeZone();
  const d = value instanceof Date ? value : new Date(value);
  return <time dateTime={Number.isNaN(d.getTime()) ? undefined : d.toISOString()}>{formatDateTime(d, zone, style)}</time>;
}
