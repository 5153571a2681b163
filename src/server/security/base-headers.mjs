/**
 * The security headers every answer carries, pages and API alike, CSP aside: the one list for Next
 * (src/proxy.ts through src/server/security/headers.ts) and for the edge (the fast path's answers,
 * and what src/server/edge/request-guard.mjs refuses before Next). Plain JS with no imports, so npm
 * start's server imports it without a TypeScript loader; types in base-headers.d.mts beside it.
 */

/** HSTS only in production, unless HSTS=false (plain-HTTP runs beyond localhost). */
export function hstsEnabled(env) {
  return env.production && env.hsts;
}

export function baseSecurityHeaders(env) {
  const headers = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  };
  if (hstsEnabled(env)) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
