/**
 * Password reset by emailed link (docs/email.md, docs/accounts.md). Separate from the security-
 * question recovery in services/accounts/auth.ts, which stays as it is.
 *
 * - `requestResetLink` always answers the same, whether or not the email has an account, and never
 *   faster than RESET_LINK_MIN_RESPONSE_MS, so neither the answer nor its timing tells them apart.
 *   Per IP: RESET_LINK_RULES.ip requests, then 429. Per email: RESET_LINK_RULES.email links are
 *   mailed, further requests answer the same but mail nothing (no mail-bombing an inbox).
 * - The link carries 32 random bytes; only their SHA-256 is stored. It works once, for 30 minutes;
 *   a newer link replaces older unused ones. The token is made when the mail is sent
 *   (`renderResetTokens` in src/server/mail/reset-tokens.ts, called by src/server/mail/delivery.ts): the outbox row holds a placeholder,
 *   so no admin and no database reader ever sees a live link.
 * - With no SMTP_URL nothing would deliver a link, so none is made for an admin account (whose link
 *   would only sit in the outbox); the security-question path stays.
 * - `resetWithLink` counts the attempt per IP, finds the token (cheap: one indexed read), counts it
 *   per account, and only then hashes the new password (argon2 is the expensive step). It claims the
 *   token with one conditional UPDATE (single use even when raced), sets the password, ends every
 *   session, mails a notice and signs the player in with a new session; for an account with
 *   two-factor on that session still owes its code (recovery never skips a factor).
 */
import { isStaffRole } from "@/shared/staff";
import { randomBytes } from "node:crypto";
import { RESET_LINK_INVALID, RESET_LINK_SENT } from "@/shared/schemas/email";
import { hashSecret } from "../../auth/password";
import { createSession, invalidateUserSessions, type SessionInfo } from "../../auth/session";
import type { Db } from "../../platform/db";
import { badRequest } from "../../platform/errors";
import { appLink, mailConfig } from "../../mail/config";
import { mailPasswordChanged } from "../../mail/events";
import { mailUser } from "../../mail/outbox";
import { hashResetToken, resetTokenPlaceholder } from "../../mail/reset-tokens";
import { passwordResetLink, RESET_LINK_MINUTES, slot } from "../../mail/templates";
import { consumeOrThrow, hit, type RateRule } from "../../security/rate-limit";
import type { User } from "@/generated/prisma/client";

const MINUTE = 60_000;
export const RESET_LINK_TTL_MS = RESET_LINK_MINUTES * MINUTE;
export const RESET_LINK_MIN_RESPONSE_MS = 400;

export const RESET_LINK_RULES = {
  ip: { limit: 10, windowMs: 15 * MINUTE },
  email: { limit: 3, windowMs: 60 * MINUTE },
  /** Attempts to use a link (right or wrong token) per IP, and per account once the token is found. */
  completeIp: { limit: 10, windowMs: 15 * MINUTE },
  completeAccount: { limit: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

export const resetLinkKeys = {
  ip: (ip: string) => `reset-link-ip:${ip}`,
  email: (email: string) => `reset-link-email:${email}`,
  completeIp: (ip: string) => `reset-link-complete-ip:${ip}`,
  completeAccount: (userId: string) => `reset-link-complete-account:${userId}`,
};

const completeBusy = (retry: string) => `Too many password reset attempts. Please try again ${retry}.`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Info = { ip?: string; now?: Date; minResponseMs?: number };

export async function requestResetLink(db: Db, input: { email: string }, info: Info = {}): Promise<{ message: string }> {
  const started = Date.now();
  const now = info.now ?? new Date();
  await consumeOrThrow(
    db,
    resetLinkKeys.ip(info.ip ?? "unknown"),
    RESET_LINK_RULES.ip,
    (retry) => `Too many password reset requests. Please try again ${retry}.`,
    { now },
  );
  try {
    const email = input.email.trim().toLowerCase();
    // The same work for every email: a token is made and the per-email counter is hit either way.
    const token = randomBytes(32).toString("base64url");
    const tokenHash = hashResetToken(token);
    const counted = await hit(db, resetLinkKeys.email(email), RESET_LINK_RULES.email, { now });
    const user = await db.user.findUnique({ where: { email }, select: { id: true, role: true, closedAt: true } });
    // A closed account gets no link (services/safer-play/choices.ts), with the same answer and timing as any other.
    const deliverable = (!isStaffRole(user?.role) || Boolean(mailConfig().smtpUrl)) && !user?.closedAt;
    if (user && deliverable && counted.points <= RESET_LINK_RULES.email.limit) {
      await db.$transaction(async (tx) => {
        await tx.passwordResetToken.deleteMany({ where: { userId: user.id, usedAt: null } });
        // The hash of a token nobody holds: the link's real token is made at send time.
        const row = await tx.passwordResetToken.create({
          data: { userId: user.id, tokenHash, expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS) },
        });
        const link = appLink(`/reset-password?token=${slot(resetTokenPlaceholder(row.id))}`);
        await mailUser(tx, user.id, "password_reset", (u) => passwordResetLink(u.displayName?.trim() || u.firstName, link));
      });
    }
  } finally {
    const left = (info.minResponseMs ?? RESET_LINK_MIN_RESPONSE_MS) - (Date.now() - started);
    if (left > 0) await sleep(left);
  }
  return { message: RESET_LINK_SENT };
}

export async function resetWithLink(
  db: Db,
  input: { token: string; password: string },
  info: { now?: Date; ip?: string } = {},
): Promise<{ user: User; token: string; session: SessionInfo; twoFactorRequired: boolean }> {
  const now = info.now ?? new Date();
  await consumeOrThrow(db, resetLinkKeys.completeIp(info.ip ?? "unknown"), RESET_LINK_RULES.completeIp, completeBusy, { now });
  const tokenHash = hashResetToken(input.token);
  const found = await db.passwordResetToken.findUnique({
    where: { tokenHash },
    select: { userId: true, usedAt: true, expiresAt: true },
  });
  if (!found || found.usedAt || found.expiresAt <= now) throw badRequest(RESET_LINK_INVALID);
  await consumeOrThrow(db, resetLinkKeys.completeAccount(found.userId), RESET_LINK_RULES.completeAccount, completeBusy, {
    now,
  });
  const passwordHash = await hashSecret(input.password);
  const result = await db.$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ userId: string }[]>`
      UPDATE "PasswordResetToken" SET "usedAt" = ${now}
      WHERE "tokenHash" = ${tokenHash} AND "usedAt" IS NULL AND "expiresAt" > ${now}
      RETURNING "userId"`;
    const userId = claimed[0]?.userId;
    if (!userId) throw badRequest(RESET_LINK_INVALID);
    const user = await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await invalidateUserSessions(tx, userId);
    // Any other outstanding link or security-question grant is void now.
    await tx.passwordResetToken.deleteMany({ where: { userId, usedAt: null } });
    await tx.passwordResetGrant.deleteMany({ where: { userId, usedAt: null } });
    // The link proves the mailbox, not the authenticator: an enrolled account still owes its code.
    const twoFactorRequired = Boolean(user.totpEnabledAt && user.totpSecret);
    const session = await createSession(tx, userId, now, { twoFactorPending: twoFactorRequired });
    await mailPasswordChanged(tx, userId, now);
    return { user, twoFactorRequired, ...session };
  });
  // A new password is a fresh start for logins of this account from anywhere.
  await db.rateLimit.deleteMany({ where: { key: { startsWith: `login:${result.user.email}|` } } });
  return result;
}
