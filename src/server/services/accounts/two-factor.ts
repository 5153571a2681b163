/**
 * TOTP two-factor for admins (RFC 6238 through @oslojs/otp: 30-second steps, 6 digits, SHA-1 as
 * authenticator apps expect). Enrolment: `setupTwoFactor` keeps a fresh key as pending and shows
 * it (secret, otpauth URI, QR code); `enableTwoFactor` confirms it with a code. Sign-in: `login`
 * opens a session that owes its code (Session.twoFactorPending, signs nobody in) and
 * `verifyTwoFactorLogin` settles it. A code is accepted one step early or late, and never twice
 * (User.totpLastCounter moves forward with a conditional UPDATE). Enrolment also gives ten single-use
 * backup codes (shown once, only their SHA-256 stored) that stand in for a code anywhere the current
 * key's code is asked: sign-in, re-enrolment, turning it off. Attempts are limited per account and
 * address together and per address (a stranger with the password cannot lock the owner out from
 * elsewhere), and codes have a ceiling per account whatever the address (TWO_FACTOR_ACCOUNT_RULE:
 * guesses spread over many addresses pause the account's codes for a short lockout that doubles
 * with each earlier one that day, at most TWO_FACTOR_LOCK_MAX_MS; the owner is told by notification
 * and e-mail; backup codes and sessions that already passed keep working, so the stranger who holds
 * the password cannot lock the owner out for good). Re-enrolling and turning it off need the current
 * code or a backup code.
 * With ADMIN_2FA_REQUIRED=true, every admin procedure that shows players' data, moves money or
 * reaches a player needs a session that passed the check (src/server/api/privileged.ts).
 */
import { isStaffRole } from "@/shared/staff";
import type { z } from "zod";
import type { twoFactorStatusOutput } from "@/shared/schemas/responses";
import { createHash, randomBytes } from "node:crypto";
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import { decodeHex, encodeBase32UpperCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import QRCode from "qrcode";
import type { Db, DbTx } from "../../platform/db";
import { badRequest, forbidden, tooManyRequests, unauthorized } from "../../platform/errors";
import { invalidateUserSessions, sessionTtlMs } from "../../auth/session";
import { mailTwoFactorLocked } from "../../mail/events";
import { consumeOrThrow, hit, peek, type RateRule, refund, resetLimit, retryText } from "../../security/rate-limit";
import { notify, recordAudit } from "../kernel";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = "Prize Contests";
/** Code attempts per account from one address, and per address across accounts. */
export const TWO_FACTOR_RULE: RateRule = { limit: 5, windowMs: 15 * 60_000 };
export const TWO_FACTOR_IP_RULE: RateRule = { limit: 20, windowMs: 15 * 60_000 };
/**
 * Authenticator codes per account from every address together: the 10th wrong one in 15 minutes
 * pauses the account's codes (not its backup codes) for a lockout of TWO_FACTOR_LOCK_BASE_MS,
 * doubling with each earlier lockout in the last day (TWO_FACTOR_LOCKOUTS_RULE), at most
 * TWO_FACTOR_LOCK_MAX_MS. A stranger who has the password gets about 10 guesses per lockout (a few
 * dozen a day, each 3 in a million); the owner is told at each one and still has the backup codes.
 */
export const TWO_FACTOR_ACCOUNT_RULE: RateRule = { limit: 10, windowMs: 15 * 60_000 };
export const TWO_FACTOR_LOCK_BASE_MS = 15 * 60_000;
export const TWO_FACTOR_LOCK_MAX_MS = 4 * 60 * 60_000;
export const TWO_FACTOR_LOCKOUTS_RULE: RateRule = { limit: 1_000, windowMs: 24 * 60 * 60_000 };
export const BACKUP_CODE_COUNT = 10;
export const CURRENT_CODE_NEEDED =
  "Enter a current code from your authenticator app (or a backup code) to change two-factor authentication";
export const INVALID_CODE = "Invalid authentication code. Please try again.";
export const TWO_FACTOR_REQUIRED =
  "This needs two-factor authentication. Turn it on in Account Settings, then sign in again with your code.";

const rateKey = (userId: string, ip: string) => `two-factor:${userId}|${ip}`;
const ipRateKey = (ip: string) => `two-factor-ip:${ip}`;
const accountRateKey = (userId: string) => `two-factor-account:${userId}`;
const lockoutsKey = (userId: string) => `two-factor-lockouts:${userId}`;

export const twoFactorLocked = (retry: string) =>
  `Too many wrong authentication codes for this account. Codes are paused; try again ${retry}, or use one of your backup codes.`;

/** What the owner is told at each lockout (a notification; the e-mail says the same: src/server/mail/events.ts). */
export const TWO_FACTOR_LOCKED_NOTIFICATION = {
  type: "warning",
  title: "Two-factor codes paused",
  message:
    "Someone who knows your password entered wrong authentication codes for your account too many times, so codes are paused for a while. Change your password now. Your backup codes still work, and sessions already signed in are not affected.",
} as const;

/** Backup codes: 10 base32 characters (50 random bits) shown as xxxxx-xxxxx. */
const BACKUP_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
function newBackupCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => BASE32[b & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
export function hashBackupCode(code: string): string {
  return createHash("sha256").update(code.trim().toLowerCase().replace("-", "")).digest("hex");
}

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

/** Counts one attempt for `userId` from `ip` (both limits) before anything is checked. */
async function countAttempt(db: DbTx, userId: string, ip: string, now: Date): Promise<void> {
  const busy = (retry: string) => `Too many authentication codes. Please try again ${retry}.`;
  await consumeOrThrow(db, ipRateKey(ip), TWO_FACTOR_IP_RULE, busy, { now });
  await consumeOrThrow(db, rateKey(userId, ip), TWO_FACTOR_RULE, busy, { now });
}

/** The lockout a wrong code that reaches the account's ceiling starts: doubling with each earlier one that day. */
async function lockMs(db: DbTx, userId: string, now: Date): Promise<number> {
  const earlier = (await peek(db, lockoutsKey(userId), TWO_FACTOR_LOCKOUTS_RULE, now))?.points ?? 0;
  return Math.min(TWO_FACTOR_LOCK_MAX_MS, TWO_FACTOR_LOCK_BASE_MS * 2 ** Math.min(earlier, 10));
}

/**
 * A code of `keyHex`: counted per address, per account and address, and against the account's
 * ceiling (every address together) before it is judged, so parallel guesses cannot slip past. The
 * wrong code that reaches the ceiling starts the lockout and tells the owner, once.
 */
async function checkCode(db: DbTx, userId: string, ip: string, keyHex: string, code: string, now: Date): Promise<number> {
  await countAttempt(db, userId, ip, now);
  const rule = { ...TWO_FACTOR_ACCOUNT_RULE, blockMs: await lockMs(db, userId, now) };
  const account = await hit(db, accountRateKey(userId), rule, { now });
  if (account.points > rule.limit) {
    throw tooManyRequests(twoFactorLocked(retryText(account.retryAfterSeconds)), account.retryAfterSeconds);
  }
  const step = matchTotp(keyHex, code.trim(), now);
  if (step === null) {
    if (account.limited) {
      await hit(db, lockoutsKey(userId), TWO_FACTOR_LOCKOUTS_RULE, { now });
      await tellOwnerOfLockout(db, userId, account.expiresAt);
      throw tooManyRequests(twoFactorLocked(retryText(account.retryAfterSeconds)), account.retryAfterSeconds);
    }
    throw unauthorized(INVALID_CODE);
  }
  // The address and account limits count wrong codes only: an office of admins signing in is not throttled.
  await refund(db, ipRateKey(ip));
  await refund(db, accountRateKey(userId));
  return step;
}

/** A notification and an e-mail, written together. */
async function tellOwnerOfLockout(db: DbTx, userId: string, until: Date): Promise<void> {
  const tell = async (tx: DbTx) => {
    await notify(tx, userId, TWO_FACTOR_LOCKED_NOTIFICATION);
    await mailTwoFactorLocked(tx, userId, until);
  };
  if ("$transaction" in db) await (db as Db).$transaction(tell);
  else await tell(db);
}

/**
 * The second factor of an enrolled account: a code of its key (used once, by time step) or one of
 * its unused backup codes (used up by a conditional UPDATE, so a code never works twice even raced).
 */
async function checkSecondFactor(db: DbTx, userId: string, ip: string, keyHex: string, code: string, now: Date): Promise<void> {
  const trimmed = code.trim().toLowerCase();
  if (BACKUP_CODE.test(trimmed)) {
    await countAttempt(db, userId, ip, now);
    const used = await db.twoFactorBackupCode.updateMany({
      where: { userId, codeHash: hashBackupCode(trimmed), usedAt: null },
      data: { usedAt: now },
    });
    if (used.count !== 1) throw unauthorized(INVALID_CODE);
    await refund(db, ipRateKey(ip));
    return;
  }
  const step = await checkCode(db, userId, ip, keyHex, trimmed, now);
  await claimStep(db, userId, step);
}

/** Uses `step` for `userId` unless it (or a later one) was used already: no code works twice. */
async function claimStep(db: DbTx, userId: string, step: number): Promise<void> {
  const claimed = await db.user.updateMany({
    where: { id: userId, OR: [{ totpLastCounter: null }, { totpLastCounter: { lt: step } }] },
    data: { totpLastCounter: step },
  });
  if (claimed.count !== 1) throw unauthorized(INVALID_CODE);
}

export type TwoFactorStatus = Omit<z.output<typeof twoFactorStatusOutput>, "sessionVerified">;

export async function twoFactorStatus(db: DbTx, userId: string, required: boolean): Promise<TwoFactorStatus> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } });
  return { enabled: Boolean(user?.totpEnabledAt), required };
}

/** Starts enrolment: a fresh 160-bit key, kept as pending until a code confirms it. */
export async function setupTwoFactor(
  db: DbTx,
  user: { id: string; email: string; role: string },
  opts: { code?: string; ip?: string; now?: Date } = {},
): Promise<{ secret: string; uri: string; qrCode: string }> {
  if (!isStaffRole(user.role)) throw forbidden("Two-factor authentication is for admin accounts");
  // Re-enrolment replaces the key: only the holder of the current one (or a backup code) may.
  const current = await db.user.findUnique({ where: { id: user.id }, select: { totpSecret: true } });
  if (current?.totpSecret) {
    if (!opts.code) throw forbidden(CURRENT_CODE_NEEDED);
    await checkSecondFactor(db, user.id, opts.ip ?? "unknown", current.totpSecret, opts.code, opts.now ?? new Date());
  }
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  await db.user.update({ where: { id: user.id }, data: { totpPendingSecret: encodeHexLowerCase(key) } });
  const uri = createTOTPKeyURI(TOTP_ISSUER, user.email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
  return { secret: encodeBase32UpperCaseNoPadding(key), uri, qrCode };
}

/**
 * Confirms enrolment with a code of the pending key; this session counts as verified, others end.
 * Answers the ten backup codes, the only time they are ever shown (earlier ones stop working).
 */
export async function enableTwoFactor(
  db: Db,
  userId: string,
  sessionId: string,
  code: string,
  now = new Date(),
  ip = "unknown",
): Promise<{ backupCodes: string[] }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpPendingSecret: true } });
  if (!user?.totpPendingSecret) throw badRequest("Start the set-up first: scan the QR code, then enter a code");
  const step = await checkCode(db, userId, ip, user.totpPendingSecret, code, now);
  const secret = user.totpPendingSecret;
  const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await db.$transaction(async (tx) => {
    const moved = await tx.user.updateMany({
      where: { id: userId, totpPendingSecret: secret },
      data: { totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now, totpLastCounter: step },
    });
    if (moved.count !== 1) throw badRequest("The set-up changed meanwhile. Please start again");
    await tx.session.updateMany({ where: { id: sessionId }, data: { twoFactorVerifiedAt: now } });
    await invalidateUserSessions(tx, userId, sessionId);
    await tx.twoFactorBackupCode.deleteMany({ where: { userId } });
    await tx.twoFactorBackupCode.createMany({
      data: backupCodes.map((c) => ({ userId, codeHash: hashBackupCode(c), createdAt: now })),
    });
    await recordAudit(tx, { actorId: userId, action: "two_factor.enable", targetType: "user", targetId: userId });
  });
  await resetLimit(db, rateKey(userId, ip));
  return { backupCodes };
}

/** Turns two-factor off; needs a current code or a backup code. */
export async function disableTwoFactor(db: Db, userId: string, code: string, now = new Date(), ip = "unknown"): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecret: true } });
  if (!user?.totpSecret) throw badRequest("Two-factor authentication is not on");
  await checkSecondFactor(db, userId, ip, user.totpSecret, code, now);
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastCounter: null },
    });
    await tx.twoFactorBackupCode.deleteMany({ where: { userId } });
    await recordAudit(tx, { actorId: userId, action: "two_factor.disable", targetType: "user", targetId: userId });
  });
  await resetLimit(db, rateKey(userId, ip));
}

/** Settles a sign-in that owes its code: the session becomes a full, verified one. */
export async function verifyTwoFactorLogin(
  db: Db,
  pending: { sessionId: string; userId: string } | null,
  code: string,
  now = new Date(),
  ip = "unknown",
): Promise<{ expiresAt: Date }> {
  if (!pending) throw unauthorized("Sign in with your email and password first");
  const user = await db.user.findUnique({ where: { id: pending.userId }, select: { totpSecret: true, role: true } });
  if (!user?.totpSecret) throw unauthorized("Sign in with your email and password first");
  await checkSecondFactor(db, pending.userId, ip, user.totpSecret, code, now);
  const expiresAt = new Date(now.getTime() + sessionTtlMs(user.role));
  const done = await db.session.updateMany({
    where: { id: pending.sessionId, twoFactorPending: true, expiresAt: { gt: now } },
    data: { twoFactorPending: false, twoFactorVerifiedAt: now, expiresAt },
  });
  if (done.count !== 1) throw unauthorized("Sign in with your email and password first");
  await resetLimit(db, rateKey(pending.userId, ip));
  return { expiresAt };
}
