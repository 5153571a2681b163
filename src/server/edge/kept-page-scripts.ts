/**
 * Which inline scripts a kept page may run. A page the fast path keeps (src/server/edge/fast-path.ts)
 * is served to many users without a per-request nonce, so its inline scripts are allowed by hash,
 * and only these two kinds, never "whatever is in the HTML now":
 *
 * - Next's and React's code scripts, hashed at build by scripts/build/csp-hashes.ts into
 *   .next/csp-next-scripts.json: the code scripts of the build's own prerendered pages (the
 *   flight bootstrap, Turbopack's chunk list), and every streaming instruction script the React
 *   that Next ships can write (`reactInstructionScripts`: its runtime, read from Next's compiled
 *   react-dom, followed by a boundary or segment completion with ids up to a bound);
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

/** Ids React gives boundaries and segments ("B:0", "S:1f"): hex counters; renders past this bound are not kept. */
const MAX_INSTRUCTION_ID = 32;

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0" };

/** The value of a quoted JS string literal (its escapes undone). */
function unquote(literal: string): string {
  return literal
    .slice(1, -1)
    .replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[\s\S])/g, (_, e: string) =>
      e.length > 1 ? String.fromCharCode(Number.parseInt(e.slice(1), 16)) : (ESCAPES[e] ?? e),
    );
}

/** A string constant of React's server bundle (`name = stringToPrecomputedChunk('…')`), or null. */
function reactConstant(source: string, name: string): string | null {
  const literal = new RegExp(`${name} = stringToPrecomputedChunk\\(\\s*("(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*')`).exec(
    source,
  )?.[1];
  return literal ? unquote(literal) : null;
}

/**
 * At build: every streaming instruction script React writes into a page, from its server bundle's
 * source (next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js): the shell-time
 * script, and a boundary ($RC) or segment ($RS) completion with ids below MAX_INSTRUCTION_ID,
 * with its runtime in front (the first of its kind in a page) or alone. Error instructions ($RX)
 * and style-hoisting completions ($RR) carry data and are left out: such a page is not kept.
 * Empty when a constant is not found (another React): no page with streamed parts is kept.
 */
export function reactInstructionScripts(source: string): string[] {
  const shellTime = reactConstant(source, "shellTimeRuntimeScript");
  const boundaryRuntime = reactConstant(source, "completeBoundaryScriptFunctionOnly");
  const segmentFull = reactConstant(source, "completeSegmentScript1Full");
  if (!shellTime || !boundaryRuntime || !segmentFull?.endsWith('$RS("')) return [];
  const segmentRuntime = segmentFull.slice(0, -'$RS("'.length);
  const scripts = [shellTime];
  for (let a = 0; a < MAX_INSTRUCTION_ID; a += 1) {
    for (let b = 0; b < MAX_INSTRUCTION_ID; b += 1) {
      const boundary = `$RC("B:${a.toString(16)}","S:${b.toString(16)}")`;
      const segment = `$RS("S:${a.toString(16)}","P:${b.toString(16)}")`;
      scripts.push(boundary, boundaryRuntime + boundary, segment, segmentRuntime + segment);
    }
  }
  return scripts;
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
