/**
 * Security headers, applied by src/proxy.ts to every page and API answer.
 * Pure functions: no imports, so tests can call them directly; src/proxy.ts passes the settings.
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

/** HSTS only in production, unless HSTS=false (plain-HTTP runs beyond localhost). */
export function hstsEnabled(env: HstsSetting): boolean {
  return env.production && env.hsts;
}

/** Whether this is a production build (NODE_ENV) and the HSTS setting (src/server/platform/env.ts). */
export type HstsSetting = { production: boolean; hsts: boolean };

/** The headers every answer carries (pages and API), CSP aside. */
export function baseSecurityHeaders(env: HstsSetting): Record<string, string> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  };
  if (hstsEnabled(env)) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
