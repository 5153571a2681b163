"use client";

import { trpcClient } from "@/trpc/react";

/**
 * Push notifications on this device (docs/push.md): the browser's permission and PushManager
 * subscription, kept in step with the server's row for this device (POST/DELETE /api/push/subscriptions).
 * The permission is asked only from a click (the offer after a checkout or top-up request,
 * src/components/layout/PushOffer.tsx, or the Account Settings switch), never on load.
 */

export type PushOutcome = "on" | "denied" | "unavailable";

/** The browser can do web push here (a service worker, PushManager and notifications; a secure origin). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration("/")) ?? null;
}

/** This device's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** The VAPID key as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Asks permission (from a click), subscribes this device and tells the server. */
export async function enableDevicePush(): Promise<PushOutcome> {
  if (!pushSupported()) return "unavailable";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  try {
    const reg = await navigator.serviceWorker.ready;
    const { publicKey } = await trpcClient.push.publicKey.query();
    const existing = await reg.pushManager.getSubscription();
    const sub =
      existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    const json = sub.toJSON();
    await trpcClient.push.subscribe.mutate({
      endpoint: json.endpoint ?? sub.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    });
    return "on";
  } catch {
    // No push service reachable (offline, a browser without one): nothing was saved.
    return "unavailable";
  }
}

/** Unsubscribes this device, on the server first (so no push is written for it after). */
export async function disableDevicePush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await trpcClient.push.unsubscribe.mutate({ endpoint: sub.endpoint });
  await sub.unsubscribe();
}
