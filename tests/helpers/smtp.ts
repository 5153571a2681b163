/** A real SMTP server (the smtp-server package) on a free local port, recording what it receives. */
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; body: string };

/** Decodes quoted-printable (soft breaks and =XX bytes) as UTF-8. */
function decodeQp(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < src.length; i++) {
    const m = src[i] === "=" ? /^[0-9A-F]{2}$/i.exec(src.slice(i + 1, i + 3)) : null;
    if (m) {
      bytes.push(Number.parseInt(m[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i] as string, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header value. */
function decodeHeader(v: string): string {
  return v
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQp(text.replace(/_/g, " ")),
    );
}

/** Every part of the message, decoded (quoted-printable or base64), joined: enough to search the body. */
function decodeBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const head = part.slice(0, split);
      const body = part.slice(split).trim();
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQp(body);
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      return body;
    })
    .join("\n");
}

export type TestSmtp = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While set, every message is refused with this SMTP reply (a failing mail server). */
  failWith: { code: number; message: string } | null;
  close(): Promise<void>;
};

export async function startSmtpServer(options: SMTPServerOptions = {}): Promise<TestSmtp> {
  const state: TestSmtp = {
    port: 0,
    url: "",
    received: [],
    failWith: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.failWith) {
          const err = Object.assign(new Error(state.failWith.message), { responseCode: state.failWith.code });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const headerEnd = raw.search(/\r?\n\r?\n/);
        const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
        const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? "");
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          body: decodeBody(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  return state;
}
