/**
 * The reset link's token in a mail (docs/email.md): the outbox row holds a placeholder, and the token is
 * made only when delivery sends the mail, so it exists nowhere but in the mail that leaves. The link
 * itself is requested and redeemed in src/server/services/accounts/reset-link.ts.
 */
import { createHash, randomBytes } from "node:crypto";
import type { DbTx } from "../platform/db";

export function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What an outbox row holds where the link's token goes (PasswordResetToken.id inside). */
export const resetTokenPlaceholder = (tokenId: string) => `{{reset-token:${tokenId}}}`;
const RESET_TOKEN_PLACEHOLDER = /\{\{reset-token:([A-Za-z0-9]+)\}\}/g;
/** What a replaced, used or expired link's mail says instead of a token (the link page refuses it). */
export const RESET_TOKEN_GONE = "expired";

/**
 * Sending a mail: each reset-token placeholder becomes a fresh token whose hash replaces the row's
 * (only while the link is unused and unexpired), so the token exists only in the mail that leaves.
 * A retried send makes a new token; the one before stops working. Secrets come only from the
 * outbox row's server-side fields: a token is made only in a `password_reset` mail and only for a
 * link of the mail's own addressee (`userId`); any other placeholder is left as it is (a player's
 * text can hold none: templates.ts makes values inert).
 */
export async function renderResetTokens<T extends { kind: string; userId: string | null; text: string; html: string }>(
  db: DbTx,
  mail: T,
  now = new Date(),
): Promise<T> {
  if (mail.kind !== "password_reset" || !mail.userId) return mail;
  const ids = new Set([...`${mail.text}${mail.html}`.matchAll(RESET_TOKEN_PLACEHOLDER)].map((m) => m[1] as string));
  if (ids.size === 0) return mail;
  const tokens = new Map<string, string>();
  for (const id of ids) {
    const token = randomBytes(32).toString("base64url");
    const set = await db.passwordResetToken.updateMany({
      where: { id, userId: mail.userId, usedAt: null, expiresAt: { gt: now } },
      data: { tokenHash: hashResetToken(token) },
    });
    tokens.set(id, set.count === 1 ? token : RESET_TOKEN_GONE);
  }
  const fill = (s: string) => s.replace(RESET_TOKEN_PLACEHOLDER, (_, id: string) => tokens.get(id) ?? RESET_TOKEN_GONE);
  return { ...mail, text: fill(mail.text), html: fill(mail.html) };
}
