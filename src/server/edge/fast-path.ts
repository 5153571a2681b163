/**
 * The fast path of `npm start`: answers that are already in memory leave before Next's router and
 * src/proxy.ts run. src/server/edge/server.mjs asks it first for every request; anything it does not take
 * (or cannot answer without doing real work) goes to Next as before. What qualifies:
 *
 * - the cached public REST reads (the route table's `cached` rows: the contest list, one contest,
 *   the winner posts), from src/server/cache/public-reads.ts, with the same ETag / 304, security
 *   headers, request id, log line and metrics sample as src/server/rest/handler.ts;
 * - the pages prerendered at build (the landing, the dream-car pages) for a visitor's plain
 *   document request (no session cookie, no query, no router or RSC header): the build's HTML
 *   file with the headers Next and src/proxy.ts give it (hash-based CSP, security headers,
 *   Next's cache headers);
 * - pages kept for many users, rendered by Next once per version of their data (a loopback
 *   request to this server, marked so that it goes to Next): the winners gallery for everyone,
 *   and for a valid session the players' home at "/" and a contest page. They are rendered from
 *   shared routes that never see a cookie or a personal header, and kept only when the answer is
 *   positively that route's page (src/server/edge/shared-pages.ts); nonces are taken out and only
 *   the inline scripts Next emits are allowed, by hash (src/server/edge/kept-page-scripts.ts). A
 *   new version of the data (the `contests` or `winners` event, through the public-read cache)
 *   renders again;
 * - the build's scripts and styles, brotli-compressed at build, for browsers that accept brotli
 *   (src/server/edge/static-assets.ts);
 * - the stored public files (a drawn contest's entry list and free entries, src/server/rest/public-file.ts):
 *   the REST adapter answers them here, headers as it wrote them, because Next drops a route's
 *   `Content-Encoding` (its send-response.js) and these bodies are stored gzip-compressed.
 *
 * `createFastPath` tries named steps in order (buildAsset, storedPublicFile, cachedPublicRead, plainDocumentOnly,
 * playersKeptPage, prerenderedPage, keptPublicPage); each takes its kind of request or passes it on.
 *
 * The bodies are gzipped once per version rather than per request. Why: Next's router and proxy
 * cost about five static-file answers per request (bench/README.md, "Pages"), which capped these
 * reads, the busiest on the site, far below what the machine can serve. Tests:
 * tests/integration/fast-path.test.ts (behind a stand-in for Next running the real proxy),
 * tests/integration/fast-path-privacy.test.ts (no player's data in another's answer), and
 * e2e/security-headers.spec.ts (the same pages as Next's, in Chromium).
 */
import "server-only";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { SESSION_COOKIE } from "@/shared/constants";
import type { CachedJson, PublicReadCache } from "../cache/public-reads";
import { publicReadsFor } from "../cache/public-reads";
import { readSessionToken, sessionCookie, sessionIdFromToken, validateSessionToken } from "../auth/session";
import { getDb } from "../platform/db";
import { edgeBridge, type FastPath } from "../platform/edge-bridge.mjs";
import { getEnv } from "../platform/env";
import { recordRequest, requestIdFromValue } from "../ops/request-log";
import { handleRestRequest } from "../rest/handler";
import { isPagedQuery } from "../rest/paging";
import { matchRoute } from "../rest/table";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "../security/headers";
import { strongEtag } from "../platform/etag";
import { acceptsEncoding, header, matchesEtag } from "./request-headers";
import { createStaticAssetServer, loadStaticAssets } from "./static-assets";
import { keptPageScriptHashes } from "./kept-page-scripts";
import {
  hasSharedPageMarker,
  IDENTITY_FREE_HEADER,
  IDENTITY_FREE_VALUE,
  playerShellOf,
  RENDER_BYPASS_HEADER,
  renderToken,
} from "./shared-pages";

export type { FastPath };

/** A body kept in memory with its gzip form and a strong ETag. */
type Body = { raw: Buffer; gzip: Buffer; etag: string };

function toBody(raw: Buffer, etag = strongEtag(raw)): Body {
  return { raw, gzip: gzipSync(raw), etag };
}

/** The prerendered pages a visitor may get here: URL path → build file (.next/server/app). */
const PRERENDERED: Record<string, string> = {
  "/": "index",
  "/dream-car": "dream-car",
  "/dream-car-competition": "dream-car-competition",
};

type Page = { body: Body; headers: Record<string, string>; hashes: string[] };

/** Public pages rendered by Next once per version of their data (what the version is: the data's ETag), with their marker. */
const REGENERATED: Record<string, { key: string; versionOf: (reads: PublicReadCache) => Promise<string> }> = {
  "/winners": { key: "winners", versionOf: async (reads) => (await reads.winnerPosts()).etag },
};

export { RENDER_BYPASS_HEADER };

const NEXT_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding";

/** Next's own headers of a prerendered page (its .meta file), as `next start` sends them. */
function nextPageHeaders(meta: { headers?: Record<string, string> }): Record<string, string> {
  const headers: Record<string, string> = {
    vary: NEXT_VARY,
    "x-nextjs-cache": "HIT",
    "cache-control": "s-maxage=31536000",
    "content-type": "text/html; charset=utf-8",
  };
  for (const [name, value] of Object.entries(meta.headers ?? {})) {
    if (name !== "x-next-cache-tags") headers[name] = value; // internal: Next does not send it
  }
  return headers;
}

/** Reads the build's prerendered pages; a missing file (another build layout, `next dev`) just stays with Next. */
export function loadPrerenderedPages(buildDir = path.join(process.cwd(), ".next")): Map<string, Page> {
  const pages = new Map<string, Page>();
  let hashes: Record<string, string[]> = {};
  try {
    hashes = JSON.parse(fs.readFileSync(path.join(buildDir, "csp-hashes.json"), "utf8"));
  } catch {
    return pages; // without the hashes the page's inline scripts would be blocked: let Next serve it
  }
  for (const [urlPath, file] of Object.entries(PRERENDERED)) {
    const pageHashes = hashes[urlPath];
    if (!pageHashes) continue;
    try {
      const base = path.join(buildDir, "server", "app", file);
      const raw = fs.readFileSync(`${base}.html`);
      const meta = JSON.parse(fs.readFileSync(`${base}.meta`, "utf8"));
      pages.set(urlPath, { body: toBody(raw), headers: nextPageHeaders(meta), hashes: pageHashes });
    } catch {
      // not prerendered in this build
    }
  }
  return pages;
}

/**
 * The hashes of Next's code scripts in this build (scripts/build/csp-hashes.ts): the only code a kept
 * render may carry. Missing (another build layout, `next dev`): none, so no render is kept.
 */
export function loadNextScriptHashes(buildDir = path.join(process.cwd(), ".next")): Set<string> {
  try {
    const { code } = JSON.parse(fs.readFileSync(path.join(buildDir, "csp-next-scripts.json"), "utf8")) as { code?: unknown };
    return new Set(Array.isArray(code) ? code.filter((h): h is string => typeof h === "string") : []);
  } catch {
    return new Set();
  }
}

/** Writes the answer: 304 when the client has this version, else the body (gzipped when accepted). */
/** The stored public files' paths (src/server/rest/routes/contests.ts: …/draw/entries and …/draw/free-entries). */
const STORED_PUBLIC_FILE = /^\/api\/contests\/[^/]+\/draw\/(entries|free-entries)$/;

function send(req: IncomingMessage, res: ServerResponse, body: Body, headers: Record<string, string>): number {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("etag", body.etag);
  if (matchesEtag(req, body.etag)) {
    res.statusCode = 304;
    res.end();
    return 304;
  }
  const gzip = acceptsEncoding(req, "gzip");
  const bytes = gzip ? body.gzip : body.raw;
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.setHeader("content-length", bytes.length);
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : bytes);
  return 200;
}

/** Router and RSC requests (client navigation, prefetch, server actions) and our own renders need Next. */
function isDocumentRequest(req: IncomingMessage): boolean {
  for (const name of Object.keys(req.headers)) {
    if (name === "rsc" || name.startsWith("next-") || name.startsWith("x-nextjs") || name === RENDER_BYPASS_HEADER) return false;
  }
  return true;
}

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);
function hasSession(req: IncomingMessage): boolean {
  return SESSION_COOKIE_PATTERN.test(header(req, "cookie") ?? "");
}

/**
 * Next's render of `urlPath` made servable to everyone, or null (the page stays with Next). Kept
 * only when it is positively the page asked for (src/server/edge/shared-pages.ts): a 200 HTML
 * answer from a shared route, which src/proxy.ts rendered without any identity (the request
 * carries no cookie either) and which carries that route's marker for `key`. Then the
 * per-request nonce is taken out (a nonce shared by every visitor would protect nothing) and the
 * inline scripts are allowed by hash, only those Next emits (src/server/edge/kept-page-scripts.ts).
 */
export async function renderViaNext(
  origin: string,
  urlPath: string,
  expected: { key: string; headers: Record<string, string>; nextScripts: ReadonlySet<string> },
): Promise<Page | null> {
  const res = await fetch(`${origin}${urlPath}`, {
    headers: { [RENDER_BYPASS_HEADER]: renderToken(), "accept-encoding": "identity" },
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  const html = await res.text();
  if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("text/html")) return null;
  if (res.headers.get(IDENTITY_FREE_HEADER) !== IDENTITY_FREE_VALUE || !hasSharedPageMarker(html, expected.key)) return null;
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  // The attributes, and the value where Next repeats it in the RSC payload (style preload hints).
  const shared = nonce ? html.split(` nonce="${nonce}"`).join("").split(nonce).join("") : html;
  if (/\snonce=/.test(shared)) return null;
  const hashes = keptPageScriptHashes(shared, expected.nextScripts);
  if (!hashes) return null;
  return { body: toBody(Buffer.from(shared)), headers: expected.headers, hashes };
}

const PUBLIC_PAGE_HEADERS = { vary: NEXT_VARY, "cache-control": "public, no-cache", "content-type": "text/html; charset=utf-8" };
/** A player's page: the same bytes for every player, but "/" is the landing for visitors, so never in a shared cache. */
const PLAYER_PAGE_HEADERS = {
  vary: NEXT_VARY,
  "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
  "content-type": "text/html; charset=utf-8",
};

/**
 * Players' pages whose HTML depends on a signed-in player existing but not on which one (the
 * contest home, a contest page), with what their version is. They are rendered from their shared
 * routes (src/app/shell/, reached by the proxy's rewrite of the render request), which never see
 * the player: the player's own figures load in the browser.
 */
function playerPage(pathname: string): { key: string; versionOf: (reads: PublicReadCache) => Promise<string> } | null {
  const shell = playerShellOf(pathname);
  if (!shell) return null;
  const id = shell.key.startsWith("contest:") ? shell.key.slice("contest:".length) : null;
  return {
    key: shell.key,
    versionOf: async (reads) => (id ? (await reads.contest(id)).etag : (await reads.contestList()).etag),
  };
}

/** A request as the fast path's steps see it: the path and the raw query (null without "?"), read once. */
type FastRequest = { req: IncomingMessage; res: ServerResponse; pathname: string; query: string | null };
/** A step's answer: undefined, not its kind of request; true, answered; false, Next answers it. */
type StepOutcome = boolean | undefined | Promise<boolean | undefined>;

/** Renders kept at once, at most (contest pages are keyed by id). */
const MAX_KEPT_PAGES = 500;
/** How long a session found valid for a players' page is taken as valid without a look-up, and how many are kept. */
const SESSION_REUSE_MS = 2_000;
const MAX_RECENT_SESSIONS = 10_000;

/** This server's own address (src/server/edge/server.mjs, from HOST and PORT; never from a request). */
const loopbackOrigin = () => edgeBridge().loopbackOrigin;

export function createFastPath(
  pages: Map<string, Page>,
  opts: { renderOrigin?: () => string | undefined; staticAssets?: Map<string, string>; nextScripts?: ReadonlySet<string> } = {},
): FastPath {
  const nextScripts = opts.nextScripts ?? new Set<string>();
  const renderOrigin = opts.renderOrigin ?? loopbackOrigin;
  const serveStaticAsset = createStaticAssetServer(opts.staticAssets ?? new Map());
  const env = getEnv();
  const security = baseSecurityHeaders({ production: process.env.NODE_ENV === "production", hsts: env.HSTS });
  const dev = process.env.NODE_ENV === "development";
  const gzipped = new WeakMap<CachedJson, Body>();
  /** The latest render of each regenerated page, with the data version it was made for. */
  const rendered = new Map<string, { version: string; page: Page }>();
  /** Renders under way (one per page and version, shared by every request that waits for it). */
  const rendering = new Map<string, Promise<Page | null>>();

  /** The kept render of `key` for the current version of its data, rendering it first when needed; null: leave to Next. */
  async function keptPage(
    key: string,
    urlPath: string,
    versionOf: (reads: PublicReadCache) => Promise<string>,
    headers: Record<string, string>,
  ): Promise<Page | null> {
    const origin = renderOrigin();
    if (!origin) return null;
    let version: string;
    try {
      const reads = await publicReadsFor(await getDb());
      if (!reads) return null;
      version = await versionOf(reads);
    } catch {
      return null; // unknown contest, database down on a cold cache: Next answers
    }
    const current = rendered.get(key);
    if (current?.version === version) return current.page;
    const renderKey = `${key} ${version}`;
    let pending = rendering.get(renderKey);
    if (!pending) {
      pending = renderViaNext(origin, urlPath, { key, headers, nextScripts })
        .catch(() => null)
        .finally(() => rendering.delete(renderKey));
      rendering.set(renderKey, pending);
    }
    const fresh = await pending;
    if (!fresh) return null;
    if (rendered.get(key)?.version !== version) {
      if (!rendered.has(key) && rendered.size >= MAX_KEPT_PAGES) rendered.delete(rendered.keys().next().value as string);
      rendered.set(key, { version, page: fresh });
    }
    return fresh;
  }

  /**
   * Sessions found valid here in the last SESSION_REUSE_MS, by session id (the token's SHA-256), with
   * their expiry. The players' page holds nobody's data (the same bytes for every player), so a
   * session that ended elsewhere within that moment still gets only what any player gets; what it
   * saves is the session look-up, the largest part of a signed-in page's answer (bench/README.md, "Pages").
   */
  const recentSessions = new Map<string, { checkedAt: number; expiresAt: number }>();

  /** A player's page: their session checked here as the app checks it (renewal included), the HTML shared. */
  async function servePlayerPage(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    const target = playerPage(pathname);
    const token = target ? readSessionToken(new Headers({ cookie: header(req, "cookie") ?? "" })) : null;
    if (!target || !token) return false;
    const sessionId = sessionIdFromToken(token);
    const now = Date.now();
    const recent = recentSessions.get(sessionId);
    let renewed: Record<string, string> = {};
    if (!recent || now - recent.checkedAt > SESSION_REUSE_MS || recent.expiresAt <= now) {
      let validated: Awaited<ReturnType<typeof validateSessionToken>>;
      try {
        validated = await validateSessionToken(await getDb(), token);
      } catch {
        return false;
      }
      // Who may get the players' page; what it holds never depends on who asks (renderViaNext).
      if (!validated || validated.session.twoFactorPending) {
        recentSessions.delete(sessionId);
        return false; // Next shows the landing or the sign-in
      }
      recentSessions.delete(sessionId); // re-inserted last: the map's first entry is the oldest
      if (recentSessions.size >= MAX_RECENT_SESSIONS) recentSessions.delete(recentSessions.keys().next().value as string);
      recentSessions.set(sessionId, { checkedAt: now, expiresAt: validated.session.expiresAt.getTime() });
      if (validated.renewed) renewed = { "set-cookie": sessionCookie(token, validated.session.expiresAt) };
    }
    const page = await keptPage(target.key, pathname, target.versionOf, PLAYER_PAGE_HEADERS);
    if (!page) return false;
    return servePage(req, res, page, renewed);
  }

  function servePage(req: IncomingMessage, res: ServerResponse, page: Page, extra: Record<string, string> = {}): boolean {
    const csp = contentSecurityPolicy(createNonce(), { dev, staticHashes: page.hashes });
    send(req, res, page.body, { ...page.headers, ...security, ...extra, "content-security-policy": csp });
    return true;
  }

  async function serveCachedRead(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    const started = performance.now();
    const match = matchRoute("GET", pathname);
    if (match.kind !== "found" || !match.route.cached) return false;
    let cached: CachedJson;
    try {
      const reads = await publicReadsFor(await getDb());
      if (!reads) return false;
      cached = await match.route.cached(reads, { params: match.params, query: new URLSearchParams() });
    } catch {
      return false; // unknown id, bad id, database down on a cold entry: Next's path answers with the right error
    }
    let body = gzipped.get(cached);
    if (!body) {
      body = toBody(Buffer.from(cached.json), cached.etag);
      gzipped.set(cached, body);
    }
    const requestId = requestIdFromValue(req.headers["x-request-id"]);
    const status = send(req, res, body, {
      ...security,
      vary: "Accept-Encoding",
      "cache-control": "public, no-cache",
      "content-type": "application/json; charset=utf-8",
      "x-request-id": requestId,
    });
    recordRequest({
      requestId,
      method: "GET",
      path: pathname,
      route: match.route.path,
      status,
      elapsedMs: performance.now() - started,
    });
    return true;
  }

  /** One REST answer written as the adapter made it, with the security headers every answer carries. */
  async function serveThroughRest(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    // The origin is fixed: nothing absolute is built from request headers.
    const answer = await handleRestRequest(new Request(new URL(req.url ?? "/", "http://localhost"), { headers }));
    const body = Buffer.from(await answer.arrayBuffer());
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    answer.headers.forEach((value, name) => {
      if (name !== "set-cookie") res.setHeader(name, value);
    });
    // One header per cookie: forEach would hand them over joined, and setHeader keep only the last.
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) res.setHeader("set-cookie", cookies);
    res.statusCode = answer.status;
    res.end(body);
    return true;
  }

  // The steps, in order. Each looks at the request once parsed; `undefined`: not its kind of
  // request, the next step looks; true: answered here; false: its kind, but Next answers it.
  const steps: Record<string, (r: FastRequest) => StepOutcome> = {
    /** The build's scripts and styles, brotli-compressed at build (src/server/edge/static-assets.ts). */
    buildAsset: ({ req, res, pathname }) =>
      pathname.startsWith("/_next/static/") ? serveStaticAsset(req, res, pathname) : undefined,
    /** The stored public files, through the REST adapter (its budget, log line and ETag) with their gzip encoding kept. */
    storedPublicFile: ({ req, res, pathname }) =>
      req.method === "GET" && STORED_PUBLIC_FILE.test(pathname) ? serveThroughRest(req, res) : undefined,
    /** The cached public REST reads; a paged request (?limit, ?cursor) goes to the procedure: the cache holds the first page only. */
    cachedPublicRead: ({ req, res, pathname, query }) => {
      if (!pathname.startsWith("/api/")) return undefined;
      const paged = query !== null && isPagedQuery(new URLSearchParams(query));
      return req.method === "GET" && !paged ? serveCachedRead(req, res, pathname) : false;
    },
    /** Pages only for a plain document request: a query, router and RSC requests and our own renders need Next. */
    plainDocumentOnly: ({ req, query }) => (query !== null || !isDocumentRequest(req) ? false : undefined),
    /** A signed-in player's home ("/") or contest page: the HTML kept for every player. */
    playersKeptPage: ({ req, res, pathname }) =>
      hasSession(req) && playerPage(pathname) ? servePlayerPage(req, res, pathname) : undefined,
    /** The visitor's pages prerendered at build (the landing, the dream-car pages); never with a session. */
    prerenderedPage: ({ req, res, pathname }) => {
      const page = pages.get(pathname);
      if (!page) return undefined;
      return hasSession(req) ? false : servePage(req, res, page);
    },
    /** Public pages kept per version of their data (/winners): the same HTML for visitors and players. */
    keptPublicPage: async ({ req, res, pathname }) => {
      const regenerated = REGENERATED[pathname];
      if (!regenerated) return false;
      const kept = await keptPage(regenerated.key, pathname, regenerated.versionOf, PUBLIC_PAGE_HEADERS);
      return kept ? servePage(req, res, kept) : false;
    },
  };
  const inOrder = Object.values(steps);

  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    const queryAt = url.indexOf("?");
    const request: FastRequest = {
      req,
      res,
      pathname: queryAt === -1 ? url : url.slice(0, queryAt),
      query: queryAt === -1 ? null : url.slice(queryAt + 1),
    };
    for (const step of inOrder) {
      const outcome = await step(request);
      if (outcome !== undefined) return outcome;
    }
    return false;
  };
}

/** Called once at start (src/instrumentation.ts); src/server/edge/server.mjs finds it on the bridge. */
export function installFastPath(): void {
  edgeBridge().fastPath = createFastPath(loadPrerenderedPages(), {
    staticAssets: loadStaticAssets(),
    nextScripts: loadNextScriptHashes(),
  });
}
