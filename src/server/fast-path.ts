/**
 * The fast path of `npm start`: answers that are already in memory leave before Next's router and
 * src/proxy.ts run. scripts/server.mjs asks it first for every request; anything it does not take
 * (or cannot answer without doing real work) goes to Next as before. Two kinds qualify:
 *
 * - the cached public REST reads (the route table's `cached` rows: the contest list, one contest,
 *   the winner posts), from src/server/cache/public-reads.ts, with the same ETag / 304, security
 *   headers, request id, log line and metrics sample as src/server/rest/handler.ts;
 * - the pages prerendered at build (the landing, the dream-car pages) for a visitor's plain
 *   document request (no session cookie, no query, no router or RSC header): the build's HTML
 *   file with the headers Next and src/proxy.ts give it (hash-based CSP, security headers,
 *   Next's cache headers);
 * - pages Next renders per request although their HTML reads nothing from the request (the
 *   winners gallery): rendered once by Next per version of their data (a loopback request to this
 *   server, marked so that it goes to Next), then kept with their nonces taken out and their
 *   inline scripts allowed by hash, like a prerendered page. A new winner post (the `winners`
 *   event, through the public-read cache) gives a new version and the next request renders again;
 * - the build's scripts and styles, brotli-compressed at build, for browsers that accept brotli
 *   (src/server/static-assets.ts).
 *
 * The bodies are gzipped once per version rather than per request. Why: Next's router and proxy
 * cost about five static-file answers per request (bench/README.md, "Pages"), which capped these
 * reads, the busiest on the site, far below what the machine can serve. The page answers are the
 * build's own bytes; tests/e2e compare them with Next's answer (e2e/fast-path.spec.ts).
 */
import "server-only";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { SESSION_COOKIE } from "@/shared/constants";
import type { CachedJson, PublicReadCache } from "./cache/public-reads";
import { publicReadsFor } from "./cache/public-reads";
import { readSessionToken, sessionCookie, validateSessionToken } from "./auth/session";
import { getDb } from "./db";
import { getEnv } from "./env";
import { recordRequest, requestIdFromValue } from "./request-log";
import { isPagedQuery } from "./rest/paging";
import { matchRoute } from "./rest/table";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "./security/headers";
import { acceptsEncoding, header, matchesEtag } from "./http/request-headers";
import { createStaticAssetServer, loadStaticAssets } from "./static-assets";
import { inlineScriptHashes } from "./security/script-hashes";

export type FastPath = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** A body kept in memory with its gzip form and a strong ETag. */
type Body = { raw: Buffer; gzip: Buffer; etag: string };

function toBody(raw: Buffer, etag = `"${createHash("sha1").update(raw).digest("base64url")}"`): Body {
  return { raw, gzip: gzipSync(raw), etag };
}

/** The prerendered pages a visitor may get here: URL path → build file (.next/server/app). */
const PRERENDERED: Record<string, string> = {
  "/": "index",
  "/dream-car": "dream-car",
  "/dream-car-competition": "dream-car-competition",
};

type Page = { body: Body; headers: Record<string, string>; hashes: string[] };

/** Pages rendered by Next once per version of their data (what the version is: the data's ETag). */
const REGENERATED: Record<string, (reads: PublicReadCache) => Promise<string>> = {
  "/winners": async (reads) => (await reads.winnerPosts()).etag,
};

/** A request carrying this header goes to Next: the fast path's own render of a regenerated page. */
export const RENDER_BYPASS_HEADER = "x-fast-path-render";

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

/** Writes the answer: 304 when the client has this version, else the body (gzipped when accepted). */
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
 * Next's render of `urlPath` made servable to everyone: the per-request nonce taken out of the
 * HTML and its inline scripts allowed by hash instead (a nonce shared by every visitor would
 * protect nothing). Anything unexpected (not a 200 HTML answer, a nonce it cannot account for)
 * gives null, and the page stays with Next.
 */
export async function renderViaNext(
  origin: string,
  urlPath: string,
  opts: { cookie?: string; mustNotContain?: string[]; headers?: Record<string, string> } = {},
): Promise<Page | null> {
  const res = await fetch(`${origin}${urlPath}`, {
    headers: { [RENDER_BYPASS_HEADER]: "1", "accept-encoding": "identity", ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  const html = await res.text();
  if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("text/html")) return null;
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  // The attributes, and the value where Next repeats it in the RSC payload (style preload hints).
  const shared = nonce ? html.split(` nonce="${nonce}"`).join("").split(nonce).join("") : html;
  if (/\snonce=/.test(shared)) return null;
  // A page kept for every player must not carry the one it was rendered for.
  if (opts.mustNotContain?.some((secret) => secret && shared.includes(secret))) return null;
  const headers = opts.headers ?? PUBLIC_PAGE_HEADERS;
  return { body: toBody(Buffer.from(shared)), headers, hashes: inlineScriptHashes(shared) };
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
 * contest home, a contest page: the player's own figures load in the browser), with what their
 * version is. A page added here must read nothing of the player on the server; renderViaNext
 * refuses to keep a render that contains the player's id or e-mail.
 */
function playerPage(pathname: string): { key: string; versionOf: (reads: PublicReadCache) => Promise<string> } | null {
  if (pathname === "/") return { key: "home", versionOf: async (reads) => (await reads.contestList()).etag };
  const id = /^\/contest\/([A-Za-z0-9_-]{1,64})$/.exec(pathname)?.[1];
  if (id) return { key: `contest ${id}`, versionOf: async (reads) => (await reads.contest(id)).etag };
  return null;
}

/** Renders kept at once, at most (contest pages are keyed by id). */
const MAX_KEPT_PAGES = 500;

type GlobalWithOrigin = typeof globalThis & { __prizeLoopbackOrigin?: string };
/** This server's own address (scripts/server.mjs, from HOST and PORT; never from a request). */
const loopbackOrigin = () => (globalThis as GlobalWithOrigin).__prizeLoopbackOrigin;

export function createFastPath(
  pages: Map<string, Page>,
  opts: { renderOrigin?: () => string | undefined; staticAssets?: Map<string, string> } = {},
): FastPath {
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
    render: Parameters<typeof renderViaNext>[2] = {},
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
      pending = renderViaNext(origin, urlPath, render)
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

  /** A player's page: their session checked here as the app checks it (renewal included), the HTML shared. */
  async function servePlayerPage(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    const target = playerPage(pathname);
    const token = target ? readSessionToken(new Headers({ cookie: header(req, "cookie") ?? "" })) : null;
    if (!target || !token) return false;
    let validated: Awaited<ReturnType<typeof validateSessionToken>>;
    try {
      validated = await validateSessionToken(await getDb(), token);
    } catch {
      return false;
    }
    if (!validated || validated.session.twoFactorPending) return false; // Next shows the landing or the sign-in
    const page = await keptPage(target.key, pathname, target.versionOf, {
      cookie: `${SESSION_COOKIE}=${token}`,
      mustNotContain: [validated.user.id, validated.user.email],
      headers: PLAYER_PAGE_HEADERS,
    });
    if (!page) return false;
    const renewed: Record<string, string> = validated.renewed
      ? { "set-cookie": sessionCookie(token, validated.session.expiresAt) }
      : {};
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

  return async (req, res) => {
    const url = req.url ?? "";
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const queryAt = url.indexOf("?");
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (pathname.startsWith("/_next/static/")) return serveStaticAsset(req, res, pathname);
    if (pathname.startsWith("/api/")) {
      // A paged request (?limit, ?cursor) goes to the procedure: the cache holds the first page only.
      const paged = queryAt !== -1 && isPagedQuery(new URLSearchParams(url.slice(queryAt + 1)));
      return req.method === "GET" && !paged ? serveCachedRead(req, res, pathname) : false;
    }
    if (queryAt !== -1 || !isDocumentRequest(req)) return false;
    if (hasSession(req) && playerPage(pathname)) return servePlayerPage(req, res, pathname); // "/" is a player's home
    const page = pages.get(pathname);
    if (page) return hasSession(req) ? false : servePage(req, res, page);
    // The same HTML for visitors and players: the layout reads nothing from the request.
    const versionOf = REGENERATED[pathname];
    if (!versionOf) return false;
    const kept = await keptPage(pathname, pathname, versionOf);
    return kept ? servePage(req, res, kept) : false;
  };
}

type GlobalWithFastPath = typeof globalThis & { __prizeFastPath?: FastPath };

/** Called once at start (src/instrumentation.ts); scripts/server.mjs finds it on globalThis. */
export function installFastPath(): void {
  (globalThis as GlobalWithFastPath).__prizeFastPath = createFastPath(loadPrerenderedPages(), {
    staticAssets: loadStaticAssets(),
  });
}
