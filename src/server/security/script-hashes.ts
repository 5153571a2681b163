/**
 * The CSP source of every inline <script> in an HTML page ('sha256-…'), for pages served without a
 * per-request nonce: the prerendered pages (scripts/csp-hashes.ts at build) and the pages the fast
 * path keeps in memory (src/server/fast-path.ts). Tags with a src attribute are same-origin
 * chunks, allowed by 'self'.
 */
import { createHash } from "node:crypto";

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(m[1] ?? "") || !m[2]) continue;
    hashes.add(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
