/**
 * Accounts: sign-up, login, logout and the three-step password recovery, with rate limits that
 * hold across instances (security/rate-limit.ts, counters in the database).
 */
import type { SignupInput } from "@/shared/schemas/auth";
import type { ForgotPasswordResult } from "@/shared/schemas/auth";
import { dummyPasswordHash, hashSecret, normaliseAnswer, verifySecret } from "../auth/password";
import { createSession, invalidateSession, invalidateUserSessions, type SessionInfo } from "../auth/session";
import type { Db } from "../db";
import { conflict, forbidden, notFound, tooManyRequests, unauthorized } from "../errors";
import { consumeOrThrow, hit, peek, type RateRule, refund, resetLimit, retryText } from "../security/rate-limit";
import { notify, WELCOME_NOTIFICATION } from "./notifications";
import { Prisma } from "@/generated/prisma/client";
import type { User } from "@/generated/prisma/client";

export const INVALID_LOGIN = "Invalid email or password";
export const EMAIL_NOT_FOUND = "Email not found. Please check your email address.";
export const WRONG_ANSWER = "Security answer is incorrect. Please try again.";
export const RESET_NOT_ALLOWED =
  "Password reset is not allowed. Please answer your security question first (a verification is valid for 15 minutes and one reset).";

const MINUTE = 60_000;
export const RESET_GRANT_TTL_MS = 15 * MINUTE;

function envInt(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Every limit of this area. Keys are per account+IP (login) so a stranger cannot lock a user out. */
export const RATE_RULES = {
  /** Failed logins per account+IP: the 11th attempt in 15 minutes answers 429. */
  login: { limit: 10, windowMs: 15 * MINUTE },
  /** Failed logins per IP over all accounts (credential stuffing); successes do not count. */
  loginIp: { limit: 100, windowMs: 15 * MINUTE },
  /** Wrong security answers per email: the 5th locks recovery for that email 15 minutes. */
  recovery: { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Recovery e-mail look-ups per IP (they reveal whether an account exists). */
  recoveryLookupIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Sign-ups per IP per hour. */
  get signupIp(): RateRule {
    return { limit: envInt("RATE_LIMIT_SIGNUPS_PER_HOUR", 20), windowMs: 60 * MINUTE };
  },
} satisfies Record<string, RateRule>;

export const rateKeys = {
  login: (email: string, ip: string) => `login:${normaliseEmail(email)}|${ip}`,
  loginIp: (ip: string) => `login-ip:${ip}`,
  recovery: (email: string) => `recovery:${normaliseEmail(email)}`,
  recoveryLookupIp: (ip: string) => `recovery-lookup-ip:${ip}`,
  signupIp: (ip: string) => `signup-ip:${ip}`,
};

const loginLimited = (retry: string) => `Too many failed login attempts. Please try again ${retry}.`;
const recoveryLocked = (retry: string) =>
  `Too many incorrect answers. Password recovery for this account is locked. Please try again ${retry}.`;

type RequestInfo = { ip?: string; now?: Date };
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
      },
    });
    await notify(db, user.id, WELCOME_NOTIFICATION); // welcome notification (notifications issue)
    return user;
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
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
): Promise<{ user: User; token: string; session: SessionInfo }> {
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

  await Promise.all([resetLimit(db, accountKey), refund(db, ipKey)]);
  const { token, session } = await createSession(db, user.id, now);
  return { user, token, session };
}

export async function logout(db: Db, sessionId: string): Promise<void> {
  await invalidateSession(db, sessionId);
}

async function assertRecoveryOpen(db: Db, email: string, now: Date): Promise<void> {
  const state = await peek(db, rateKeys.recovery(email), RATE_RULES.recovery, now);
  if (state?.limited) throw tooManyRequests(recoveryLocked(retryText(state.retryAfterSeconds)), state.retryAfterSeconds);
}

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
  await assertRecoveryOpen(db, email, now);
  const user = await db.user.findUnique({ where: { email }, select: { email: true, securityQuestion: true } });
  if (!user) throw notFound(EMAIL_NOT_FOUND);
  return { email: user.email, maskedEmail: maskEmail(user.email), securityQuestion: user.securityQuestion };
}

/**
 * Recovery step 2: checks the answer (trimmed, lower-cased, argon2id). A right answer records a
 * PasswordResetGrant: one reset of this account within 15 minutes. The 5th wrong answer locks
 * recovery for the e-mail for 15 minutes.
 */
export async function verifySecurity(
  db: Db,
  input: { email: string; securityAnswer: string },
  info: RequestInfo = {},
): Promise<{ maskedEmail: string; expiresAt: Date }> {
  const now = info.now ?? new Date();
  const email = normaliseEmail(input.email);
  await assertRecoveryOpen(db, email, now);
  const user = await db.user.findUnique({ where: { email } });
  if (!user) throw notFound(EMAIL_NOT_FOUND);

  const key = rateKeys.recovery(email);
  const state = await hit(db, key, RATE_RULES.recovery, { now });
  if (state.points > RATE_RULES.recovery.limit) {
    throw tooManyRequests(recoveryLocked(retryText(state.retryAfterSeconds)), state.retryAfterSeconds);
  }
  const ok = await verifySecret(user.securityAnswerHash, normaliseAnswer(input.securityAnswer));
  if (!ok) {
    if (state.limited) throw tooManyRequests(recoveryLocked(retryText(state.retryAfterSeconds)), state.retryAfterSeconds);
    throw unauthorized(WRONG_ANSWER);
  }
  await resetLimit(db, key);
  const expiresAt = new Date(now.getTime() + RESET_GRANT_TTL_MS);
  await db.$transaction([
    // Only the newest verification counts.
    db.passwordResetGrant.deleteMany({ where: { userId: user.id, usedAt: null } }),
    db.passwordResetGrant.create({ data: { userId: user.id, expiresAt } }),
  ]);
  return { maskedEmail: maskEmail(user.email), expiresAt };
}

/**
 * Recovery step 3: sets a new password if this e-mail was verified in the last 15 minutes and the
 * grant is unused (claimed by one conditional UPDATE, so two resets cannot both pass). Ends every
 * session of the user. Anything else answers 403.
 */
export async function resetPassword(db: Db, input: { email: string; password: string }, info: RequestInfo = {}): Promise<void> {
  const now = info.now ?? new Date();
  const user = await db.user.findUnique({ where: { email: normaliseEmail(input.email) }, select: { id: true } });
  if (!user) throw forbidden(RESET_NOT_ALLOWED);
  const passwordHash = await hashSecret(input.password);
  await db.$transaction(async (tx) => {
    const grant = await tx.passwordResetGrant.findFirst({
      where: { userId: user.id, usedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    const claimed = grant
      ? await tx.passwordResetGrant.updateMany({
          where: { id: grant.id, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        })
      : { count: 0 };
    if (claimed.count !== 1) throw forbidden(RESET_NOT_ALLOWED);
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await invalidateUserSessions(tx, user.id);
  });
  // A new password is a fresh start for logins of this account from anywhere.
  await db.rateLimit.deleteMany({ where: { key: { startsWith: `login:${normaliseEmail(input.email)}|` } } });
}
