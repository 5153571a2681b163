/**
 * TOTP two-factor for admins (RFC 6238 through @oslojs/otp: 30-second steps, 6 digits, SHA-1 as
 * authenticator apps expect). Enrolment: `setupTwoFactor` keeps a fresh key as pending and shows
 * it (secret, otpauth URI, QR code); `enableTwoFactor` confirms it with a code. Sign-in: `login`
 * opens a session that owes its code (Session.twoFactorPending, signs nobody in) and
 * `verifyTwoFactorLogin` settles it. A code is accepted one step early or late, and never twice
 * (User.totpLastCounter moves forward with a conditional UPDATE). Code attempts are rate limited.
 * With ADMIN_2FA_REQUIRED=true, money-moving admin actions need a session that passed the check
 * (`adminProcedure`, src/server/api/trpc.ts).
 */
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import { decodeHex, encodeBase32UpperCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import QRCode from "qrcode";
import type { Db, DbTx } from "../db";
import { badRequest, forbidden, unauthorized } from "../errors";
import { invalidateUserSessions, SESSION_TTL_MS } from "../auth/session";
import { consumeOrThrow, type RateRule, resetLimit } from "../security/rate-limit";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = "Prize Contests";
export const TWO_FACTOR_RULE: RateRule = { limit: 5, windowMs: 15 * 60_000 };
export const INVALID_CODE = "Invalid authentication code. Please try again.";
export const TWO_FACTOR_REQUIRED =
  "This action needs two-factor authentication. Turn it on in Account Settings, then sign in again with your code.";

const rateKey = (userId: string) => `two-factor:${userId}`;

function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The time step `code` belongs to (previous, current or next), or null. */
export function matchTotp(keyHex: string, code: string, now = new Date()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = decodeHex(keyHex);
  const current = stepAt(now);
  for (const step of [current, current - 1, current + 1]) {
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}

async function checkCode(db: DbTx, userId: string, keyHex: string, code: string, now: Date): Promise<number> {
  await consumeOrThrow(
    db,
    rateKey(userId),
    TWO_FACTOR_RULE,
    (retry) => `Too many authentication codes. Please try again ${retry}.`,
    {
      now,
    },
  );
  const step = matchTotp(keyHex, code.trim(), now);
  if (step === null) throw unauthorized(INVALID_CODE);
  return step;
}

/** Uses `step` for `userId` unless it (or a later one) was used already: no code works twice. */
async function claimStep(db: DbTx, userId: string, step: number): Promise<void> {
  const claimed = await db.user.updateMany({
    where: { id: userId, OR: [{ totpLastCounter: null }, { totpLastCounter: { lt: step } }] },
    data: { totpLastCounter: step },
  });
  if (claimed.count !== 1) throw unauthorized(INVALID_CODE);
}

export type TwoFactorStatus = { enabled: boolean; required: boolean };

export async function twoFactorStatus(db: DbTx, userId: string, required: boolean): Promise<TwoFactorStatus> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } });
  return { enabled: Boolean(user?.totpEnabledAt), required };
}

/** Starts enrolment: a fresh 160-bit key, kept as pending until a code confirms it. */
export async function setupTwoFactor(
  db: DbTx,
  user: { id: string; email: string; role: string },
): Promise<{ secret: string; uri: string; qrCode: string }> {
  if (user.role !== "admin") throw forbidden("Two-factor authentication is for admin accounts");
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  await db.user.update({ where: { id: user.id }, data: { totpPendingSecret: encodeHexLowerCase(key) } });
  const uri = createTOTPKeyURI(TOTP_ISSUER, user.email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
  return { secret: encodeBase32UpperCaseNoPadding(key), uri, qrCode };
}

/** Confirms enrolment with a code of the pending key; this session counts as verified, others end. */
export async function enableTwoFactor(db: Db, userId: string, sessionId: string, code: string, now = new Date()): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpPendingSecret: true } });
  if (!user?.totpPendingSecret) throw badRequest("Start the set-up first: scan the QR code, then enter a code");
  const step = await checkCode(db, userId, user.totpPendingSecret, code, now);
  const secret = user.totpPendingSecret;
  await db.$transaction(async (tx) => {
    const moved = await tx.user.updateMany({
      where: { id: userId, totpPendingSecret: secret },
      data: { totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now, totpLastCounter: step },
    });
    if (moved.count !== 1) throw badRequest("The set-up changed meanwhile. Please start again");
    await tx.session.updateMany({ where: { id: sessionId }, data: { twoFactorVerifiedAt: now } });
    await invalidateUserSessions(tx, userId, sessionId);
  });
  await resetLimit(db, rateKey(userId));
}

/** Turns two-factor off; needs a current code. */
export async function disableTwoFactor(db: Db, userId: string, code: string, now = new Date()): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecret: true } });
  if (!user?.totpSecret) throw badRequest("Two-factor authentication is not on");
  const step = await checkCode(db, userId, user.totpSecret, code, now);
  await claimStep(db, userId, step);
  await db.user.update({
    where: { id: userId },
    data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastCounter: null },
  });
  await resetLimit(db, rateKey(userId));
}

/** Settles a sign-in that owes its code: the session becomes a full, verified one. */
export async function verifyTwoFactorLogin(
  db: Db,
  pending: { sessionId: string; userId: string } | null,
  code: string,
  now = new Date(),
): Promise<{ expiresAt: Date }> {
  if (!pending) throw unauthorized("Sign in with your email and password first");
  const user = await db.user.findUnique({ where: { id: pending.userId }, select: { totpSecret: true } });
  if (!user?.totpSecret) throw unauthorized("Sign in with your email and password first");
  const step = await checkCode(db, pending.userId, user.totpSecret, code, now);
  await claimStep(db, pending.userId, step);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const done = await db.session.updateMany({
    where: { id: pending.sessionId, twoFactorPending: true, expiresAt: { gt: now } },
    data: { twoFactorPending: false, twoFactorVerifiedAt: now, expiresAt },
  });
  if (done.count !== 1) throw unauthorized("Sign in with your email and password first");
  await resetLimit(db, rateKey(pending.userId));
  return { expiresAt };
}
