/**
 * Marketing consent (docs/email.md "Offers and news"): offers and news go by e-mail or push only to
 * a player who opted in on that channel (at sign-up or in Account Settings), and never to one for
 * whom safer-play's `incentiveBlock` answers (closed, self-excluded, spend limit reached). The rule
 * is applied where a marketing message is queued (`queueMarketingEmail`, `queueMarketingPush`); the mail outbox checks the opt-in and the exclusion again when it writes and
 * when it sends, so a player who unsubscribes after a mail was queued does not get it.
 *
 * Every marketing e-mail carries a one-click unsubscribe link (List-Unsubscribe and
 * List-Unsubscribe-Post, RFC 8058) with the player's own random token: it can only stop marketing.
 */
import { randomBytes } from "node:crypto";
import type { Db, DbTx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { appLink } from "../../mail/config";
import { enqueueEmail } from "../../mail/outbox";
import { queueOfferPush } from "../../push/outbox";
import type { RenderedEmail } from "../../mail/templates";
import { incentiveBlock } from "../safer-play";
import { MARKETING_MESSAGES } from "@/shared/schemas/email";

export type MarketingChannel = "email" | "push";

/** What the player chose, and since when (the consent's record). */
export type MarketingConsentView = { email: boolean; push: boolean; emailSince: Date | null; pushSince: Date | null };

export const CONSENT_MESSAGES = MARKETING_MESSAGES;

const COLUMN = { email: "marketingEmailAt", push: "marketingPushAt" } as const;

function viewOf(row: { marketingEmailAt: Date | null; marketingPushAt: Date | null }): MarketingConsentView {
  return {
    email: row.marketingEmailAt !== null,
    push: row.marketingPushAt !== null,
    emailSince: row.marketingEmailAt,
    pushSince: row.marketingPushAt,
  };
}

export async function getMarketingConsent(db: DbTx, userId: string): Promise<MarketingConsentView> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { marketingEmailAt: true, marketingPushAt: true } });
  if (!row) throw notFound("User not found");
  return viewOf(row);
}

/**
 * Turns a channel on or off; a channel left out is unchanged. Turning on keeps the first moment of
 * consent while it lasts; turning off forgets it (a later opt-in is a new consent).
 */
export async function setMarketingConsent(
  db: Db,
  userId: string,
  input: Partial<Record<MarketingChannel, boolean>>,
  now = new Date(),
): Promise<MarketingConsentView> {
  return db.$transaction(async (tx) => {
    const current = await tx.user.findUnique({
      where: { id: userId },
      select: { marketingEmailAt: true, marketingPushAt: true },
    });
    if (!current) throw notFound("User not found");
    const data: { marketingEmailAt?: Date | null; marketingPushAt?: Date | null } = {};
    for (const channel of ["email", "push"] as const) {
      const want = input[channel];
      if (want === undefined) continue;
      const since = current[COLUMN[channel]];
      data[COLUMN[channel]] = want ? (since ?? now) : null;
    }
    const row = await tx.user.update({ where: { id: userId }, data, select: { marketingEmailAt: true, marketingPushAt: true } });
    return viewOf(row);
  });
}

/** Whether a marketing message may be queued for this player on `channel` now. */
export async function marketingConsent(tx: DbTx, userId: string, channel: MarketingChannel, now = new Date()): Promise<boolean> {
  const row = await tx.user.findUnique({ where: { id: userId }, select: { marketingEmailAt: true, marketingPushAt: true } });
  if (!row || row[COLUMN[channel]] === null) return false;
  return (await incentiveBlock(tx, userId, now)) === null;
}

/** The player's unsubscribe token, made on first use (32 random bytes, base64url). */
async function unsubscribeTokenOf(tx: DbTx, userId: string): Promise<string> {
  const row = await tx.user.findUnique({ where: { id: userId }, select: { unsubscribeToken: true } });
  if (row?.unsubscribeToken) return row.unsubscribeToken;
  const token = randomBytes(32).toString("base64url");
  // Two first mails at once: the one that sets it wins and both read the winner back.
  await tx.user.updateMany({ where: { id: userId, unsubscribeToken: null }, data: { unsubscribeToken: token } });
  const after = await tx.user.findUnique({ where: { id: userId }, select: { unsubscribeToken: true } });
  return after?.unsubscribeToken ?? token;
}

/** The one-click link of a player's marketing mail (absolute, from APP_URL). */
export const unsubscribeLink = (token: string): string => appLink(`/unsubscribe?token=${encodeURIComponent(token)}`);
/** Where a mail client POSTs the one-click unsubscribe (RFC 8058). */
export const unsubscribePostLink = (token: string): string =>
  appLink(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`);

/**
 * Queues one marketing e-mail for a player, in the caller's transaction, or nothing (null) when the
 * player has not opted in, is blocked by safer-play, has no verified address or is gone. `render`
 * gets the link to put in the body; the headers carry the one-click link.
 */
export async function queueMarketingEmail(
  tx: DbTx,
  userId: string,
  render: (player: { firstName: string; unsubscribeUrl: string }) => RenderedEmail,
  now = new Date(),
): Promise<string | null> {
  if (!(await marketingConsent(tx, userId, "email", now))) return null;
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { email: true, firstName: true, displayName: true, emailVerifiedAt: true },
  });
  // Marketing never goes to an address nobody proved (docs/email.md "Verified addresses").
  if (!user?.emailVerifiedAt) return null;
  const token = await unsubscribeTokenOf(tx, userId);
  const message = render({ firstName: user.displayName ?? user.firstName, unsubscribeUrl: unsubscribeLink(token) });
  return enqueueEmail(tx, { to: user.email, kind: "promotion", userId, message, unsubscribeUrl: unsubscribePostLink(token) });
}

/**
 * Queues one offer as a push to every device of a player, in the caller's transaction, or nothing
 * (0) without the player's push opt-in or when safer-play blocks them. Answers the rows written.
 */
export async function queueMarketingPush(
  tx: DbTx,
  userId: string,
  offer: { title: string; body: string; url: string },
  now = new Date(),
): Promise<number> {
  if (!(await marketingConsent(tx, userId, "push", now))) return 0;
  return queueOfferPush(tx, userId, offer);
}

/** Masks an address for the unsubscribe page: "p***@example.com". */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

/** What the unsubscribe page shows for a token (the address masked), or 404. */
export async function unsubscribeStatus(db: DbTx, token: string): Promise<{ email: string; subscribed: boolean }> {
  const user = await db.user.findUnique({ where: { unsubscribeToken: token }, select: { email: true, marketingEmailAt: true } });
  if (!user) throw notFound(CONSENT_MESSAGES.badLink);
  return { email: maskEmail(user.email), subscribed: user.marketingEmailAt !== null };
}

/** One-click unsubscribe from marketing e-mail (idempotent: a second click answers the same). */
export async function unsubscribeByToken(db: DbTx, token: string): Promise<{ message: string }> {
  const { count } = await db.user.updateMany({ where: { unsubscribeToken: token }, data: { marketingEmailAt: null } });
  if (count === 0) throw notFound(CONSENT_MESSAGES.badLink);
  return { message: CONSENT_MESSAGES.unsubscribed };
}
