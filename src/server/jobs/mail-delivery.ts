/**
 * Delivery as a job of the shared queue (docs/jobs.md): `email.deliver` runs a
 * delivery pass (src/server/mail/delivery.ts) once per MAIL_DELIVERY_INTERVAL_MS across all instances, only when
 * SMTP_URL is set. Rows are claimed with SKIP LOCKED, so an overlapping pass is harmless too.
 * Registered from src/server/jobs/app-jobs.ts; here, not in mail/, so mail never imports the queue.
 */
import { getDb } from "../platform/db";
import { registerJob, schedule } from "./index";
import { logger } from "../platform/logger";
import { mailConfig } from "../mail/config";
import { deliverPendingEmails } from "../mail/delivery";
import { createSmtpTransport, type MailTransport } from "../mail/transport";

export const MAIL_JOB = "email.deliver";

let transport: { url: string; from: string; transport: MailTransport } | undefined;

/** One delivery pass with the configured transport; does nothing without SMTP_URL. */
export async function mailWorkerTick(): Promise<number> {
  const config = mailConfig();
  if (!config.smtpUrl) return 0;
  if (transport?.url !== config.smtpUrl || transport.from !== config.from) {
    transport?.transport.close?.();
    transport = { url: config.smtpUrl, from: config.from, transport: createSmtpTransport(config.smtpUrl, config.from) };
  }
  const report = await deliverPendingEmails(await getDb(), transport.transport);
  if (report.sent || report.retried || report.failed) logger.info(report, "email delivery pass");
  return report.sent;
}

export function registerMailJob(): void {
  // Retries are per email (mail/delivery.ts), not per pass: a failed pass just waits for the next tick.
  registerJob(MAIL_JOB, async () => void (await mailWorkerTick()), { retryLimit: 0, expireInSeconds: 120 });
  const { smtpUrl, intervalMs } = mailConfig();
  if (smtpUrl && intervalMs > 0) schedule(MAIL_JOB, { everySeconds: Math.max(1, intervalMs / 1000) });
}
