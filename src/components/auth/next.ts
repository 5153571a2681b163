/**
 * Where to go after signing in: `?next=` when it is a path on this site ("/?category=cars"),
 * else home. Parsed, not pattern-matched: the value is resolved against an origin with the URL
 * parser the browser uses and must keep that origin; control characters and whitespace anywhere are
 * refused first, because browsers strip them ("/\t/evil.example" becomes "//evil.example").
 */
const PROBE_ORIGIN = "https://app.invalid";
// C0 and C1 controls, every Unicode space, and the backslash (browsers read it as "/").
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;

export function safeNext(value: string | null | undefined): string {
  if (!value || value.length > 300 || UNSAFE.test(value)) return "/";
  if (!value.startsWith("/") || value.startsWith("//")) return "/";
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PROBE_ORIGIN) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
