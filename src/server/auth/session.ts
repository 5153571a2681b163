/**
 * Sessions in Lucia's design (lucia-auth.com/sessions): the client holds a random token of
 * 160 bits; the database stores only its SHA-256. 30-day expiry, renewed when under 15 days remain.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { SESSION_COOKIE } from "@/shared/constants";
import type { DbTx } from "../db";
import type { User } from "@/generated/prisma/client";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
export const SESSION_RENEW_WITHIN_MS = 15 * DAY_MS;

export type SessionInfo = { id: string; userId: string; expiresAt: Date };
export type SessionValidation = { session: SessionInfo; user: User; renewed: boolean } | null;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(
  db: DbTx,
  userId: string,
  now = new Date(),
): Promise<{ token: string; session: SessionInfo }> {
  const token = generateSessionToken();
  const session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
  await db.session.create({ data: session });
  return { token, session };
}

export async function validateSessionToken(db: DbTx, token: string, now = new Date()): Promise<SessionValidation> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const id = sessionIdFromToken(token);
  const row = await db.session.findUnique({ where: { id }, include: { user: true } });
  if (!row) return null;
  if (now.getTime() >= row.expiresAt.getTime()) {
    await db.session.deleteMany({ where: { id } });
    return null;
  }
  let renewed = false;
  let expiresAt = row.expiresAt;
  if (row.expiresAt.getTime() - now.getTime() < SESSION_RENEW_WITHIN_MS) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.session.updateMany({ where: { id }, data: { expiresAt } });
    renewed = true;
  }
  const { user, ...session } = row;
  return { session: { id: session.id, userId: session.userId, expiresAt }, user, renewed };
}

export async function invalidateSession(db: DbTx, sessionId: string): Promise<void> {
  await db.session.deleteMany({ where: { id: sessionId } });
}

export async function invalidateUserSessions(db: DbTx, userId: string): Promise<void> {
  await db.session.deleteMany({ where: { userId } });
}

const secureFlag = () => (process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "false" ? "; Secure" : "");

export function sessionCookie(token: string, expiresAt: Date): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Lax; Path=/; Expires=${expiresAt.toUTCString()}${secureFlag()}`;
}

export function blankSessionCookie(): string {
  return `${SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0${secureFlag()}`;
}

/** The session token from the cookie, or from `Authorization: Bearer <token>` (typed client for tools). */
export function readSessionToken(headers: Headers): string | null {
  const auth = headers.get("authorization");
  if (auth?.startsWith("Bearer ")) return auth.slice(7).trim() || null;
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return rest.join("=") || null;
  }
  return null;
}
