/**
 * The one ETag rule of every answer that has one: the cached public reads (the REST adapter in
 * src/server/rest/handler.ts behind Next, and the fast path before it), the pages the fast path
 * keeps and the build's brotli assets. A strong tag from the bytes; a 304 when If-None-Match
 * names it (a list, compared exactly: these tags are never weak).
 */
import { createHash } from "node:crypto";

/** `"<sha1 of the bytes, base64url>"`, with an optional prefix for another encoding of the same file. */
export function strongEtag(bytes: string | Uint8Array, prefix = ""): string {
  return `"${prefix}${createHash("sha1").update(bytes).digest("base64url")}"`;
}

/** Whether an If-None-Match value names `etag` (so a 304 answers). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return (ifNoneMatch ?? "").split(",").some((tag) => tag.trim() === etag);
}
