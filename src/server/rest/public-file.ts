/**
 * Answers a stored public file (src/server/services/draws/public-files.ts): its ETag and a 304 when
 * the client has it (src/server/platform/etag.ts), the stored gzip bytes as they are for a client that
 * accepts gzip (browsers, fetch, curl --compressed), else the text unzipped once for this answer.
 * The gzip answer has its own tag ("gz-" prefix): two encodings of one file are two representations.
 */
import { gunzipSync } from "node:zlib";
import { etagMatches } from "../platform/etag";
import type { StoredPublicFile } from "../services/draws";

/** Whether Accept-Encoding allows gzip (named, or `*`, with a q other than 0). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (token !== "gzip" && token !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

export function publicFileResponse(req: Request, file: StoredPublicFile, filename: string): Response {
  const gzip = acceptsGzip(req.headers.get("accept-encoding"));
  const etag = gzip ? file.etag.replace(/^"/, '"gz-') : file.etag;
  const headers = new Headers({
    "content-type": "text/plain; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    etag,
    // no-transform: the body is already gzip (or plain by choice); Next's compression and proxies must
    // not encode it again (Next gzipped the stored gzip a second time without it).
    "cache-control": "public, no-cache, no-transform",
    vary: "accept-encoding",
  });
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  const body = gzip ? file.gzip : gunzipSync(file.gzip);
  if (gzip) headers.set("content-encoding", "gzip");
  headers.set("content-length", String(body.byteLength));
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
