/**
 * The CSP source of every inline <script> in a page built at build time ('sha256-…'): the
 * prerendered pages are build output, served as files without a per-request nonce
 * (scripts/build/csp-hashes.ts at build, src/proxy.ts and src/server/edge/fast-path.ts when serving). Pages
 * rendered at run time and kept by the fast path are held to a stricter rule
 * (src/server/edge/kept-page-scripts.ts). Tags with a src attribute are same-origin chunks,
 * allowed by 'self'.
 */
import { inlineScripts, scriptHash } from "./kept-page-scripts";

export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(({ body }) => scriptHash(body)))];
}
