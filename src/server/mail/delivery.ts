/**
 * Delivers the outbox. A pass claims due rows with one UPDATE … FOR UPDATE SKIP LOCKED (so several
 * app instances never send the same row at once; a crashed worker's claim lapses after LEASE_MS),
 * sends each through the transport, then marks it sent, or schedules a retry with exponential
 * back-off (RETRY_BASE_MS · 2^(attempts-1), capped at RETRY_MAX_MS), or marks it failed after
 * MAX_ATTEMPTS. Nothing here runs inside a business transaction.
 */
import type { DbTx } from "../platform/db";
import { logger } from "../platform/logger";
import { renderResetTokens } from "./reset-tokens";
import { renderVerifyTokens } from "./verify-tokens";
import { isMarketing, marketingBlocked, withTicketNumbers } from "./outbox";
import type { MailTransport } from "./transport";

export const MAX_ATTEMPTS = 8;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
export const LEASE_MS = 2 * 60_000;
export const BATCH_SIZE = 20;

/** Delay before the next try after `attempts` failed tries (1 → 30 s, 2 → 60 s, … ≤ 1 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

type Claimed = {
  id: string;
  kind: string;
  userId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: unknown;
  attempts: number;
};

export type DeliveryReport = { sent: number; retried: number; failed: number };

export async function deliverPendingEmails(
  db: DbTx,
  transport: MailTransport,
  now: Date = new Date(),
  opts: { batchSize?: number } = {},
): Promise<DeliveryReport> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const claimed = await db.$queryRaw<Claimed[]>`
    UPDATE "EmailOutbox" SET "lockedUntil" = ${leaseUntil}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "EmailOutbox"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${opts.batchSize ?? BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "kind", "userId", "to", "subject", "text", "html", "headers", "attempts"`;

  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (const mail of await withTicketNumbers(db, claimed)) {
    try {
      // Marketing queued before a self-exclusion, a closure or an unsubscribe is dropped, not sent (outbox.ts).
      if (isMarketing(mail.kind) && (await marketingBlocked(db, mail.userId, now))) {
        await db.emailOutbox.updateMany({
          where: { id: mail.id, status: "pending" },
          data: {
            status: "failed",
            lockedUntil: null,
            lastError: "Not sent: marketing to a player who opted out, self-excluded or closed",
          },
        });
        report.failed++;
        continue;
      }
      // Secrets (a reset or verification link's token) exist only in the message that leaves, never in the row.
      const out = await renderVerifyTokens(db, await renderResetTokens(db, mail, now), now);
      await transport.send({
        to: out.to,
        subject: out.subject,
        text: out.text,
        html: out.html,
        headers: mailHeaders(mail.headers),
      });
      await db.emailOutbox.updateMany({
        where: { id: mail.id, status: "pending" },
        data: { status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null },
      });
      report.sent++;
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      await db.emailOutbox.updateMany({
        where: { id: mail.id, status: "pending" },
        data: giveUp
          ? { status: "failed", lockedUntil: null, lastError }
          : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)), lockedUntil: null, lastError },
      });
      if (giveUp) report.failed++;
      else report.retried++;
      logger.warn({ emailId: mail.id, attempts: mail.attempts, giveUp, err: lastError }, "email delivery failed");
    }
  }
  return report;
}

/** The row's stored headers as strings only (a row written by enqueueEmail; anything else is dropped). */
function mailHeaders(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
  return Object.keys(out).length ? out : undefined;
}
