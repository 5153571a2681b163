/**
 * The transactional outbox (docs/email.md). Services call `mailUser` with their transaction client,
 * so the email row commits or rolls back with the business change: nothing is sent for a purchase
 * that failed, and a slow mail server never slows one (delivery.ts sends later).
 */
import { Prisma } from "@/generated/prisma/client";
import type { DbTx } from "../platform/db";
import { RECEIPT_VERSION, receiptAmount, type SignedReceipt } from "@/shared/receipts";
import { escapeHtml, type RenderedEmail, ticketRange } from "./templates";

/** Optional emails a player may turn off in Account Settings; every other kind is always sent. */
export const OPTIONAL_KINDS = { purchase_receipt: "receipts", draw_result: "results" } as const;

export type EmailKind =
  | keyof typeof OPTIONAL_KINDS
  | "topup_approved"
  | "topup_rejected"
  | "password_reset"
  | "password_changed"
  | "two_factor_locked"
  | "email_verification"
  | "withdrawal_requested"
  | "withdrawal_paid"
  | "withdrawal_rejected"
  | "withdrawal_failed"
  | "prize_claim_steps"
  | "prize_update"
  | "limits_changed"
  | "self_exclusion_started"
  | "auto_entry_stopped"
  | "complaint_update"
  | MarketingKind;

/**
 * Marketing (offers, promotions): written only for a player who opted in to it by e-mail, never for
 * nor sent to a self-excluded or closed player (marketingBlocked; docs/email.md "Offers and news").
 * The services queue it through the accounts domain's `queueMarketingEmail`, which also applies
 * safer-play's whole rule (a reached spend limit too). Everything else is a service message and always goes.
 */
export const MARKETING_KINDS = ["promotion"] as const;
export type MarketingKind = (typeof MARKETING_KINDS)[number];
export const isMarketing = (kind: string): boolean => (MARKETING_KINDS as readonly string[]).includes(kind);

/** True when the player must get no marketing e-mail now: not opted in, self-excluded (until the cooling-off is over), closed or gone. */
export async function marketingBlocked(tx: DbTx, userId: string | null | undefined, now = new Date()): Promise<boolean> {
  if (!userId) return true; // marketing goes to players who have an account to opt out from
  const rows = await tx.$queryRaw<{ blocked: boolean }[]>`
    SELECT ("closedAt" IS NOT NULL OR "marketingEmailAt" IS NULL
      OR ("selfExcludedUntil" IS NOT NULL AND ("selfExclusionEndsAt" IS NULL OR "selfExclusionEndsAt" > ${now}))) AS "blocked"
    FROM "User" WHERE "id" = ${userId}`;
  return rows[0]?.blocked ?? true;
}

/**
 * What an address nobody has verified still receives (docs/email.md "Verified addresses"): the link
 * that verifies it and the account's security mails, greeted without any name the player typed.
 * Every other mail (player text, money news) is written `held` and goes out once the owner follows
 * the link (releaseHeldEmails); marketing is not written at all.
 */
export const UNVERIFIED_KINDS = ["email_verification", "password_reset", "password_changed", "two_factor_locked"] as const;
export const sentUnverified = (kind: string): boolean => (UNVERIFIED_KINDS as readonly string[]).includes(kind);

/** Whether a mail of `kind` to a recipient waits for them to verify their address. */
export const heldFor = (kind: string, verified: boolean): boolean => !verified && !sentUnverified(kind);

/** The held mails of `userId` to `email` go out: its owner just verified that address. */
export async function releaseHeldEmails(tx: DbTx, userId: string, email: string, now = new Date()): Promise<number> {
  const { count } = await tx.emailOutbox.updateMany({
    where: { userId, to: email, status: "held" },
    data: { status: "pending", nextAttemptAt: now },
  });
  return count;
}

export type EmailPreferences = { receipts: boolean; results: boolean };
export const DEFAULT_PREFERENCES: EmailPreferences = { receipts: true, results: true };

/**
 * Writes one rendered email to the outbox, in the caller's transaction (null: marketing the player
 * must not get). `held`: the address is not verified, so it waits (heldFor). Marketing carries its
 * one-click unsubscribe link (`unsubscribeUrl`) as List-Unsubscribe headers, or is not written.
 */
export async function enqueueEmail(
  tx: DbTx,
  input: {
    to: string;
    kind: EmailKind;
    userId?: string | null;
    message: RenderedEmail;
    held?: boolean;
    unsubscribeUrl?: string;
  },
): Promise<string | null> {
  const marketing = isMarketing(input.kind);
  if (marketing && (input.held || !input.unsubscribeUrl || (await marketingBlocked(tx, input.userId)))) return null;
  const row = await tx.emailOutbox.create({
    data: {
      to: input.to,
      kind: input.kind,
      status: input.held ? "held" : "pending",
      userId: input.userId ?? null,
      subject: input.message.subject,
      text: input.message.text,
      html: input.message.html,
      headers:
        marketing && input.unsubscribeUrl
          ? { "List-Unsubscribe": `<${input.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
          : undefined,
    },
    select: { id: true },
  });
  return row.id;
}

export async function getEmailPreferences(db: DbTx, userId: string): Promise<EmailPreferences> {
  const row = await db.emailPreference.findUnique({ where: { userId } });
  return row ? { receipts: row.receipts, results: row.results } : { ...DEFAULT_PREFERENCES };
}

export async function setEmailPreferences(db: DbTx, userId: string, prefs: EmailPreferences): Promise<EmailPreferences> {
  const row = await db.emailPreference.upsert({
    where: { userId },
    create: { userId, ...prefs },
    update: prefs,
  });
  return { receipts: row.receipts, results: row.results };
}

/** `verified`: the owner followed the link mailed to `email` (User.emailVerifiedAt). */
export type Recipient = { id: string; email: string; firstName: string; displayName: string | null; verified: boolean };
/** A player's row as RECIPIENT_COLUMNS reads it: who they are and their optional-mail preferences (null: defaults). */
export type RecipientRow = Recipient & { receipts: boolean | null; results: boolean | null };

/** What recipientFor reads, for a caller that reads the player's row itself (FROM "User" ${RECIPIENT_JOIN}). */
export const RECIPIENT_COLUMNS = Prisma.sql`"User"."id", "User"."email", "User"."firstName", "User"."displayName",
  ("User"."emailVerifiedAt" IS NOT NULL) AS "verified", "EmailPreference"."receipts", "EmailPreference"."results"`;
export const RECIPIENT_JOIN = Prisma.sql`LEFT JOIN "EmailPreference" ON "EmailPreference"."userId" = "User"."id"`;

/** The player to mail for `kind` from their row, or null when there is none or they turned that kind off. */
export function recipientIfWanted(row: RecipientRow | undefined, kind: EmailKind): Recipient | null {
  if (!row) return null;
  const pref = OPTIONAL_KINDS[kind as keyof typeof OPTIONAL_KINDS];
  if (pref && row[pref] === false) return null; // no preference row: the defaults (everything on)
  return { id: row.id, email: row.email, firstName: row.firstName, displayName: row.displayName, verified: row.verified };
}

/** The player to mail for `kind`, or null when there is none or they turned that kind off. */
export async function recipientFor(tx: DbTx, userId: string, kind: EmailKind): Promise<Recipient | null> {
  // One query with the preference joined (Prisma's relation select would be two round trips).
  const rows = await tx.$queryRaw<RecipientRow[]>`
    SELECT ${RECIPIENT_COLUMNS} FROM "User" ${RECIPIENT_JOIN} WHERE "User"."id" = ${userId}`;
  return recipientIfWanted(rows[0], kind);
}

/**
 * Mails a player unless the kind is optional and they turned it off. `render` gets the player's
 * row so the greeting uses their name; an unverified address gets only UNVERIFIED_KINDS now,
 * greeted without a name (nothing a player typed goes to an address nobody proved), and every other
 * kind is held until it is verified. Returns the outbox id, or null when not wanted.
 */
export async function mailUser(
  tx: DbTx,
  userId: string,
  kind: EmailKind,
  render: (user: Recipient) => RenderedEmail,
): Promise<string | null> {
  const user = await recipientFor(tx, userId, kind);
  if (!user) return null;
  const held = heldFor(kind, user.verified);
  const greeted = user.verified || held ? user : { ...user, firstName: "there", displayName: null };
  return enqueueEmail(tx, { to: user.email, kind, userId, message: render(greeted), held });
}

/**
 * Where a receipt line's ticket numbers stand in the stored message: a checkout queues its receipt
 * before it takes the tickets (so nothing but the ticket statement and the commit runs under the
 * contests' row locks), and the numbers are read from the entries whenever the message is read,
 * by delivery and by the admin Outbox tab (withTicketNumbers).
 */
export const ticketsPlaceholder = (entryId: string) => `{{tickets:${entryId}}}`;
const TICKETS_PLACEHOLDER = /\{\{tickets:([0-9a-f-]{36})\}\}/g;

/**
 * Where an entry's signed receipt stands in the stored message (docs/fair-play.md "Signed receipts"):
 * the signature is made once the tickets are numbered, after the receipt was queued, so the receipt
 * JSON (src/shared/receipts.ts SignedReceipt) is read from the entry and its `ReceiptSignature`
 * whenever the message is read, like the ticket numbers.
 */
export const receiptPlaceholder = (entryId: string) => `{{receipt:${entryId}}}`;
const RECEIPT_PLACEHOLDER = /\{\{receipt:([0-9a-f-]{36})\}\}/g;

/**
 * The messages with their ticket and receipt placeholders replaced by the entries' numbers ("#7",
 * "#3–#5") and signed receipts, one query each for all. A placeholder is filled only from an entry of
 * the mail's own addressee (the row's `userId`, a server-side field): whatever else looks like one
 * stays text (templates.ts makes what people typed inert, so only a receipt's own slots reach here).
 */
export async function withTicketNumbers<T extends { userId: string | null; subject: string; text: string; html: string }>(
  db: DbTx,
  mails: T[],
): Promise<T[]> {
  const ids = new Set<string>();
  for (const m of mails) {
    for (const pattern of [TICKETS_PLACEHOLDER, RECEIPT_PLACEHOLDER]) {
      for (const match of `${m.subject}${m.text}`.matchAll(pattern)) ids.add(match[1] as string);
    }
  }
  if (ids.size === 0) return mails;
  const [entries, signatures] = await Promise.all([
    db.ticketEntry.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, userId: true, contestId: true, firstTicket: true, lastTicket: true, totalAmount: true },
    }),
    db.receiptSignature.findMany({ where: { entryId: { in: [...ids] } } }),
  ]);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const signedBy = new Map(signatures.map((r) => [r.entryId, r]));
  const receiptOf = (id: string, userId: string | null): string => {
    const entry = byId.get(id);
    const sig = signedBy.get(id);
    if (!entry || !sig || entry.userId !== userId) return "(see My Purchases)";
    const receipt: SignedReceipt = {
      version: RECEIPT_VERSION,
      contestId: entry.contestId,
      entryId: entry.id,
      tickets: `${entry.firstTicket}-${entry.lastTicket}`,
      amount: receiptAmount(entry.totalAmount.toFixed(3)) ?? "",
      issuedAt: sig.issuedAt.toISOString(),
      keyId: sig.keyId,
      signature: sig.signature,
    };
    return JSON.stringify(receipt);
  };
  return mails.map((m) => {
    // An entry is written in the receipt's own transaction, so it is always there; never send the raw token.
    const fill = (value: string, encode: (v: string) => string) =>
      value
        .replace(TICKETS_PLACEHOLDER, (_, id: string) => {
          const entry = byId.get(id);
          return entry && entry.userId === m.userId ? ticketRange(entry.firstTicket, entry.lastTicket) : "(see My Purchases)";
        })
        .replace(RECEIPT_PLACEHOLDER, (_, id: string) => encode(receiptOf(id, m.userId)));
    const plain = (v: string) => v;
    return { ...m, subject: fill(m.subject, plain), text: fill(m.text, plain), html: fill(m.html, escapeHtml) };
  });
}

export type OutboxRow = {
  id: string;
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  status: "pending" | "sent" | "failed" | "held";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
};

/**
 * A reset link's token is never in a row (src/server/mail/reset-tokens.ts makes it at send time);
 * the Outbox shows any `token=` of a link masked all the same (rows written before that change).
 */
const TOKEN_IN_LINK = /token=(\{\{(?:reset|verify)-token:[A-Za-z0-9]+\}\}|[A-Za-z0-9_-]+)/g;
export const REDACTED_TOKEN = "token=[hidden: sent by email]";

export function redactSecrets<T extends { text: string; html: string }>(mail: T): T {
  return {
    ...mail,
    text: mail.text.replace(TOKEN_IN_LINK, REDACTED_TOKEN),
    html: mail.html.replace(TOKEN_IN_LINK, REDACTED_TOKEN),
  };
}
