/**
 * `/sw.js`: the service worker scripts/build/service-worker.ts built into .next/sw.js (docs/push.md).
 * Never cached by the HTTP cache (`no-cache`: the browser revalidates it on every update check, so a
 * new build's worker takes over at the next visit), scoped to the whole site. 404 when there is no
 * built worker (`next dev`, which registers none: src/components/layout/ServiceWorker.tsx).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-dynamic";

let worker: Promise<string | null> | undefined;

export async function GET(): Promise<Response> {
  worker ??= readFile(path.join(process.cwd(), ".next", "sw.js"), "utf8").catch(() => null);
  const body = await worker;
  if (body === null) {
    worker = undefined;
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  return new Response(body, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "no-cache, no-store, must-revalidate",
      "service-worker-allowed": "/",
    },
  });
}
