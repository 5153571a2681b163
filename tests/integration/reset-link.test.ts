import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { RESET_LINK_INVALID, RESET_LINK_SENT } from "../../src/shared/schemas/email";
import { deliverPendingEmails } from "../../src/server/mail/delivery";
import { listOutbox, REDACTED_TOKEN } from "../../src/server/mail/outbox";
import { createSmtpTransport } from "../../src/server/mail/transport";
import {
  hashResetToken,
  RESET_LINK_MIN_RESPONSE_MS,
  RESET_LINK_TTL_MS,
  resetWithLink,
} from "../../src/server/services/reset-link";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, FIXTURE_PASSWORD, rest, sessionTokenFor } from "../helpers/fixtures";
import { startSmtpServer, type TestSmtp } from "../helpers/smtp";

let ipCounter = 0;
/** Each test its own client address, so the per-IP limit of one test never touches another. */
const freshIp = () => ({ "x-forwarded-for": `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}` });

function tokenFrom(text: string): string {
  const m = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no reset link in: ${text}`);
  return m[1];
}

describe(`password reset by emailed link (${dbKind()})`, () => {
  let t: TestDb;
  let smtp: TestSmtp;
  beforeAll(async () => {
    t = await createTestDb();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it("answers the same for a real and an unknown email, no faster than the floor; only the real one gets a link", async () => {
    const user = await createUser(t.db);
    const headers = freshIp();
    const t0 = Date.now();
    const real = await rest(t.db, "POST", "/api/auth/reset-link", { body: { email: user.email.toUpperCase() }, headers });
    const t1 = Date.now();
    const unknown = await rest(t.db, "POST", "/api/auth/reset-link", { body: { email: "nobody-here@example.com" }, headers });
    const t2 = Date.now();
    expect(real.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(real.body).toEqual({ message: RESET_LINK_SENT });
    expect(unknown.body).toEqual(real.body);
    expect(t1 - t0).toBeGreaterThanOrEqual(RESET_LINK_MIN_RESPONSE_MS - 5);
    expect(t2 - t1).toBeGreaterThanOrEqual(RESET_LINK_MIN_RESPONSE_MS - 5);

    const mails = await t.db.emailOutbox.findMany({ where: { kind: "password_reset" } });
    expect(mails.map((m) => m.to)).toEqual([user.email]);
    const token = tokenFrom(mails[0]?.text ?? "");
    // Admins see the link only while no SMTP server would deliver it (the demo Outbox).
    expect((await listOutbox(t.db, { search: user.email }, false))[0]?.text).toContain(token);
    const withSmtp = await listOutbox(t.db, { search: user.email }, true);
    expect(withSmtp[0]?.text + (withSmtp[0]?.html ?? "")).not.toContain(token);
    // Only the hash is stored.
    const stored = await t.db.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + RESET_LINK_TTL_MS - 60_000);
  });

  it("the mailed link (delivered over SMTP) sets a new password once, signs the player in and ends old sessions", async () => {
    const user = await createUser(t.db);
    const oldSession = await sessionTokenFor(t.db, user);
    await rest(t.db, "POST", "/api/auth/reset-link", { body: { email: user.email }, headers: freshIp() });
    const transport = createSmtpTransport(smtp.url, "Prize Contests <mail@prize.test>");
    await deliverPendingEmails(t.db, transport);
    transport.close?.();
    const mail = smtp.received.find((m) => m.to[0] === user.email);
    expect(mail?.subject).toBe("Reset your Prize Contests password");
    const token = tokenFrom(mail?.body ?? "");
    // Once delivered, the link is no longer readable in the outbox.
    const row = await t.db.emailOutbox.findFirstOrThrow({ where: { userId: user.id, kind: "password_reset" } });
    expect(row.status).toBe("sent");
    expect(row.text + row.html).not.toContain(token);
    expect(row.text).toContain(REDACTED_TOKEN);

    const done = await rest(t.db, "POST", "/api/auth/reset-link/complete", {
      body: { token, password: "brand-new-pass" },
      headers: freshIp(),
    });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(user.email);
    const cookie = done.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    const newToken = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie)?.[1];
    const me = await rest(t.db, "GET", "/api/auth/user", { token: newToken });
    expect(me.status).toBe(200);
    expect((await rest(t.db, "GET", "/api/auth/user", { token: oldSession })).status).toBe(401);

    const login = await rest(t.db, "POST", "/api/auth/login", {
      body: { email: user.email, password: "brand-new-pass" },
      headers: freshIp(),
    });
    expect(login.status).toBe(200);
    const oldLogin = await rest(t.db, "POST", "/api/auth/login", {
      body: { email: user.email, password: FIXTURE_PASSWORD },
      headers: freshIp(),
    });
    expect(oldLogin.status).toBe(401);

    // Single use.
    const again = await rest(t.db, "POST", "/api/auth/reset-link/complete", {
      body: { token, password: "another-pass-1" },
      headers: freshIp(),
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(RESET_LINK_INVALID);
    // The security notice is queued (always sent: not optional).
    expect(await t.db.emailOutbox.count({ where: { userId: user.id, kind: "password_changed" } })).toBe(1);
  });

  it("refuses an expired link, a replaced link and a short password (the sign-up rule)", async () => {
    const user = await createUser(t.db);
    const ask = () => rest(t.db, "POST", "/api/auth/reset-link", { body: { email: user.email }, headers: freshIp() });
    await ask();
    const first = tokenFrom(
      (await t.db.emailOutbox.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "asc" } })).text,
    );
    await ask();
    const rows = await t.db.emailOutbox.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    const second = tokenFrom(rows[1]?.text ?? "");
    expect(second).not.toBe(first);

    const short = await rest(t.db, "POST", "/api/auth/reset-link/complete", { body: { token: second, password: "abc" } });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/Password must be at least/);
    await expect(resetWithLink(t.db, { token: first, password: "long-enough-1" })).rejects.toThrow(RESET_LINK_INVALID);
    await expect(
      resetWithLink(t.db, { token: second, password: "long-enough-1" }, { now: new Date(Date.now() + RESET_LINK_TTL_MS + 1000) }),
    ).rejects.toThrow(RESET_LINK_INVALID);
    const bogus = await rest(t.db, "POST", "/api/auth/reset-link/complete", {
      body: { token: "x".repeat(43), password: "long-enough-1" },
    });
    expect(bogus.status).toBe(400);
    // Still valid within 30 minutes.
    await expect(resetWithLink(t.db, { token: second, password: "long-enough-1" })).resolves.toMatchObject({
      user: { id: user.id },
    });
  });

  it("per email: after 3 links an hour it still answers the same but mails nothing; per IP: 429 after 10", async () => {
    // Sent at once (each answer takes RESET_LINK_MIN_RESPONSE_MS): the limits are atomic counters, so
    // concurrency must not let more through than one after another would.
    const user = await createUser(t.db);
    const sameEmail = await Promise.all(
      Array.from({ length: 5 }, () =>
        rest(t.db, "POST", "/api/auth/reset-link", { body: { email: user.email }, headers: freshIp() }),
      ),
    );
    for (const r of sameEmail) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ message: RESET_LINK_SENT });
    }
    expect(await t.db.emailOutbox.count({ where: { userId: user.id, kind: "password_reset" } })).toBe(3);

    const headers = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        rest(t.db, "POST", "/api/auth/reset-link", { body: { email: `x${i}@example.com` }, headers }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });

  it("validates the email like every form", async () => {
    const r = await rest(t.db, "POST", "/api/auth/reset-link", { body: { email: "not-an-email" }, headers: freshIp() });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/valid email/);
  });
});
