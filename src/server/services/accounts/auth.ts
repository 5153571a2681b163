/**
 * Accounts: sign-up, login, logout and the three-step password recovery, with rate limits that
 * hold across instances (security/rate-limit.ts, counters in the database).
 */
import type { SignupInput } from "@/shared/schemas/auth";
import type { ForgotPasswordResult } from "@/shared/schemas/auth";
import { dummyPasswordHash, hashSecret, normaliseAnswer, verifySecret } from "../../auth/password";
import { generateResetToken, resetTokenHash } from "../../auth/reset-token";
import { createSession, invalidateSession, invalidateUserSessions, type SessionInfo } from "../../auth/session";
import type { Db } from "../../platform/db";
import { getEnv } from "../../platform/env";
import { conflict, forbidden, notFound, tooManyRequests, unauthorized } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/unique-violation";
import { consumeOrThrow, hit, peek, type RateRule, refund, resetLimit, retryText } from "../../security/rate-limit";
import { notify, WELCOME_NOTIFICATION } from "../kernel";
import { mailLinkAtSignup } from "./email-verification";
import { chooseLimits } from "../safer-play";
import { SAFER_PLAY_MESSAGES } from "@/shared/safer-play";
import type { User } from "@/generated/prisma/client";

export const INVALID_LOGIN = "Invalid email or password";
export const EMAIL_NOT_FOUND = "Email not found. Please check your email address.";
export const WRONG_ANSWER = "Security answer is incorrect. Please try again.";
export const RESET_NOT_ALLOWED =
  "Password reset is not allowed. Please answer your security question first (a verification is valid for 15 minutes and one reset).";

const MINUTE = 60_000;
export const RESET_GRANT_TTL_MS = 15 * MINUTE;

/** Every limit of this area. Keys are per account+IP (login) so a stranger cannot lock a user out. */
export const RATE_RULES = {
  /** Failed logins per account+IP: the 11th attempt in 15 minutes answers 429. */
  login: { limit: 10, windowMs: 15 * MINUTE },
  /** Failed logins per IP over all accounts (credential stuffing); successes do not count. */
  loginIp: { limit: 100, windowMs: 15 * MINUTE },
  /**
   * Wrong security answers per email+IP: the 5th locks recovery of that email from that IP for
   * 15 minutes, doubling with each earlier lockout of the IP in the last day (see recoveryBlockMs).
   * Another network (the owner's) is not locked out.
   */
  recovery: { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Lockouts caused by one IP in a day (drives the back-off). */
  recoveryLockoutsIp: { limit: 1_000, windowMs: 24 * 60 * MINUTE },
  /** Answer checks and resets per IP over all accounts. */
  recoveryIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Answer checks per account from all networks (guessing spread over many IPs). */
  recoveryAccount: { limit: 20, windowMs: 60 * MINUTE },
  /** Reset attempts per account. */
  resetAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Recovery e-mail look-ups per IP (they reveal whether an account exists). */
  recoveryLookupIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Sign-ups per IP per hour. */
  get signupIp(): RateRule {
    return { limit: getEnv().RATE_LIMIT_SIGNUPS_PER_HOUR, windowMs: 60 * MINUTE };
  },
} satisfies Record<string, RateRule>;

export const rateKeys = {
  login: (email: string, ip: string) => `login:${normaliseEmail(email)}|${ip}`,
  loginIp: (ip: string) => `login-ip:${ip}`,
  recovery: (email: string, ip: string) => `recovery:${normaliseEmail(email)}|${ip}`,
  recoveryLockoutsIp: (ip: string) => `recovery-lockouts-ip:${ip}`,
  recoveryIp: (ip: string) => `recovery-ip:${ip}`,
  recoveryAccount: (email: string) => `recovery-account:${normaliseEmail(email)}`,
  resetAccount: (email: string) => `reset-account:${normaliseEmail(email)}`,
  recoveryLookupIp: (ip: string) => `recovery-lookup-ip:${ip}`,
  signupIp: (ip: string) => `signup-ip:${ip}`,
};

const loginLimited = (retry: string) => `Too many failed login attempts. Please try again ${retry}.`;
const recoveryLocked = (retry: string) =>
  `Too many incorrect answers. Password recovery for this account is locked. Please try again ${retry}.`;
const recoveryBusy = (retry: string) => `Too many password recovery attempts. Please try again ${retry}.`;

type RequestInfo = { ip?: string; now?: Date };
/** What the reset step also needs: the token from the reset cookie (auth/reset-token.ts). */
type ResetRequestInfo = RequestInfo & { resetToken?: string | null };
const ipOf = (info: RequestInfo) => info.ip ?? "unknown";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** "player@example.com" -> "pl****@example.com"; a one- or two-letter name keeps only its first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "****";
  const local = email.slice(0, at);
  const keep = local.length > 2 ? 2 : 1;
  return `${local.slice(0, keep)}****${email.slice(at)}`;
}

export async function signup(db: Db, input: SignupInput, info: RequestInfo = {}): Promise<User> {
  await consumeOrThrow(
    db,
    rateKeys.signupIp(ipOf(info)),
    RATE_RULES.signupIp,
    (retry) => `Too many sign-ups from this network. Please try again ${retry}.`,
    { now: info.now },
  );
  const email = normaliseEmail(input.email);
  const [passwordHash, securityAnswerHash] = await Promise.all([
    hashSecret(input.password),
    hashSecret(normaliseAnswer(input.securityAnswer)),
  ]);
  try {
    const user = await db.user.create({
      data: {
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        passwordHash,
        securityQuestion: input.securityQuestion,
        securityAnswerHash,
        ...(input.dateOfBirth ? { dateOfBirth: new Date(`${input.dateOfBirth}T00:00:00Z`) } : {}),
        // The sign-up's own opt-in, unticked by default: the moment of consent is kept.
        ...(input.marketingEmail ? { marketingEmailAt: info.now ?? new Date() } : {}),
      },
    });
    await notify(db, user.id, WELCOME_NOTIFICATION); // welcome notification (notifications issue)
    // The link that verifies the address; nothing else is mailed there until it is followed (docs/email.md).
    await mailLinkAtSignup(db, user, info.now);
    if (input.spendLimit) await chooseLimits(db, user.id, input.spendLimit); // the sign-up's spend-limit prompt
    return user;
  } catch (e) {
    if (isUniqueViolation(e, "email")) {
      throw conflict("An account with this email already exists");
    }
    throw e;
  }
}

/**
 * Checks the password and opens a new session (a new one at every login).
 * The attempt is counted BEFORE the check (one atomic upsert), so parallel guesses cannot slip past
 * the limit; a success forgets the account+IP counter and gives back its point on the IP counter.
 */
export async function login(
  db: Db,
  input: { email: string; password: string },
  info: RequestInfo = {},
): Promise<{ user: User; token: string; session: SessionInfo; twoFactorRequired: boolean }> {
  const now = info.now ?? new Date();
  const ip = ipOf(info);
  const accountKey = rateKeys.login(input.email, ip);
  const ipKey = rateKeys.loginIp(ip);
  const [account, perIp] = await Promise.all([
    hit(db, accountKey, RATE_RULES.login, { now }),
    hit(db, ipKey, RATE_RULES.loginIp, { now }),
  ]);
  const over = [account.points > RATE_RULES.login.limit ? account : null, perIp.points > RATE_RULES.loginIp.limit ? perIp : null]
    .filter((s) => s !== null)
    .sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds)[0];
  if (over) throw tooManyRequests(loginLimited(retryText(over.retryAfterSeconds)), over.retryAfterSeconds);

  const user = await db.user.findUnique({ where: { email: normaliseEmail(input.email) } });
  const ok = await verifySecret(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw unauthorized(INVALID_LOGIN);
  if (user.closedAt) throw forbidden(SAFER_PLAY_MESSAGES.closed); // closed for good (services/safer-play/choices.ts)

  await Promise.all([resetLimit(db, accountKey), refund(db, ipKey)]);
  // With two-factor on, the session owes its code and signs nobody in until then (services/accounts/two-factor.ts).
  const twoFactorRequired = Boolean(user.totpEnabledAt && user.totpSecret);
  const { token, session } = await createSession(db, user.id, now, { twoFactorPending: twoFactorRequired });
  return { user, token, session, twoFactorRequired };
}

export async function logout(db: Db, sessionId: string): Promise<void> {
  await invalidateSession(db, sessionId);
}

/** Longest a lockout lasts, however many came before it from the same IP. */
export const RECOVERY_MAX_BLOCK_MS = 24 * 60 * MINUTE;

/** 15 minutes for an IP's first lockout of the day, then 30, 60, … up to a day. */
async function recoveryBlockMs(db: Db, ip: string, now: Date): Promise<number> {
  const earlier = await peek(db, rateKeys.recoveryLockoutsIp(ip), RATE_RULES.recoveryLockoutsIp, now);
  const base = RATE_RULES.recovery.blockMs;
  return Math.min(RECOVERY_MAX_BLOCK_MS, base * 2 ** Math.min(earlier?.points ?? 0, 10));
}

async function assertRecoveryOpen(db: Db, email: string, ip: string, now: Date): Promise<void> {
  const state = await peek(db, rateKeys.recovery(email, ip), RATE_RULES.recovery, now);
  if (state?.limited) throw tooManyRequests(recoveryLocked(retryText(state.retryAfterSeconds)), state.retryAfterSeconds);
}

export const RECOVERY_LOCKED_NOTIFICATION = {
  type: "warning",
  title: "Password recovery locked",
  message:
    "Someone answered your security question incorrectly 5 times, so password recovery was paused for their network. If this was not you, consider changing your security answer in Account Settings.",
} as const;

export const PASSWORD_RESET_NOTIFICATION = {
  type: "warning",
  title: "Password reset",
  message:
    "Your password was reset through password recovery and every session was signed out. If this was not you, contact support at once.",
} as const;

/** Recovery step 1: the account's masked e-mail and security question (404 when there is none). */
export async function forgotPassword(db: Db, input: { email: string }, info: RequestInfo = {}): Promise<ForgotPasswordResult> {
  const now = info.now ?? new Date();
  const email = normaliseEmail(input.email);
  await consumeOrThrow(
    db,
    rateKeys.recoveryLookupIp(ipOf(info)),
    RATE_RULES.recoveryLookupIp,
    (retry) => `Too many password recovery requests. Please try again ${retry}.`,
    { now },
  );
  await assertRecoveryOpen(db, email, ipOf(info), now);
  const user = await db.user.findUnique({ where: { email }, select: { email: true, securityQuestion: true, closedAt: true } });
  if (!user) throw notFound(EMAIL_NOT_FOUND);
  if (user.closedAt) throw forbidden(SAFER_PLAY_MESSAGES.closed); // recovery must not reopen a closed account
  return { email: user.email, maskedEmail: maskEmail(user.email), securityQuestion: user.securityQuestion };
}

/**
 * Recovery step 2: checks the answer (trimmed, lower-cased, argon2id). Every limit is counted
 * before the hash runs. An unknown e-mail is checked against a dummy hash and answered exactly like
 * a wrong answer (401). A right answer records a PasswordResetGrant holding the SHA-256 of a fresh
 * random token, returned here for the caller to put in the reset cookie: one reset within 15 minutes
 * by whoever holds it. The 5th wrong answer from one IP locks that IP out of this e-mail's recovery
 * (with back-off per IP) and tells the owner.
 */
export async function verifySecurity(
  db: Db,
  input: { email: string; securityAnswer: string },
  info: RequestInfo = {},
): Promise<{ maskedEmail: string; expiresAt: Date; token: string }> {
  const now = info.now ?? new Date();
  const ip = ipOf(info);
  const email = normaliseEmail(input.email);
  await assertRecoveryOpen(db, email, ip, now);
  await consumeOrThrow(db, rateKeys.recoveryIp(ip), RATE_RULES.recoveryIp, recoveryBusy, { now });
  await consumeOrThrow(db, rateKeys.recoveryAccount(email), RATE_RULES.recoveryAccount, recoveryBusy, { now });

  const rule = { ...RATE_RULES.recovery, blockMs: await recoveryBlockMs(db, ip, now) };
  const key = rateKeys.recovery(email, ip);
  const state = await hit(db, key, rule, { now });
  if (state.points > rule.limit) {
    throw tooManyRequests(recoveryLocked(retryText(state.retryAfterSeconds)), state.retryAfterSeconds);
  }
  const user = await db.user.findUnique({ where: { email } });
  const ok = await verifySecret(user?.securityAnswerHash ?? (await dummyPasswordHash()), normaliseAnswer(input.securityAnswer));
  if (!user || !ok) {
    if (state.limited) {
      // This wrong answer reached the limit: count the lockout for the IP's back-off, tell the owner.
      await hit(db, rateKeys.recoveryLockoutsIp(ip), RATE_RULES.recoveryLockoutsIp, { now });
      if (user) await notify(db, user.id, RECOVERY_LOCKED_NOTIFICATION);
      throw tooManyRequests(recoveryLocked(retryText(state.retryAfterSeconds)), state.retryAfterSeconds);
    }
    throw unauthorized(WRONG_ANSWER);
  }
  if (user.closedAt) throw forbidden(SAFER_PLAY_MESSAGES.closed);
  await resetLimit(db, key);
  const expiresAt = new Date(now.getTime() + RESET_GRANT_TTL_MS);
  const token = generateResetToken();
  await db.$transaction([
    // Only the newest verification counts.
    db.passwordResetGrant.deleteMany({ where: { userId: user.id, usedAt: null } }),
    db.passwordResetGrant.create({ data: { userId: user.id, expiresAt, tokenHash: resetTokenHash(token) } }),
  ]);
  return { maskedEmail: maskEmail(user.email), expiresAt, token };
}

/**
 * Recovery step 3: sets a new password when the request carries the reset token of an unused,
 * unexpired grant of this e-mail's user (claimed by one conditional UPDATE, so two resets cannot both
 * pass). Limits are counted and the token checked before the new password is hashed. Ends every
 * session of the user and tells the owner. Anything else answers 403, the same for unknown e-mails.
 */
export async function resetPassword(
  db: Db,
  input: { email: string; password: string },
  info: ResetRequestInfo = {},
): Promise<void> {
  const now = info.now ?? new Date();
  const ip = ipOf(info);
  const email = normaliseEmail(input.email);
  await consumeOrThrow(db, rateKeys.recoveryIp(ip), RATE_RULES.recoveryIp, recoveryBusy, { now });
  await consumeOrThrow(db, rateKeys.resetAccount(email), RATE_RULES.resetAccount, recoveryBusy, { now });
  if (!info.resetToken) throw forbidden(RESET_NOT_ALLOWED);
  const tokenHash = resetTokenHash(info.resetToken);
  const grant = await db.passwordResetGrant.findFirst({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now }, user: { email } },
    select: { id: true, userId: true },
  });
  if (!grant) throw forbidden(RESET_NOT_ALLOWED);
  const passwordHash = await hashSecret(input.password);
  await db.$transaction(async (tx) => {
    const claimed = await tx.passwordResetGrant.updateMany({
      where: { id: grant.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) throw forbidden(RESET_NOT_ALLOWED);
    await tx.user.update({ where: { id: grant.userId }, data: { passwordHash } });
    await invalidateUserSessions(tx, grant.userId);
    await notify(tx, grant.userId, PASSWORD_RESET_NOTIFICATION);
  });
  // A new password is a fresh start for logins and recovery of this account from anywhere.
  await db.rateLimit.deleteMany({
    where: { OR: [{ key: { startsWith: `login:${email}|` } }, { key: { startsWith: `recovery:${email}|` } }] },
  });
}
