import "server-only";
import { TRPCError } from "@trpc/server";
import type { User } from "@/generated/prisma/client";
import { readSessionToken, type SessionInfo, sessionCookie, validateSessionToken } from "../auth/session";
import { type Db, getDb } from "../platform/db";
import { databaseUnavailableError, isDatabaseUnavailable } from "../platform/db-unavailable";
import { logger } from "../platform/logger";
import { appOrigin, getEnv } from "../platform/env";
import { type RequestInfo, requestIdFrom } from "../ops/request-log";

export type Context = {
  db: Db;
  user: User | null;
  session: SessionInfo | null;
  /** Raw session token of this request (to end it on logout). */
  sessionToken: string | null;
  /** A session that passed the password but still owes its TOTP code (signs nobody in until then). */
  pendingTwoFactor: { sessionId: string; userId: string } | null;
  headers: Headers;
  /** Headers to add to the response (Set-Cookie). */
  resHeaders: Headers;
  ip: string;
  requestId: string;
  /** This app's public origin for absolute links (webhooks, pay pages): APP_URL, never a request header. */
  origin: string;
};

/** How many reverse proxies in front of the app append to X-Forwarded-For (TRUST_PROXY_HOPS, default 0). */
export function trustProxyHops(): number {
  return getEnv().TRUST_PROXY_HOPS;
}

/**
 * The client's address. src/server/edge/server.mjs (what `npm start` runs) rewrites X-Forwarded-For before
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

/** Context from explicit parts: what tests use with a real database. */
export async function createContextInner(opts: {
  db: Db;
  headers?: Headers;
  resHeaders?: Headers;
  requestId?: string;
}): Promise<Context> {
  const headers = opts.headers ?? new Headers();
  const resHeaders = opts.resHeaders ?? new Headers();
  const token = readSessionToken(headers);
  const validated = token ? await validateSessionToken(opts.db, token) : null;
  const pending = validated?.session.twoFactorPending ? validated : null;
  const signedIn = pending ? null : validated;
  if (validated?.renewed && token && !headers.get("authorization")) {
    resHeaders.append("set-cookie", sessionCookie(token, validated.session.expiresAt));
  }
  return {
    db: opts.db,
    user: signedIn?.user ?? null,
    session: signedIn?.session ?? null,
    sessionToken: signedIn ? token : null,
    pendingTwoFactor: pending ? { sessionId: pending.session.id, userId: pending.user.id } : null,
    headers,
    resHeaders,
    ip: clientIp(headers),
    requestId: opts.requestId ?? requestIdFrom(headers),
    // Never from Host / X-Forwarded-Host: a client must not decide where the server sends anything.
    origin: appOrigin(),
  };
}

/** Context for a live request (tRPC fetch handler, REST adapter); fills `info.userId` for the request log. */
export async function createContext(opts: { req: Request; resHeaders: Headers; info?: RequestInfo }): Promise<Context> {
  let ctx: Context;
  try {
    ctx = await createContextInner({
      db: await getDb(),
      headers: opts.req.headers,
      resHeaders: opts.resHeaders,
      requestId: opts.info?.requestId,
    });
  } catch (error) {
    // The session look-up is the first query of every request: an unreachable database is a 503.
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error, requestId: opts.info?.requestId }, "database unavailable");
    const unavailable = databaseUnavailableError();
    throw new TRPCError({ code: unavailable.code, message: unavailable.message, cause: unavailable });
  }
  if (opts.info) opts.info.userId = ctx.user?.id ?? null;
  return ctx;
}
