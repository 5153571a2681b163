/**
 * Every mail setting, from the validated environment (src/server/platform/env.ts; docs/email.md, .env.example).
 * SMTP_URL empty (the default) = nothing is sent: emails stay in the outbox for the admin Outbox tab.
 */
import { appOrigin, getEnv } from "../platform/env";

export type MailConfig = {
  /** smtp://user:pass@host:port or smtps://…; null = keep mail in the outbox. */
  smtpUrl: string | null;
  from: string;
  /** Public origin for links in emails (no trailing slash). Never the request's Host header. */
  appUrl: string;
  /** How often a delivery pass runs (ms; 0 = never). */
  intervalMs: number;
};

export function mailConfig(): MailConfig {
  const env = getEnv();
  return {
    smtpUrl: env.SMTP_URL ?? null,
    from: env.MAIL_FROM,
    appUrl: appOrigin(env),
    intervalMs: env.MAIL_DELIVERY_INTERVAL_MS,
  };
}

/** An absolute link into the site for an email body. */
export function appLink(path: string): string {
  return `${mailConfig().appUrl}${path.startsWith("/") ? path : `/${path}`}`;
}
