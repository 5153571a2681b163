/**
 * Security headers, applied by src/proxy.ts to every page and API answer (and by the edge:
 * src/server/edge/fast-path.ts, src/server/edge/request-guard.mjs, from the same base list).
 * Pure functions, so tests can call them directly; src/proxy.ts passes the settings.
 */

/** A fresh, unguessable nonce (128 bits, base64) for one HTML response. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The page CSP. Scripts: same-origin files ('self': the build's chunks; /api answers are JSON
 * with nosniff, so they cannot run as scripts), inline scripts carrying this response's nonce
 * (Next puts it on its own scripts when it renders a page per request), and the inline scripts of
 * pages prerendered at build time, by hash (`staticHashes`: scripts/build/csp-hashes.ts). No
 * 'unsafe-inline' for scripts. Styles: Mantine writes <style> tags and style="" attributes (CSS
 * variables of style props) that cannot carry a nonce, so style-src allows 'unsafe-inline' (and
 * must not list a nonce, which would switch 'unsafe-inline' off). Images: admins may enter any
 * http(s) image URL. Development adds 'unsafe-eval' (React's dev tooling needs it).
 */
export function contentSecurityPolicy(nonce: string, opts: { dev?: boolean; staticHashes?: readonly string[] } = {}): string {
  const hashes = opts.staticHashes?.length ? ` ${opts.staticHashes.join(" ")}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${hashes}${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers every answer carries, Next's and the edge's: one list (src/server/security/base-headers.mjs). */
export { baseSecurityHeaders, type HstsSetting, hstsEnabled } from "./base-headers.mjs";
