/**
 * The e-mail verification link's token in a mail (docs/email.md "Verified addresses"): like the reset
 * link's (./reset-tokens.ts), the outbox row holds a placeholder and the token is made only when
 * delivery sends the mail, bound to the row's own kind and addressee. The link is requested and
 * redeemed in src/server/services/accounts/email-verification.ts.
 */
import { randomBytes } from "node:crypto";
import type { DbTx } from "../platform/db";
import { hashResetToken } from "./reset-tokens";

/** The same one-way hash as the reset link's token (SHA-256, hex). */
export const hashVerifyToken = hashResetToken;

/** What an outbox row holds where the link's token goes (EmailVerificationToken.id inside). */
export const verifyTokenPlaceholder = (tokenId: string) => `{{verify-token:${tokenId}}}`;
const VERIFY_TOKEN_PLACEHOLDER = /\{\{verify-token:([A-Za-z0-9]+)\}\}/g;
/** What a replaced, used or expired link's mail says instead of a token (the link page refuses it). */
export const VERIFY_TOKEN_GONE = "expired";

/**
 * Sending a mail: each verify-token placeholder of an `email_verification` mail becomes a fresh token
 * whose hash replaces the row's (only while the link is unused, unexpired, the addressee's own and
 * for the address the mail goes to). A retried send makes a new token; the one before stops working.
 */
export async function renderVerifyTokens<
  T extends { kind: string; userId: string | null; to: string; text: string; html: string },
>(db: DbTx, mail: T, now = new Date()): Promise<T> {
  if (mail.kind !== "email_verification" || !mail.userId) return mail;
  const ids = new Set([...`${mail.text}${mail.html}`.matchAll(VERIFY_TOKEN_PLACEHOLDER)].map((m) => m[1] as string));
  if (ids.size === 0) return mail;
  const tokens = new Map<string, string>();
  for (const id of ids) {
    const token = randomBytes(32).toString("base64url");
    const set = await db.emailVerificationToken.updateMany({
      where: { id, userId: mail.userId, email: mail.to, usedAt: null, expiresAt: { gt: now } },
      data: { tokenHash: hashVerifyToken(token) },
    });
    tokens.set(id, set.count === 1 ? token : VERIFY_TOKEN_GONE);
  }
  const fill = (s: string) => s.replace(VERIFY_TOKEN_PLACEHOLDER, (_, id: string) => tokens.get(id) ?? VERIFY_TOKEN_GONE);
  return { ...mail, text: fill(mail.text), html: fill(mail.html) };
}
