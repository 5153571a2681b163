import { randomUUID } from "node:crypto";
import type { User } from "@/generated/prisma/client";
import { readSessionToken, type SessionInfo, sessionCookie, validateSessionToken } from "../auth/session";
import { type Db, getDb } from "../db";

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

export function clientIp(headers: Headers): string {
  // Behind a proxy the first X-Forwarded-For hop is the client; directly, Next gives no socket address.
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip") || "127.0.0.1";
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
    requestId: headers.get("x-request-id") ?? randomUUID(),
    origin: requestOrigin(opts.url, headers),
  };
}

/** Context for a live request (tRPC fetch handler, REST adapter). */
export async function createContext(opts: { req: Request; resHeaders: Headers }): Promise<Context> {
  return createContextInner({ db: await getDb(), headers: opts.req.headers, resHeaders: opts.resHeaders, url: opts.req.url });
}
