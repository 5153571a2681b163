/**
 * Verified addresses (docs/email.md "Verified addresses"), over a real SMTP server started here:
 * sign-up mails a link and nothing else reaches the address until its owner follows it: no player
 * text (complaint notes, a display name) and no money news; the security mails that still go greet
 * nobody by name; the link is stored hashed, works once, expires, and releases what was held.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { deliverPendingEmails } from "../../src/server/mail/delivery";
import { createSmtpTransport } from "../../src/server/mail/transport";
import { hashVerifyToken } from "../../src/server/mail/verify-tokens";
import { VERIFY_LINK_TTL_MS, VERIFY_RULES } from "../../src/server/services/accounts";
import { fanOutDrawResults } from "../../src/server/services/draws";
import { applyBalanceChange } from "../../src/server/services/kernel";
import { EMAIL_VERIFY_MESSAGES } from "../../src/shared/schemas/email";
import { SECURITY_QUESTIONS } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";
import { startSmtpServer, type TestSmtp } from "../helpers/smtp";

let ipCounter = 0;
const freshIp = () => ({ "x-forwarded-for": `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}` });

function tokenFrom(text: string): string {
  const m = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no verification link in: ${text}`);
  return m[1];
}

describe(`verified e-mail addresses (${dbKind()})`, () => {
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
  beforeEach(() => {
    smtp.received.length = 0;
  });

  async function deliver(): Promise<void> {
    const transport = createSmtpTransport(smtp.url, "Prize Contests <mail@prize.test>");
    await deliverPendingEmails(t.db, transport);
    transport.close?.();
  }
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to[0] === email);

  async function signUp(email: string, firstName = "Mallory"): Promise<{ user: User; token: string }> {
    const res = await rest(t.db, "POST", "/api/auth/signup", {
      body: {
        firstName,
        lastName: "Sender",
        email,
        password: "secret123",
        confirmPassword: "secret123",
        securityQuestion: SECURITY_QUESTIONS[0],
        securityAnswer: "rex",
      },
      headers: freshIp(),
    });
    expect(res.status).toBe(201);
    const user = await t.db.user.findUniqueOrThrow({ where: { email } });
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email, password: "secret123" }, headers: freshIp() });
    const token = /session=([a-z2-7]+)/.exec(login.headers.getSetCookie().join(";"))?.[1] ?? "";
    return { user, token };
  }

  it("an address nobody verified gets the link and security mail only, never a player's text or money news; the link releases what waited", async () => {
    const victim = "victim@example.org";
    const { user, token } = await signUp(victim);
    expect(user.emailVerifiedAt).toBeNull();
    // The attacker's account writes to the victim's address: complaints (their own text), a display name.
    await (await callerFor(t.db, user)).auth.updateProfile({ displayName: "Buy now at evil.example" });
    for (let i = 0; i < 5; i++) {
      const filed = await rest(t.db, "POST", "/api/complaints", {
        token,
        body: { category: "draw", subject: `Spam ${i}`, body: `Visit evil.example for free money ${i}` },
      });
      expect(filed.status).toBe(201);
    }
    // Money news too: a top-up approved by an admin.
    const admin = await createUser(t.db, { role: "owner" });
    const pay = await rest(t.db, "POST", "/api/payments/create", {
      token,
      body: { amount: "10", currency: "USD", cryptoCurrency: "USDT" },
    });
    expect(pay.status).toBe(200);
    await rest(t.db, "POST", `/api/payments/sandbox/${pay.body.trackId}/pay`, { token });
    expect((await rest(t.db, "POST", `/api/payments/${pay.body.paymentId}/approve`, { user: admin })).status).toBe(200);
    // A reset link (a security mail) still goes, greeted without the name the account chose.
    await rest(t.db, "POST", "/api/auth/reset-link", { body: { email: victim }, headers: freshIp() });

    await deliver();
    const sent = mailsTo(victim);
    expect(sent.map((m) => m.subject).sort()).toEqual(
      ["Reset your Prize Contests password", "Verify your e-mail address for Prize Contests"].sort(),
    );
    for (const m of sent) {
      expect(m.body).toContain("Hi there,");
      expect(m.body).not.toContain("evil.example");
      expect(m.body).not.toContain("Mallory");
    }
    const held = await t.db.emailOutbox.findMany({ where: { userId: user.id, status: "held" } });
    expect(held.map((m) => m.kind).sort()).toEqual([...Array(5).fill("complaint_update"), "topup_approved"].sort());

    // The link: its token exists only in the mail (the row holds a placeholder, the table its hash).
    const verifyMail = sent.find((m) => m.subject.startsWith("Verify"));
    const linkToken = tokenFrom(verifyMail?.body ?? "");
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.db.emailVerificationToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(hashVerifyToken(linkToken));
    expect(JSON.stringify(await t.db.emailOutbox.findMany({ where: { userId: user.id } }))).not.toContain(linkToken);

    // Settings say it is not verified; following the link (no session needed) verifies it and releases the held mail.
    expect((await (await callerFor(t.db, user)).auth.settings()).emailVerified).toBe(false);
    const ok = await rest(t.db, "POST", "/api/auth/verify-email", { body: { token: linkToken }, headers: freshIp() });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: EMAIL_VERIFY_MESSAGES.verified });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
    expect((await (await callerFor(t.db, user)).auth.settings()).emailVerified).toBe(true);
    expect(await t.db.emailOutbox.count({ where: { userId: user.id, status: "held" } })).toBe(0);
    smtp.received.length = 0;
    await deliver();
    expect(mailsTo(victim)).toHaveLength(6);
    // Single use.
    const again = await rest(t.db, "POST", "/api/auth/verify-email", { body: { token: linkToken }, headers: freshIp() });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(EMAIL_VERIFY_MESSAGES.invalid);
    // Verified: mail goes at once, and asking for another link is 409.
    const resend = await rest(t.db, "POST", "/api/auth/verify-email/resend", { token, headers: freshIp() });
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(EMAIL_VERIFY_MESSAGES.already);
  });

  it("the link expires; a newer one voids the older; resends are limited per account; a wrong token is 400", async () => {
    const email = "slow.reader@example.org";
    const { user, token } = await signUp(email, "Sam");
    const resend = () => rest(t.db, "POST", "/api/auth/verify-email/resend", { token, headers: freshIp() });
    const first = await resend();
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(EMAIL_VERIFY_MESSAGES.sent(email));
    await deliver();
    const links = mailsTo(email).map((m) => tokenFrom(m.body));
    // Sign-up's link was replaced by the resend's (and its mail then said "expired").
    expect(links.filter((l) => l.length === 43)).toHaveLength(1);
    const newest = links.find((l) => l.length === 43) as string;
    // Expired: refused, nothing verified.
    await t.db.emailVerificationToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await rest(t.db, "POST", "/api/auth/verify-email", { body: { token: newest }, headers: freshIp() });
    expect(late.status).toBe(400);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeNull();
    expect(VERIFY_LINK_TTL_MS).toBe(24 * 3_600_000);
    // Per account: sign-up's link and the resends together, then 429.
    for (let i = 2; i < VERIFY_RULES.account.limit; i++) expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many verification e-mails\. Please try again in \d+ minutes\.$/);
    // A token of the wrong shape is 400 with the rule; an unknown one the same answer as an expired one.
    const malformed = await rest(t.db, "POST", "/api/auth/verify-email", { body: { token: "x" }, headers: freshIp() });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/Invalid or expired verification link/);
    const unknown = await rest(t.db, "POST", "/api/auth/verify-email", { body: { token: "A".repeat(43) }, headers: freshIp() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(EMAIL_VERIFY_MESSAGES.invalid);
    expect((await rest(t.db, "POST", "/api/auth/verify-email/resend", {})).status).toBe(401);
  });

  it("two uses of one link at once verify once; receipts and draw results wait for the link too", async () => {
    const email = "racer@example.org";
    const { user, token } = await signUp(email, "Rae");
    // A purchase's receipt waits (money news).
    await t.db.$transaction((tx) =>
      applyBalanceChange(tx, { userId: user.id, amount: "5", kind: "adjustment", reference: `verify-${user.id}` }),
    );
    // One ticket sells the contest out: it is drawn, and the result mail (money news) waits as well.
    const c = await createContest(t.db, { ticketPrice: "1.00", maxTickets: 1 });
    expect((await rest(t.db, "POST", "/api/cart/add", { token, body: { contestId: c.id, quantity: 1 } })).status).toBe(200);
    await fanOutDrawResults(t.db, c.id);
    const waiting = await t.db.emailOutbox.findMany({ where: { userId: user.id, status: "held" }, select: { kind: true } });
    expect(waiting.map((m) => m.kind).sort()).toEqual(["draw_result", "prize_claim_steps", "purchase_receipt"]);
    await deliver();
    const linkToken = tokenFrom(mailsTo(email).at(-1)?.body ?? "");
    const both = await Promise.all([
      rest(t.db, "POST", "/api/auth/verify-email", { body: { token: linkToken }, headers: freshIp() }),
      rest(t.db, "POST", "/api/auth/verify-email", { body: { token: linkToken }, headers: freshIp() }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    smtp.received.length = 0;
    await deliver();
    const receipt = mailsTo(email).find((m) => m.subject.startsWith("Your tickets for"));
    expect(receipt?.body).toContain("Hi Rae,");
    expect(receipt?.body).toContain("Ticket number: #1");
  });
});
