/**
 * Verified e-mail addresses (docs/email.md "Verified addresses"). Sign-up stays as the product says
 * (no new step, no identity documents): it mails a link to the address given, and until its owner
 * follows it the address gets only the link and the account's security mails (UNVERIFIED_KINDS in
 * src/server/mail/outbox.ts); everything else is written `held` and released when it is verified.
 *
 * - The link carries 32 random bytes made when the mail is sent (src/server/mail/verify-tokens.ts);
 *   only their SHA-256 is stored. It works once (a conditional UPDATE claims it), for VERIFY_LINK_HOURS,
 *   for the address it was mailed to; a newer link voids older unused ones.
 * - Links mailed per account (sign-up's included) and resend requests per address are limited;
 *   uses of links are counted per address before the token is looked up.
 */
import { randomBytes } from "node:crypto";
import { EMAIL_VERIFY_MESSAGES } from "@/shared/schemas/email";
import type { Db, DbTx } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { appLink } from "../../mail/config";
import { mailUser, releaseHeldEmails } from "../../mail/outbox";
import { emailVerificationLink, slot, VERIFY_LINK_HOURS } from "../../mail/templates";
import { hashVerifyToken, verifyTokenPlaceholder } from "../../mail/verify-tokens";
import { consumeOrThrow, hit, type RateRule } from "../../security/rate-limit";

const MINUTE = 60_000;
export const VERIFY_LINK_TTL_MS = VERIFY_LINK_HOURS * 60 * MINUTE;

export const VERIFY_RULES = {
  /** Links mailed per account per hour, sign-up's included (further resends answer 429). */
  account: { limit: 4, windowMs: 60 * MINUTE },
  /** Resend requests per address per hour, over all accounts. */
  ip: { limit: 20, windowMs: 60 * MINUTE },
  /** Uses of links (right or wrong) per address. */
  use: { limit: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

export const verifyKeys = {
  account: (userId: string) => `verify-email-account:${userId}`,
  ip: (ip: string) => `verify-email-ip:${ip}`,
  use: (ip: string) => `verify-email-use:${ip}`,
};

/** Writes a new link (voiding older unused ones) and its mail, in the caller's transaction. */
async function writeLink(tx: DbTx, user: { id: string; email: string }, now: Date): Promise<void> {
  await tx.emailVerificationToken.deleteMany({ where: { userId: user.id, usedAt: null } });
  const row = await tx.emailVerificationToken.create({
    data: {
      userId: user.id,
      email: user.email,
      // The hash of a token nobody holds: the link's real token is made at send time.
      tokenHash: hashVerifyToken(randomBytes(32).toString("base64url")),
      expiresAt: new Date(now.getTime() + VERIFY_LINK_TTL_MS),
    },
  });
  const link = appLink(`/verify-email?token=${slot(verifyTokenPlaceholder(row.id))}`);
  await mailUser(tx, user.id, "email_verification", () => emailVerificationLink(link));
}

/** Sign-up's link: counted against the account's limit, never refused (sign-up itself must not fail on it). */
export async function mailLinkAtSignup(db: Db, user: { id: string; email: string }, now = new Date()): Promise<void> {
  await hit(db, verifyKeys.account(user.id), VERIFY_RULES.account, { now });
  await db.$transaction((tx) => writeLink(tx, user, now));
}

/** Account Settings "Send the link again": limited per account and per address. */
export async function requestEmailVerification(
  db: Db,
  userId: string,
  info: { ip?: string; now?: Date } = {},
): Promise<{ message: string }> {
  const now = info.now ?? new Date();
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, emailVerifiedAt: true } });
  if (!user) throw notFound("User not found");
  if (user.emailVerifiedAt) throw conflict(EMAIL_VERIFY_MESSAGES.already);
  await consumeOrThrow(db, verifyKeys.ip(info.ip ?? "unknown"), VERIFY_RULES.ip, EMAIL_VERIFY_MESSAGES.busy, { now });
  await consumeOrThrow(db, verifyKeys.account(userId), VERIFY_RULES.account, EMAIL_VERIFY_MESSAGES.busy, { now });
  await db.$transaction((tx) => writeLink(tx, user, now));
  return { message: EMAIL_VERIFY_MESSAGES.sent(user.email) };
}

/**
 * The link's page: counted per address, then the token claimed once (unused, unexpired, for the
 * address the account still has, not closed); the account is verified and its held mail released,
 * in one transaction. No session needed: the link proves the mailbox.
 */
export async function verifyEmail(
  db: Db,
  input: { token: string },
  info: { ip?: string; now?: Date } = {},
): Promise<{ message: string }> {
  const now = info.now ?? new Date();
  await consumeOrThrow(db, verifyKeys.use(info.ip ?? "unknown"), VERIFY_RULES.use, EMAIL_VERIFY_MESSAGES.linksBusy, { now });
  const tokenHash = hashVerifyToken(input.token);
  await db.$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ userId: string; email: string }[]>`
      UPDATE "EmailVerificationToken" AS t SET "usedAt" = ${now}
      FROM "User" u
      WHERE t."tokenHash" = ${tokenHash} AND t."usedAt" IS NULL AND t."expiresAt" > ${now}
        AND u."id" = t."userId" AND u."email" = t."email" AND u."closedAt" IS NULL
      RETURNING t."userId", t."email"`;
    const link = claimed[0];
    if (!link) throw badRequest(EMAIL_VERIFY_MESSAGES.invalid);
    await tx.user.updateMany({ where: { id: link.userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    await tx.emailVerificationToken.deleteMany({ where: { userId: link.userId, usedAt: null } });
    await releaseHeldEmails(tx, link.userId, link.email, now);
  });
  return { message: EMAIL_VERIFY_MESSAGES.verified };
}
