import { generateHOTP } from "@oslojs/otp";
import { decodeHex } from "@oslojs/encoding";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withArgon2Slot } from "../../src/server/auth/password";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { RESET_LINK_INVALID, RESET_LINK_SENT } from "../../src/shared/schemas/email";
import { deliverPendingEmails } from "../../src/server/mail/delivery";
import { REDACTED_TOKEN } from "../../src/server/mail/outbox";
import { hashResetToken } from "../../src/server/mail/reset-tokens";
import { listOutbox } from "../../src/server/services/admin";
import { createSmtpTransport } from "../../src/server/mail/transport";
import {
  RESET_LINK_MIN_RESPONSE_MS,
  RESET_LINK_RULES,
  RESET_LINK_TTL_MS,
  resetWithLink,
} from "../../src/server/services/accounts";
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
  afterEach(() => {
    delete process.env.SMTP_URL;
  });

  /** Delivers the outbox to the test SMTP server; the token of the last reset mail `email` got. */
  async function mailedToken(email: string): Promise<string> {
    const transport = createSmtpTransport(smtp.url, "Prize Contests <mail@prize.test>");
    await deliverPendingEmails(t.db, transport);
    transport.close?.();
    return tokenFrom(smtp.received.findLast((m) => m.to[0] === email)?.body ?? "");
  }

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
    // The row holds no token at all: it is made when the mail leaves.
    expect(mails[0]?.text).toMatch(/reset-password\?token=\{\{reset-token:[a-z0-9]+\}\}/);
    const token = await mailedToken(user.email);
    expect(JSON.stringify(await t.db.emailOutbox.findMany({ where: { userId: user.id } }))).not.toContain(token);
    // The Outbox masks the link, SMTP or not.
    const listed = (await listOutbox(t.db, { search: user.email }))[0];
    expect(listed?.text).toContain(REDACTED_TOKEN);
    expect(`${listed?.text}${listed?.html}`).not.toMatch(/reset-token|token=[A-Za-z0-9_-]{20}/);
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
    const token = await mailedToken(user.email);
    const mail = smtp.received.findLast((m) => m.to[0] === user.email);
    expect(mail?.subject).toBe("Reset your Prize Contests password");
    // Once delivered, the link is still not readable in the outbox.
    const row = await t.db.emailOutbox.findFirstOrThrow({ where: { userId: user.id, kind: "password_reset" } });
    expect(row.status).toBe("sent");
    expect(row.text + row.html).not.toContain(token);

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
    const first = await mailedToken(user.email);
    await ask();
    const second = await mailedToken(user.email);
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

  it("with no SMTP_URL no link is made for an admin (nothing could deliver it); with SMTP it is", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const ask = () => rest(t.db, "POST", "/api/auth/reset-link", { body: { email: admin.email }, headers: freshIp() });
    expect((await ask()).body).toEqual({ message: RESET_LINK_SENT });
    expect(await t.db.passwordResetToken.count({ where: { userId: admin.id } })).toBe(0);
    expect(await t.db.emailOutbox.count({ where: { userId: admin.id, kind: "password_reset" } })).toBe(0);
    process.env.SMTP_URL = smtp.url;
    expect((await ask()).body).toEqual({ message: RESET_LINK_SENT });
    expect(await t.db.passwordResetToken.count({ where: { userId: admin.id } })).toBe(1);
  });

  it("the token is checked before argon2 runs, and uses of links are limited per IP", async () => {
    // Every argon2 slot busy: a bogus token is still refused as bogus (400), not queued for a hash (503).
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const hogs = Array.from({ length: 64 }, () => withArgon2Slot(() => held).catch(() => {}));
    try {
      const bogus = await rest(t.db, "POST", "/api/auth/reset-link/complete", {
        body: { token: "y".repeat(43), password: "long-enough-1" },
        headers: freshIp(),
      });
      expect(bogus.status).toBe(400);
      expect(bogus.body.message).toBe(RESET_LINK_INVALID);
    } finally {
      release();
      await Promise.all(hogs);
    }
    // Per IP: the 11th try from one address is 429, whatever the token.
    const headers = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= RESET_LINK_RULES.completeIp.limit; i++) {
      const r = await rest(t.db, "POST", "/api/auth/reset-link/complete", {
        body: { token: `${"z".repeat(40)}${i}aa`, password: "long-enough-1" },
        headers,
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("an admin with two-factor on: the link ends every session and gives one that still owes the code", async () => {
    process.env.SMTP_URL = smtp.url;
    const admin = await createUser(t.db, { role: "owner" });
    const keyHex = "3132333435363738393031323334353637383930";
    await t.db.user.update({ where: { id: admin.id }, data: { totpSecret: keyHex, totpEnabledAt: new Date() } });
    const old = await sessionTokenFor(t.db, admin);
    await rest(t.db, "POST", "/api/auth/reset-link", { body: { email: admin.email }, headers: freshIp() });
    const token = await mailedToken(admin.email);
    const done = await rest(t.db, "POST", "/api/auth/reset-link/complete", {
      body: { token, password: "brand-new-pass" },
      headers: freshIp(),
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: "Password reset. Enter the code from your authenticator app", twoFactorRequired: true });
    const pending = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(done.headers.get("set-cookie") ?? "")?.[1];
    expect(pending).toBeTruthy();
    // The old session is gone; the new one signs nobody in, so it cannot re-enrol or act.
    expect((await rest(t.db, "GET", "/api/auth/user", { token: old })).status).toBe(401);
    expect((await rest(t.db, "GET", "/api/auth/user", { token: pending })).status).toBe(401);
    expect((await rest(t.db, "POST", "/api/auth/2fa/setup", { token: pending })).status).toBe(401);
    expect((await rest(t.db, "GET", "/api/admin/users", { token: pending })).status).toBe(401);
    // The code settles it.
    const code = generateHOTP(decodeHex(keyHex), BigInt(Math.floor(Date.now() / 30_000)), 6);
    const verified = await rest(t.db, "POST", "/api/auth/2fa/verify", { token: pending, body: { code }, headers: freshIp() });
    expect(verified.status).toBe(200);
    expect((await rest(t.db, "GET", "/api/auth/user", { token: pending })).body.id).toBe(admin.id);
  });
});
