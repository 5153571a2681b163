/**
 * CSRF: a state-changing request from another site is refused. Browsers send Sec-Fetch-Site
 * (and Origin on POST); tools and server-to-server calls send neither and carry no ambient cookie risk.
 */
export function isCrossSiteRequest(headers: Headers): boolean {
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** A body that is present must be JSON: HTML forms cannot send application/json cross-site without CORS. */
export function hasNonJsonBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  const hasBody = (length !== null && length !== "0") || headers.has("transfer-encoding");
  if (!hasBody) return false;
  const type = headers.get("content-type") ?? "";
  return !/^application\/json\b/i.test(type.trim());
}
