import "server-only";
import type { User } from "@/generated/prisma/client";
import { readSessionToken, type SessionInfo, sessionCookie, validateSessionToken } from "../auth/session";
import { type Db, getDb } from "../db";
import { type RequestInfo, requestIdFrom } from "../request-log";

export type Context = {
  db: Db;
  user: User | null;
  session: SessionInfo | null;
  /** Raw session token of this request (to end it on logout). */
  sessionToken: string | null;
  headers: Headers;
  /** Headers to add to the response (Set-Cookie). */
  resHeaders: Headers;
  ip: string;
  requestId: string;
  /** Origin of this app as the client reached it, for absolute links (webhooks, pay pages). */
  origin: string;
};

/** How many reverse proxies in front of the app append to X-Forwarded-For (TRUST_PROXY_HOPS, default 0). */
export function trustProxyHops(): number {
  const n = Number(process.env.TRUST_PROXY_HOPS ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * The client's address. scripts/server.mjs (what `npm start` runs) rewrites X-Forwarded-For before
 * Next sees the request: with TRUST_PROXY_HOPS=0 it is replaced by the socket address; with N > 0 the
 * socket address is appended. So the client is the entry N places before the last one; whatever a
 * client wrote further left is ignored. (Plain `next start` keeps a client-supplied header: see
 * .env.example.) X-Real-IP is not trusted.
 */
export function clientIp(headers: Headers, hops = trustProxyHops()): string {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return "127.0.0.1";
  return entries[Math.max(0, entries.length - 1 - hops)] ?? "127.0.0.1";
}

export function requestOrigin(url: string | undefined, headers: Headers): string {
  if (process.env.APP_URL) return process.env.APP_URL.replace(/\/$/, "");
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (host) return `${headers.get("x-forwarded-proto") ?? "http"}://${host}`;
  return url ? new URL(url).origin : "http://localhost:3000";
}

/** Context from explicit parts: what tests use with a real database. */
export async function createContextInner(opts: {
  db: Db;
  headers?: Headers;
  resHeaders?: Headers;
  url?: string;
  requestId?: string;
}): Promise<Context> {
  const headers = opts.headers ?? new Headers();
  const resHeaders = opts.resHeaders ?? new Headers();
  const token = readSessionToken(headers);
  const validated = token ? await validateSessionToken(opts.db, token) : null;
  if (validated?.renewed && token && !headers.get("authorization")) {
    resHeaders.append("set-cookie", sessionCookie(token, validated.session.expiresAt));
  }
  return {
    db: opts.db,
    user: validated?.user ?? null,
    session: validated?.session ?? null,
    sessionToken: validated ? token : null,
    headers,
    resHeaders,
    ip: clientIp(headers),
    requestId: opts.requestId ?? requestIdFrom(headers),
    origin: requestOrigin(opts.url, headers),
  };
}

/** Context for a live request (tRPC fetch handler, REST adapter); fills `info.userId` for the request log. */
export async function createContext(opts: { req: Request; resHeaders: Headers; info?: RequestInfo }): Promise<Context> {
  const ctx = await createContextInner({
    db: await getDb(),
    headers: opts.req.headers,
    resHeaders: opts.resHeaders,
    url: opts.req.url,
    requestId: opts.info?.requestId,
  });
  if (opts.info) opts.info.userId = ctx.user?.id ?? null;
  return ctx;
}
