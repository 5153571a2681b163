/**
 * Delivery as a job of the shared queue (src/server/jobs, docs/jobs.md): `email.deliver` runs a
 * delivery pass (delivery.ts) once per MAIL_DELIVERY_INTERVAL_MS across all instances, only when
 * SMTP_URL is set. Rows are claimed with SKIP LOCKED, so an overlapping pass is harmless too.
 * Registered from src/server/jobs/app-jobs.ts.
 */
import { getDb } from "../platform/db";
import { registerJob, schedule } from "../jobs";
import { logger } from "../platform/logger";
import { mailConfig } from "./config";
import { deliverPendingEmails } from "./delivery";
import { createSmtpTransport, type MailTransport } from "./transport";

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
  // Retries are per email (delivery.ts), not per pass: a failed pass just waits for the next tick.
  registerJob(MAIL_JOB, async () => void (await mailWorkerTick()), { retryLimit: 0, expireInSeconds: 120 });
  const { smtpUrl, intervalMs } = mailConfig();
  if (smtpUrl && intervalMs > 0) schedule(MAIL_JOB, { everySeconds: Math.max(1, intervalMs / 1000) });
}
