/**
 * Next 16 Proxy (formerly middleware; Node.js runtime): security headers on every page and API
 * answer, and a per-request CSP nonce for pages. The nonce travels to the render in the request's
 * `x-nonce` and `Content-Security-Policy` headers: Next reads the latter and puts the nonce on its
 * own scripts; src/app/layout.tsx reads `x-nonce` for Mantine's ColorSchemeScript. Pages therefore
 * render per request (the layout reads headers()).
 */
import { type NextRequest, NextResponse } from "next/server";
import { getEnv } from "@/server/env";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "@/server/security/headers";
import { SESSION_COOKIE } from "@/shared/constants";

/**
 * "/" is the landing for visitors and the contest home for players (docs/product.md §2). With a
 * session cookie it is rewritten (same URL) to src/app/home/page.tsx, so visitors' "/" neither looks
 * up a session nor ships the signed-in home's code; an expired cookie still gets the landing there.
 */
function pageFor(request: NextRequest): URL | null {
  if (request.nextUrl.pathname !== "/" || !request.cookies.has(SESSION_COOKIE)) return null;
  const url = request.nextUrl.clone();
  url.pathname = "/home";
  return url;
}

export function proxy(request: NextRequest): NextResponse {
  const base = baseSecurityHeaders({ production: process.env.NODE_ENV === "production", hsts: getEnv().HSTS });
  if (request.nextUrl.pathname.startsWith("/api/")) {
    const res = NextResponse.next();
    for (const [name, value] of Object.entries(base)) res.headers.set(name, value);
    return res;
  }
  const nonce = createNonce();
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const rewrite = pageFor(request);
  const res = rewrite
    ? NextResponse.rewrite(rewrite, { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  res.headers.set("content-security-policy", csp);
  for (const [name, value] of Object.entries(base)) res.headers.set(name, value);
  return res;
}

export const config = {
  // Everything except hashed build assets and image optimisation (no HTML there).
  matcher: ["/((?!_next/static|_next/image).*)"],
};
