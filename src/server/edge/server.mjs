#!/usr/bin/env node
/**
 * The production server (`npm start`, scripts/e2e-server.sh): Next's request handler behind a plain
 * node:http server, so the client address comes from the socket and not from what the client says.
 *
 * Next sets X-Forwarded-For to the socket address only when the header is absent, so behind plain
 * `next start` a client can name any address and dodge per-IP rate limits. Here, before Next sees a
 * request, with TRUST_PROXY_HOPS=0 (default: nothing in front of the app is trusted) X-Forwarded-For
 * becomes the socket address and client-supplied X-Forwarded-Host/Proto/Port and X-Real-IP are
 * dropped; with TRUST_PROXY_HOPS=N the socket address is appended, and src/server/api/context.ts
 * clientIp() takes the entry N places before the last one.
 *
 * Graceful shutdown under NEXT_MANUAL_SIG_HANDLE=1: Next installs no signal handlers here, and
 * src/server/platform/shutdown.ts (installed by src/instrumentation.ts when the app is prepared) turns
 * `/api/ready` to 503, waits SHUTDOWN_GRACE_MS, drains this server (`httpDrain` below), stops
 * the job queue, closes the database and exits.
 *
 * The fast path first: src/server/edge/fast-path.ts (handed over through the bridge by src/instrumentation.ts when
 * Next loads the app) answers the cached public reads and the visitor's prerendered pages from
 * memory; everything else, and anything it declines, goes to Next.
 *
 * Migrations first: before Next loads the app, scripts/db/start-check.ts (in this process) refuses to
 * serve while migrations are pending and prints the command that applies them; the embedded database
 * it opened is handed to the app. With MIGRATE_ON_START=true `scripts/db/manage.ts start-check` applies
 * them first, in a child process so the schema engine stays out of the server (on PostgreSQL under an
 * advisory lock, so instances starting together migrate once). The .env files are loaded here first
 * (as Next loads them) so the check sees the app's DATABASE_URL.
 */
// First: a Node older than package.json's "engines" stops here with a clear message (src/server/edge/node-version.mjs).
import "./node-version.mjs";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { edgeBridge } from "../platform/edge-bridge.mjs";
import { drainableServer } from "./connection-drain.mjs";
import { baseSecurityHeaders } from "../security/base-headers.mjs";
import { connectionCapFromEnv, guardServer, refuseMalformedRequest, SERVER_OPTIONS } from "./request-guard.mjs";

/** What this server and the app hand each other (src/server/platform/edge-bridge.mjs). */
const bridge = edgeBridge();

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.NEXT_MANUAL_SIG_HANDLE ??= "1";
// The fast path's render token (src/server/edge/shared-pages.ts renderToken): random per process, set
// before Next loads so the proxy, however Next runs it, reads the same value from the environment.
process.env.PRIZE_FAST_PATH_RENDER_TOKEN ||= randomBytes(24).toString("hex");

const hostname = process.env.HOST || "0.0.0.0";
const port = Number(process.env.PORT || 3000);
/** Read after app.prepare(), which loads .env files, so server and app (context.ts) agree. */
let hops = 0;

/** The socket's address, IPv4-mapped IPv6 written as plain IPv4. */
function socketAddress(req) {
  const address = req.socket.remoteAddress ?? "";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

function rewriteForwardedHeaders(req) {
  const socket = socketAddress(req);
  if (hops === 0) {
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-forwarded-proto"];
    delete req.headers["x-forwarded-port"];
    delete req.headers["x-real-ip"];
    if (socket) req.headers["x-forwarded-for"] = socket;
    else delete req.headers["x-forwarded-for"];
    return;
  }
  const prior = req.headers["x-forwarded-for"];
  const list = Array.isArray(prior) ? prior.join(", ") : prior;
  if (socket) req.headers["x-forwarded-for"] = list ? `${list}, ${socket}` : socket;
}

const { default: nextEnv } = await import("@next/env");
nextEnv.loadEnvConfig(process.cwd(), false);
const notStarting = (code) => {
  console.error("not starting: the database is not ready for this build (see above)");
  process.exit(code);
};
const { tsImport } = await import("tsx/esm/api");
const startCheck = await tsImport("../../../scripts/db/start-check.ts", import.meta.url);
try {
  if (startCheck.migrateOnStart()) {
    const migrate = spawnSync(process.execPath, ["--import", "tsx", "scripts/db/manage.ts", "start-check"], { stdio: "inherit" });
    if (migrate.status !== 0) notStarting(migrate.status ?? 1);
  }
  const { problem, pglite } = await startCheck.checkBeforeStart();
  if (problem) {
    console.error(problem);
    notStarting(startCheck.PENDING_EXIT);
  }
  // src/server/platform/db.ts getDatabase takes it over.
  bridge.startPglite = pglite;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  notStarting(1);
}

const { default: next } = await import("next");
// Next's name for itself is "localhost" whatever address this server listens on. The proxy
// (src/proxy.ts) builds its rewrites from request.nextUrl, which Next writes with "localhost" for any
// loopback host; Next compares a rewrite's origin with http://<hostname>:<port>, and with another name
// there (127.0.0.1, 0.0.0.0) it took every rewrite for an external one and proxied it over HTTP to
// itself: each render of a kept page (src/server/edge/fast-path.ts) was a third request, with a
// MaxListenersExceededWarning on busy responses. Next uses the name only in URLs for itself.
const app = next({ dev: false, hostname: "localhost", port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();
const hopsSetting = Number(process.env.TRUST_PROXY_HOPS ?? 0);
hops = Number.isInteger(hopsSetting) && hopsSetting > 0 ? hopsSetting : 0;

/**
 * Installed by src/instrumentation.ts once Next has loaded it (its first request: Next loads the
 * app lazily), so looked up per request: answers already in memory, before Next's router.
 */
const noFastPath = async () => false;

// Time-outs, method/path guard and per-IP connection cap: src/server/edge/request-guard.mjs.
// The security headers of every answer, from the one list Next's answers use too.
const refusedHeaders = baseSecurityHeaders({
  production: process.env.NODE_ENV === "production",
  hsts: process.env.HSTS !== "false",
});
const server = http.createServer(SERVER_OPTIONS, (req, res) => {
  if (refuseMalformedRequest(req, res, refusedHeaders)) return;
  rewriteForwardedHeaders(req);
  const fastPath = bridge.fastPath ?? noFastPath;
  fastPath(req, res)
    .then((served) => (served ? undefined : handle(req, res)))
    .catch((error) => {
      console.error("request failed", error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
});
guardServer(server, refusedHeaders, connectionCapFromEnv(process.env, hops));

/** Where the fast path asks Next for a page it keeps (src/server/edge/fast-path.ts): this server, from HOST and PORT. */
function loopbackOrigin() {
  if (hostname === "0.0.0.0" || hostname === "") return `http://127.0.0.1:${port}`;
  if (hostname === "::") return `http://[::1]:${port}`;
  return hostname.includes(":") ? `http://[${hostname}]:${port}` : `http://${hostname}:${port}`;
}

/** Page requests in the structured log (src/server/ops/page-log.ts, installed with the app). */
server.prependListener("request", (req, res) => bridge.pageLog?.(req, res));
/**
 * Graceful shutdown (src/server/platform/shutdown.ts runs the steps): `httpDrain` stops taking
 * connections once the kernel's queue is empty, answers every request in flight and every later one
 * on an open connection with `Connection: close`, closes connections only when they are idle for
 * sure, and resolves once all are gone or, after `timeoutMs`, cuts what is left and says how many
 * requests that cut (src/server/edge/connection-drain.mjs).
 */
bridge.httpDrain = drainableServer(server);

server.listen(port, hostname, () => {
  bridge.loopbackOrigin = loopbackOrigin();
  console.log(`ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
});
