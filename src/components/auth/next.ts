/**
 * Where to go after signing in: `?next=` when it is a path on this site ("/?category=cars"),
 * else home. Parsed, not pattern-matched: the value is resolved against an origin with the URL
 * parser the browser uses and must keep that origin; control characters and whitespace anywhere are
 * refused first, because browsers strip them ("/\t/evil.example" becomes "//evil.example").
 */
const PROBE_ORIGIN = "https://app.invalid";
// C0 and C1 controls, every Unicode space, and the backslash (browsers read it as "/").
const UNSAFE_EXTRA = /[\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;
function unsafe(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || (c >= 0x7f && c <= 0xa0)) return true;
  }
  return UNSAFE_EXTRA.test(value);
}

export function safeNext(value: string | null | undefined): string {
  if (!value || value.length > 300 || unsafe(value)) return "/";
  if (!value.startsWith("/") || value.startsWith("//")) return "/";
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return "/";
  }
  // The origin must survive, and so must the path stay a path ("/./..//x" resolves to "//x").
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
