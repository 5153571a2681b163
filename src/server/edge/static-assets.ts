/**
 * The build's scripts and styles (/_next/static/**.js, .css) for browsers that accept brotli:
 * scripts/build/precompress-static.ts writes a best-quality brotli copy of each at build, and the fast
 * path of `npm start` (src/server/edge/fast-path.ts) sends it, read once and kept. That is about 13%
 * fewer bytes than the gzip Next's static handler makes per request (docs/performance.md, "First
 * load"). Anything else (no copy, a gzip-only client, a Range request) goes to Next as before.
 */
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { strongEtag } from "../platform/etag";
import { acceptsEncoding, header, matchesEtag } from "./request-headers";

/** What is precompressed, with the content type Next gives it. */
export const STATIC_ASSET_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};

/** Next's cache headers of a build asset (content-hashed names: kept for a year). */
const STATIC_HEADERS = {
  "cache-control": "public, max-age=31536000, immutable",
  vary: "Accept-Encoding",
  "x-content-type-options": "nosniff",
};

/**
 * URL path → brotli copy, for every asset of this build that has one. Listed once at start, so
 * only this build's files are ever read: any other name goes to Next, which answers 404.
 */
export function loadStaticAssets(buildDir = path.join(process.cwd(), ".next")): Map<string, string> {
  const assets = new Map<string, string>();
  const root = path.join(buildDir, "static");
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // no build here (`next dev`, tests)
    }
    const names = new Set(entries.map((e) => e.name));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (STATIC_ASSET_TYPES[path.extname(entry.name)] && names.has(`${entry.name}.br`)) {
        assets.set(`/_next/static/${path.relative(root, full).split(path.sep).join("/")}`, `${full}.br`);
      }
    }
  };
  walk(root);
  return assets;
}

type Compressed = { br: Buffer; etag: string };

/** Serves the brotli copies of `assets`; false: not one of them, or the client wants another encoding. */
export function createStaticAssetServer(assets: Map<string, string>) {
  /** Each copy read on its first request and kept (the build's own files: a bounded set). */
  const kept = new Map<string, Promise<Compressed | null>>();
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    const file = assets.get(pathname);
    // Range requests keep Next's byte-range answers of the plain file.
    if (!file || header(req, "range") !== undefined || !acceptsEncoding(req, "br")) return false;
    let pending = kept.get(pathname);
    if (!pending) {
      pending = fs.promises
        .readFile(file)
        .then((br) => ({ br, etag: strongEtag(br, "br-") }))
        .catch(() => null);
      kept.set(pathname, pending);
    }
    const asset = await pending;
    if (!asset) {
      kept.delete(pathname);
      return false;
    }
    for (const [name, value] of Object.entries(STATIC_HEADERS)) res.setHeader(name, value);
    res.setHeader("content-type", STATIC_ASSET_TYPES[path.extname(pathname)] as string);
    res.setHeader("etag", asset.etag);
    if (matchesEtag(req, asset.etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader("content-encoding", "br");
    res.setHeader("content-length", asset.br.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : asset.br);
    return true;
  };
}
