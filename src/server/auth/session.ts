/**
 * Sessions in Lucia's design (lucia-auth.com/sessions): the client holds a random token of
 * 160 bits; the database stores only its SHA-256. 30-day expiry, renewed when under 15 days remain.
 * Staff sessions (every role in docs/admin.md "Roles") are kept alive by use instead: they end
 * STAFF_IDLE_MINUTES after the last request (a session that becomes staff is cut to that at once).
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { SESSION_COOKIE } from "@/shared/constants";
import { isStaffRole } from "@/shared/staff";
import type { DbTx } from "../platform/db";
import { publishAfterCommit } from "../events";
import { getEnv } from "../platform/env";
import type { User } from "@/generated/prisma/client";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
export const SESSION_RENEW_WITHIN_MS = 15 * DAY_MS;

export type SessionInfo = {
  id: string;
  userId: string;
  expiresAt: Date;
  /** Password checked, TOTP code owed (src/server/services/accounts/two-factor.ts): signs nobody in yet. */
  twoFactorPending: boolean;
  /** When this session passed the TOTP check, if it did. */
  twoFactorVerifiedAt: Date | null;
  /** When the password opened it (staff role changes ask for a recent one). */
  createdAt: Date;
};
/** How long a full session lives without use: 30 days for a player, STAFF_IDLE_MINUTES for staff. */
export function sessionTtlMs(role: string | null | undefined): number {
  return isStaffRole(role) ? getEnv().STAFF_IDLE_MINUTES * 60_000 : SESSION_TTL_MS;
}

/** A staff session's idle deadline moves forward in steps of at most this much. */
const STAFF_RENEW_STEP_MS = 5 * 60_000;
/** How long a session waiting for its TOTP code lives. */
export const TWO_FACTOR_PENDING_TTL_MS = 10 * 60 * 1000;
export type SessionValidation = { session: SessionInfo; user: User; renewed: boolean } | null;

/** A fresh secret of `length` random bytes (sessions, reset grants). */
export function secretBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return bytes;
}

/** What the database keeps of a secret token: its SHA-256, in hex. */
export function tokenHash(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(secretBytes(20));
}

export function sessionIdFromToken(token: string): string {
  return tokenHash(token);
}

export async function createSession(
  db: DbTx,
  userId: string,
  now = new Date(),
  opts: { twoFactorPending?: boolean } = {},
): Promise<{ token: string; session: SessionInfo }> {
  const token = generateSessionToken();
  const twoFactorPending = opts.twoFactorPending ?? false;
  const owner = await db.user.findUnique({ where: { id: userId }, select: { role: true } });
  const ttl = twoFactorPending ? TWO_FACTOR_PENDING_TTL_MS : sessionTtlMs(owner?.role);
  const session: SessionInfo = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(now.getTime() + ttl),
    twoFactorPending,
    twoFactorVerifiedAt: null,
    createdAt: now,
  };
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
  const staffIdleMs = isStaffRole(row.user.role) ? getEnv().STAFF_IDLE_MINUTES * 60_000 : null;
  if (!row.twoFactorPending && staffIdleMs !== null) {
    // Idle timeout: pushed forward in steps (a sixth of it, at most 5 minutes), so a busy dashboard writes little.
    const left = row.expiresAt.getTime() - now.getTime();
    if (left > staffIdleMs || staffIdleMs - left >= Math.min(STAFF_RENEW_STEP_MS, staffIdleMs / 6)) {
      expiresAt = new Date(now.getTime() + staffIdleMs);
      await db.session.updateMany({ where: { id }, data: { expiresAt } });
      renewed = true;
    }
  } else if (!row.twoFactorPending && row.expiresAt.getTime() - now.getTime() < SESSION_RENEW_WITHIN_MS) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.session.updateMany({ where: { id }, data: { expiresAt } });
    renewed = true;
  }
  const { user, ...session } = row;
  return {
    session: {
      id: session.id,
      userId: session.userId,
      expiresAt,
      twoFactorPending: session.twoFactorPending,
      twoFactorVerifiedAt: session.twoFactorVerifiedAt,
      createdAt: session.createdAt,
    },
    user,
    renewed,
  };
}

/** Ends one session; its live streams stop (src/server/events/streams.ts). */
export async function invalidateSession(db: DbTx, sessionId: string): Promise<void> {
  const rows = await db.session.findMany({ where: { id: sessionId }, select: { userId: true } });
  await db.session.deleteMany({ where: { id: sessionId } });
  for (const { userId } of rows) await publishAfterCommit(db, { kind: "session-ended", userId });
}

/** Ends every session of the user (but `exceptSessionId`); their live streams stop. */
export async function invalidateUserSessions(db: DbTx, userId: string, exceptSessionId?: string): Promise<void> {
  await db.session.deleteMany({ where: { userId, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) } });
  await publishAfterCommit(db, { kind: "session-ended", userId });
}

export const secureFlag = () => (process.env.NODE_ENV === "production" && getEnv().COOKIE_SECURE ? "; Secure" : "");

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
