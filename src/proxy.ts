/**
 * Next 16 Proxy (formerly middleware; Node.js runtime): security headers on every page and API
 * answer, and the CSP of pages. Pages rendered per request get a fresh nonce: it travels to the
 * render in the request's `Content-Security-Policy` header, from which Next puts it on its own
 * scripts. Pages prerendered at build time (the landing, the dream-car pages, 404) are files
 * without nonces: their inline scripts are allowed by hash, from .next/csp-hashes.json
 * (scripts/build/csp-hashes.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { type NextRequest, NextResponse } from "next/server";
import {
  IDENTITY_FREE_HEADER,
  IDENTITY_FREE_VALUE,
  IDENTITY_HEADERS,
  playerShellOf,
  RENDER_BYPASS_HEADER,
  renderToken,
  isShellPath,
  sharedRouteKey,
} from "@/server/edge/shared-pages";
import { getEnv } from "@/server/platform/env";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "@/server/security/headers";
import { SESSION_COOKIE } from "@/shared/constants";
import { landingSignInRedirect } from "@/shared/landing";

let staticHashes: Record<string, string[]> | undefined;
/** Hashes of the prerendered page at `pathname`, or of the 404 page (any unknown path renders it). */
function hashesFor(pathname: string): string[] {
  if (!staticHashes) {
    try {
      staticHashes = JSON.parse(fs.readFileSync(path.join(process.cwd(), ".next", "csp-hashes.json"), "utf8"));
    } catch {
      staticHashes = {}; // `next dev` and builds without the manifest: every page renders per request
    }
  }
  const table = staticHashes ?? {};
  return table[pathname] ?? table["/_not-found"] ?? [];
}

/**
 * "/" is the landing for visitors and the contest home for players (docs/product.md §2). With a
 * session cookie it is rewritten (same URL) to src/app/home/page.tsx, so the landing stays a
 * static file that ships none of the contest home's code; an expired cookie still gets the
 * landing there. So does a visitor's footer link to a signed-in screen (`/?category=…`,
 * `/?support=1`): the home page sends them to sign in first, with a relative Location.
 */
function landingRewrite(request: NextRequest): URL | null {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname !== "/") return null;
  const needsHome =
    request.cookies.has(SESSION_COOKIE) ||
    landingSignInRedirect(searchParams.get("category"), searchParams.get("support")) !== null;
  if (!needsHome) return null;
  const url = request.nextUrl.clone();
  url.pathname = "/home";
  return url;
}

/**
 * The fast path's own render of a player's page ("/" or "/contest/<id>", marked with
 * RENDER_BYPASS_HEADER with this process's renderToken) goes to that page's shared route
 * (src/app/shell/), same URL. Without the token the header changes nothing.
 */
function sharedRenderRewrite(request: NextRequest): URL | null {
  if (request.headers.get(RENDER_BYPASS_HEADER) !== renderToken()) return null;
  const shell = playerShellOf(request.nextUrl.pathname);
  if (!shell) return null;
  const url = request.nextUrl.clone();
  url.pathname = shell.route;
  return url;
}

export function proxy(request: NextRequest): NextResponse {
  const base = baseSecurityHeaders({ production: process.env.NODE_ENV === "production", hsts: getEnv().HSTS });
  if (request.nextUrl.pathname.startsWith("/api/")) {
    const res = NextResponse.next();
    for (const [name, value] of Object.entries(base)) res.headers.set(name, value);
    return res;
  }
  // The shells are the fast path's render targets, not pages: asked for without this process's render
  // token (src/server/edge/shared-pages.ts), they are not there.
  if (isShellPath(request.nextUrl.pathname) && request.headers.get(RENDER_BYPASS_HEADER) !== renderToken()) {
    const res = new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    for (const [name, value] of Object.entries(base)) res.headers.set(name, value);
    return res;
  }
  const csp = contentSecurityPolicy(createNonce(), {
    dev: process.env.NODE_ENV === "development",
    staticHashes: hashesFor(request.nextUrl.pathname),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const sharedRewrite = sharedRenderRewrite(request);
  const rewrite = sharedRewrite ?? landingRewrite(request);
  // A page kept for many users renders without anyone's identity (src/server/edge/shared-pages.ts).
  const identityFree = sharedRouteKey(rewrite?.pathname ?? request.nextUrl.pathname) !== null;
  if (identityFree) for (const name of IDENTITY_HEADERS) requestHeaders.delete(name);
  const res = rewrite
    ? NextResponse.rewrite(rewrite, { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  res.headers.set("content-security-policy", csp);
  if (identityFree) res.headers.set(IDENTITY_FREE_HEADER, IDENTITY_FREE_VALUE);
  for (const [name, value] of Object.entries(base)) res.headers.set(name, value);
  return res;
}

export const config = {
  // Everything except hashed build assets and image optimisation (no HTML there).
  matcher: ["/((?!_next/static|_next/image).*)"],
};
