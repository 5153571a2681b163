"use client";

import { useSyncExternalStore } from "react";
import { currentSubscription, pushSupported } from "./devicePush";

/**
 * The offer to turn on push notifications, made after an action a push follows up (docs/push.md):
 * a checkout ("when the draw happens") or a top-up request ("when your payment is approved"). Never
 * on load, never when the browser cannot push, has said no, this device is subscribed already, or
 * the player chose "Not now" on this device. src/components/layout/PushOffer.tsx shows it.
 */
export type PushOfferReason = "draw" | "topup";

export const PUSH_OFFER_DISMISSED_KEY = "push-offer-dismissed";

let current: PushOfferReason | null = null;
const listeners = new Set<() => void>();

function set(next: PushOfferReason | null) {
  current = next;
  for (const l of listeners) l();
}

/** The site's notification permission; the Permissions API first (headless Chromium's Notification.permission says "denied" whatever was granted). */
async function notificationPermission(): Promise<PermissionState | NotificationPermission> {
  try {
    return (await navigator.permissions.query({ name: "notifications" })).state;
  } catch {
    return Notification.permission;
  }
}

export async function offerPush(reason: PushOfferReason): Promise<void> {
  if (!pushSupported() || (await notificationPermission()) === "denied") return;
  if (window.localStorage.getItem(PUSH_OFFER_DISMISSED_KEY)) return;
  if (await currentSubscription().catch(() => null)) return;
  set(reason);
}

/** Closes the offer; `remember`: the player said "Not now", so this device is not asked again. */
export function closePushOffer(remember: boolean) {
  if (remember) window.localStorage.setItem(PUSH_OFFER_DISMISSED_KEY, "1");
  set(null);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function usePushOffer(): PushOfferReason | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
