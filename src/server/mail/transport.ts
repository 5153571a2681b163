/** The SMTP side: one nodemailer transport built from SMTP_URL (smtp:// or smtps://). */
import nodemailer from "nodemailer";

/** `headers`: extra headers (a marketing mail's List-Unsubscribe pair, RFC 2369 and RFC 8058). */
export type OutgoingMail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/** What the delivery worker needs; tests may pass any object with this shape. */
export type MailTransport = {
  from: string;
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
};

/** Timeouts short enough that one dead server cannot hold a delivery pass for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = new URL(smtpUrl);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error("SMTP_URL must start with smtp:// or smtps://");
  }
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  return {
    from,
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}
