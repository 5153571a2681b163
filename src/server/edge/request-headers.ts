/**
 * Request-header reading for the node:http answers of `npm start` that leave before Next
 * (src/server/edge/fast-path.ts, src/server/edge/static-assets.ts).
 */
import type { IncomingMessage } from "node:http";
import { etagMatches } from "../platform/etag";

/** A header as one string (repeated headers joined), or undefined. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Whether Accept-Encoding lists `coding` without refusing it (`;q=0`). */
export function acceptsEncoding(req: IncomingMessage, coding: "gzip" | "br"): boolean {
  return (header(req, "accept-encoding") ?? "").split(",").some((entry) => {
    const [name, ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    if (name !== coding) return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Whether If-None-Match names `etag` (so a 304 answers). */
export function matchesEtag(req: IncomingMessage, etag: string): boolean {
  return etagMatches(header(req, "if-none-match"), etag);
}
