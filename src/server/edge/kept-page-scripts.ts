/**
 * Which inline scripts a kept page may run. A page the fast path keeps (src/server/fast-path.ts)
 * is served to many users without a per-request nonce, so its inline scripts are allowed by hash,
 * and only these two kinds, never "whatever is in the HTML now":
 *
 * - Next's and React's code scripts (the flight bootstrap, React's streaming helpers): exactly
 *   the code scripts of the build's own prerendered pages, hashed at build by
 *   scripts/csp-hashes.ts into .next/csp-next-scripts.json;
 * - the page's flight data, which no build can know in advance: accepted only in the exact form
 *   Next writes it (src: next/dist/server/app-render/use-flight-response.js),
 *   `self.__next_f.push([1,"<JSON string>"])` (or 3: base64), byte for byte what Next's own
 *   escaping produces. A string literal pushed onto an array runs no code.
 *
 * A render with any other inline script is not kept (Next answers it with a nonce instead).
 */
import { createHash } from "node:crypto";

type InlineScript = { attributes: string; body: string };

/** The inline scripts of `html` (tags with a src attribute are the build's files, allowed by 'self'). */
export function inlineScripts(html: string): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = m[1] ?? "";
    if (/\ssrc=/.test(attributes) || !m[2]) continue;
    scripts.push({ attributes, body: m[2] });
  }
  return scripts;
}

/** The CSP source of one inline script. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** Next's htmlEscapeJsonString (next/dist/shared/lib/htmlescape.js). */
const HTML_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const htmlEscapeJson = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => HTML_ESCAPES[c] ?? c);

const FLIGHT_PUSH = /^self\.__next_f\.push\(([\s\S]*)\)$/;
/** 1: a flight data chunk (text), 3: a binary chunk (base64). */
const FLIGHT_DATA_KINDS = new Set([1, 3]);

/** Whether `body` is one flight data push exactly as Next writes it: data, no code. */
export function isFlightDataPush(body: string): boolean {
  const argument = FLIGHT_PUSH.exec(body)?.[1];
  if (argument === undefined) return false;
  let value: unknown;
  try {
    value = JSON.parse(argument);
  } catch {
    return false;
  }
  if (!Array.isArray(value) || value.length !== 2 || !FLIGHT_DATA_KINDS.has(value[0]) || typeof value[1] !== "string") {
    return false;
  }
  return htmlEscapeJson(JSON.stringify(value)) === argument;
}

/** At build: the hashes of the code scripts (not flight data) in the build's prerendered pages. */
export function nextCodeScriptHashes(pages: readonly string[]): string[] {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const { body } of inlineScripts(html)) if (!isFlightDataPush(body)) hashes.add(scriptHash(body));
  }
  return [...hashes].sort();
}

/**
 * The hashes a kept page's CSP allows: its flight data pushes and its code scripts when the build
 * emitted them; null when the page carries any other inline script (it is not kept).
 */
export function keptPageScriptHashes(html: string, buildCode: ReadonlySet<string>): string[] | null {
  const hashes = new Set<string>();
  for (const { body } of inlineScripts(html)) {
    const hash = scriptHash(body);
    if (!isFlightDataPush(body) && !buildCode.has(hash)) return null;
    hashes.add(hash);
  }
  return [...hashes];
}
