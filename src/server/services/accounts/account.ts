/**
 * Account Settings (docs/product.md §10: the real thing, not a stub):
 * display name, password (needs the current one), security question and answer (needs the password).
 */
import { hashSecret, normaliseAnswer, verifySecret } from "../../auth/password";
import { invalidateUserSessions } from "../../auth/session";
import type { Db } from "../../platform/db";
import { badRequest, notFound, tooManyRequests } from "../../platform/errors";
import { consumeOrThrow, hit, type RateRule, resetLimit, retryText } from "../../security/rate-limit";
import type { User } from "@/generated/prisma/client";

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";

/** Wrong current-password entries per user (a stolen session must not become a password oracle). */
export const PASSWORD_CHECK_RULE: RateRule = { limit: 10, windowMs: 15 * 60_000 };
/**
 * Changes of password or security answer (each an argon2 verify and hash), right or wrong, per
 * account and per IP: a signed-in caller cannot turn them into an argon2 flood.
 */
export const SECRET_CHANGE_RULES = {
  account: { limit: 10, windowMs: 15 * 60_000 },
  ip: { limit: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, RateRule>;

export async function limitSecretChange(db: Db, userId: string, ip: string, now: Date): Promise<void> {
  const busy = (retry: string) => `Too many account changes. Please try again ${retry}.`;
  await consumeOrThrow(db, `secret-change-ip:${ip}`, SECRET_CHANGE_RULES.ip, busy, { now });
  await consumeOrThrow(db, `secret-change:${userId}`, SECRET_CHANGE_RULES.account, busy, { now });
}

export type AccountSettings = {
  email: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  securityQuestion: string;
  /** The owner followed the link mailed to `email` (Account Settings asks until then: docs/email.md). */
  emailVerified: boolean;
};

export async function getSettings(db: Db, userId: string): Promise<AccountSettings> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, firstName: true, lastName: true, displayName: true, securityQuestion: true, emailVerifiedAt: true },
  });
  if (!user) throw notFound("User not found");
  const { emailVerifiedAt, ...rest } = user;
  return { ...rest, emailVerified: emailVerifiedAt !== null };
}

export async function updateProfile(db: Db, userId: string, input: { displayName: string }): Promise<User> {
  const displayName = input.displayName.trim();
  return db.user.update({ where: { id: userId }, data: { displayName: displayName || null } });
}

export async function checkCurrentPassword(db: Db, user: Pick<User, "id">, password: string, now: Date): Promise<void> {
  const key = `password-check:${user.id}`;
  const state = await hit(db, key, PASSWORD_CHECK_RULE, { now });
  if (state.points > PASSWORD_CHECK_RULE.limit) {
    throw tooManyRequests(
      `Too many incorrect password attempts. Please try again ${retryText(state.retryAfterSeconds)}.`,
      state.retryAfterSeconds,
    );
  }
  const fresh = await db.user.findUnique({ where: { id: user.id }, select: { passwordHash: true } });
  if (!fresh || !(await verifySecret(fresh.passwordHash, password))) throw badRequest(WRONG_CURRENT_PASSWORD);
  await resetLimit(db, key);
}

/** New password; every other session of the user ends (this one stays signed in). */
export async function changePassword(
  db: Db,
  user: User,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
  now = new Date(),
  ip = "unknown",
): Promise<void> {
  await limitSecretChange(db, user.id, ip, now);
  await checkCurrentPassword(db, user, input.currentPassword, now);
  const passwordHash = await hashSecret(input.newPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await invalidateUserSessions(tx, user.id, currentSessionId);
    await tx.passwordResetGrant.deleteMany({ where: { userId: user.id, usedAt: null } });
  });
}

export async function changeSecurity(
  db: Db,
  user: User,
  input: { currentPassword: string; securityQuestion: string; securityAnswer: string },
  now = new Date(),
  ip = "unknown",
): Promise<void> {
  await limitSecretChange(db, user.id, ip, now);
  await checkCurrentPassword(db, user, input.currentPassword, now);
  const securityAnswerHash = await hashSecret(normaliseAnswer(input.securityAnswer));
  await db.user.update({
    where: { id: user.id },
    data: { securityQuestion: input.securityQuestion, securityAnswerHash },
  });
}
