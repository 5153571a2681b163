/**
 * The service worker (`/sw.js`; docs/push.md "Installable app"), built by scripts/build/service-worker.ts
 * after `next build` with Serwist's runtime: it precaches the offline page (and what it loads), serves
 * it when a navigation fails (no network), keeps the build's hashed files in a cache, and shows the
 * pushes src/server/push/delivery.ts sends, opening (or focusing) their page on a tap. Pages and API
 * answers are never cached: a signed-in page must not outlive its session on the device.
 */
import { CacheFirst, ExpirationPlugin, NetworkOnly, type PrecacheEntry, Serwist } from "serwist";

/** The precache list the build writes in (scripts/build/service-worker.ts). */
declare const __PRECACHE_ENTRIES__: PrecacheEntry[];

/** What this file uses of the worker's global scope (the WebWorker lib is not in this program's tsconfig). */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(opts: {
      type: "window";
      includeUncontrolled: boolean;
    }): Promise<{ url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: "push", fn: (e: ExtendableEvent & { data: { json(): unknown } | null }) => void): void;
  addEventListener(
    type: "notificationclick",
    fn: (e: ExtendableEvent & { notification: Notification & { data: unknown } }) => void,
  ): void;
};
type ExtendableEvent = { waitUntil(p: Promise<unknown>): void };

const sw = self as unknown as WorkerScope;

const serwist = new Serwist({
  precacheEntries: __PRECACHE_ENTRIES__,
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    // Hashed build files never change: from the cache once fetched.
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/_next/static/"),
      handler: new CacheFirst({
        cacheName: "next-static",
        plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
    // Pages always from the network (fresh, and nothing signed-in kept); the offline page when it fails.
    { matcher: ({ request }) => request.mode === "navigate", handler: new NetworkOnly() },
  ],
  fallbacks: { entries: [{ url: "/offline", matcher: ({ request }) => request.destination === "document" }] },
});
serwist.addEventListeners();

type PushPayload = { title?: unknown; body?: unknown; url?: unknown; tag?: unknown };

/** Only a path on this site is opened from a push (never another origin). */
function sitePath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

sw.addEventListener("push", (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Prize Contests";
  event.waitUntil(
    sw.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      data: { url: sitePath(data.url) },
    }),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = sitePath((event.notification.data as { url?: unknown } | null)?.url);
  const target = new URL(path, sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target).catch(() => undefined);
        return;
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
