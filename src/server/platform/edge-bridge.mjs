/**
 * The one bridge between `npm start`'s server (src/server/edge/server.mjs, plain Node) and the app
 * Next loads into the same process (its instrumentation and route bundles, each a module graph of
 * its own): one object on globalThis under one key, typed in edge-bridge.d.mts beside this file.
 * Each side writes only its own fields:
 *
 * - the server: `startPglite` (the embedded database its start-up check opened, taken over by
 *   src/server/platform/db.ts), `httpDrain` (stops its sockets: src/server/platform/shutdown.ts) and
 *   `loopbackOrigin` (where the fast path asks Next for a page it keeps);
 * - the app (src/instrumentation.ts): `fastPath` (src/server/edge/fast-path.ts) and `pageLog`
 *   (src/server/ops/page-log.ts), which the server calls for each request.
 *
 * Without `npm start` (next dev, tests) the server's fields stay unset and each reader says what it
 * does then. Plain JS so the server imports it without a TypeScript loader.
 */
const KEY = Symbol.for("prize-contests.edge-bridge");

export function edgeBridge() {
  globalThis[KEY] ??= {};
  return globalThis[KEY];
}
