import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { deliverPendingEmails } from "../../src/server/mail/delivery";
import { offer } from "../../src/server/mail/templates";
import { createSmtpTransport, type MailTransport } from "../../src/server/mail/transport";
import { marketingConsent, queueMarketingEmail } from "../../src/server/services/accounts";
import { checkout } from "../../src/server/services/checkout";
import { selfExclude, setLimits } from "../../src/server/services/safer-play";
import { SECURITY_QUESTIONS } from "@/shared/constants";
import { MARKETING_MESSAGES } from "@/shared/schemas/email";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { startSmtpServer, type TestSmtp } from "../helpers/smtp";

const FROM = "Prize Contests <mail@prize.test>";

describe(`offers and news: consent, suppression, one-click unsubscribe (${dbKind()})`, () => {
  let t: TestDb;
  let smtp: TestSmtp;
  let transport: MailTransport;
  beforeAll(async () => {
    t = await createTestDb();
    smtp = await startSmtpServer();
    transport = createSmtpTransport(smtp.url, FROM);
  });
  afterAll(async () => {
    transport.close?.();
    await smtp.close();
    await t.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await t.db.emailOutbox.updateMany({ where: { status: "pending" }, data: { status: "failed" } });
  });

  const optIn = (u: User) => t.db.user.update({ where: { id: u.id }, data: { marketingEmailAt: new Date() } });
  const queue = (u: User) =>
    t.db.$transaction((tx) =>
      queueMarketingEmail(tx, u.id, (p) =>
        offer(p.firstName, "New cars this week", {
          paragraphs: ["Three new car contests opened today."],
          unsubscribeUrl: p.unsubscribeUrl,
        }),
      ),
    );
  const signup = (email: string, extra: Record<string, unknown>) =>
    rest(t.db, "POST", "/api/auth/signup", {
      body: {
        firstName: "Mia",
        lastName: "Stone",
        email,
        password: "password123",
        confirmPassword: "password123",
        securityQuestion: SECURITY_QUESTIONS[0],
        securityAnswer: "rex",
        ...extra,
      },
    });

  it("offers are off unless the player opts in: at sign-up (unticked by default) or in Account Settings", async () => {
    const plain = `plain-${Date.now()}@example.com`;
    const keen = `keen-${Date.now()}@example.com`;
    expect((await signup(plain, {})).status).toBe(201);
    expect((await signup(keen, { marketingEmail: true })).status).toBe(201);
    const a = await t.db.user.findUniqueOrThrow({ where: { email: plain } });
    const b = await t.db.user.findUniqueOrThrow({ where: { email: keen } });
    const consentOf = async (u: User) => (await rest(t.db, "GET", "/api/user/marketing-consent", { user: u })).body;
    expect(await consentOf(a)).toMatchObject({ email: false, push: false, emailSince: null, pushSince: null });
    expect(await consentOf(b)).toMatchObject({ email: true, push: false });
    expect((await consentOf(b)).emailSince).not.toBeNull();

    // Turning push on leaves e-mail as it is and keeps the first moment of consent.
    const since = (await consentOf(b)).emailSince;
    const put = await rest(t.db, "PUT", "/api/user/marketing-consent", { user: b, body: { push: true } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ message: MARKETING_MESSAGES.saved, consent: { email: true, push: true } });
    expect(
      (await rest(t.db, "PUT", "/api/user/marketing-consent", { user: b, body: { email: true } })).body.consent.emailSince,
    ).toBe(since);
    // Bad input: 400 and nothing changes.
    for (const body of [{}, { email: "yes" }, { email: true, sms: true }]) {
      const bad = await rest(t.db, "PUT", "/api/user/marketing-consent", { user: a, body });
      expect(bad.status).toBe(400);
    }
    expect(await consentOf(a)).toMatchObject({ email: false, push: false });
    expect((await rest(t.db, "GET", "/api/user/marketing-consent")).status).toBe(401);

    // Nothing is queued for the player who did not opt in.
    expect(await queue(a)).toBeNull();
    expect(await t.db.emailOutbox.count({ where: { userId: a.id, kind: "promotion" } })).toBe(0);
  });

  it("nothing is queued for a closed, self-excluded or limit-reached player, nor to an unverified address, though they opted in", async () => {
    const open = await optIn(await createUser(t.db));
    const closed = await optIn(await createUser(t.db));
    const excluded = await optIn(await createUser(t.db));
    const atLimit = await optIn(await createUser(t.db, { balance: "10" }));
    const unverified = await optIn(await createUser(t.db, { verified: false }));
    await t.db.user.update({ where: { id: closed.id }, data: { closedAt: new Date() } });
    await selfExclude(t.db, excluded.id, "6m" as never);
    await setLimits(t.db, atLimit.id, { daily: "2" } as never);
    const contest = await createContest(t.db, { ticketPrice: "1" });
    await checkout(t.db, atLimit.id, [{ contestId: contest.id, quantity: 2 }]);

    expect(await queue(open)).not.toBeNull();
    for (const u of [closed, excluded, atLimit, unverified]) expect(await queue(u)).toBeNull();
    for (const u of [closed, excluded, atLimit])
      expect(await t.db.$transaction((tx) => marketingConsent(tx, u.id, "email"))).toBe(false);
    expect(await t.db.$transaction((tx) => marketingConsent(tx, open.id, "email"))).toBe(true);
    // Push consent is its own opt-in.
    expect(await t.db.$transaction((tx) => marketingConsent(tx, open.id, "push"))).toBe(false);
    const ids = [closed, excluded, atLimit, unverified].map((u) => u.id);
    expect(await t.db.emailOutbox.count({ where: { kind: "promotion", userId: { in: ids } } })).toBe(0);
  });

  it("every offer leaves by SMTP with List-Unsubscribe headers; one click stops the next, even one already queued", async () => {
    const player = await optIn(await createUser(t.db, { firstName: "Ada" }));
    const first = await queue(player);
    const second = await queue(player);
    expect(first).not.toBeNull();
    const { unsubscribeToken } = await t.db.user.findUniqueOrThrow({ where: { id: player.id } });
    expect(unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Deliver only the first: the second stays queued.
    await t.db.emailOutbox.update({ where: { id: second as string }, data: { nextAttemptAt: new Date(Date.now() + 3_600_000) } });
    expect(await deliverPendingEmails(t.db, transport)).toMatchObject({ sent: 1 });
    const mail = smtp.received.find((m) => m.to.includes(player.email));
    expect(mail?.subject).toBe("New cars this week");
    const unfolded = (mail?.raw ?? "").replace(/\r?\n[ \t]+/g, " ");
    expect(unfolded).toMatch(
      new RegExp(`^List-Unsubscribe: <http://[^>]+/api/email/unsubscribe\\?token=${unsubscribeToken}>$`, "mi"),
    );
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(mail?.body).toContain(`/unsubscribe?token=${unsubscribeToken}`);

    // The page's status, then the mail client's one-click POST (a form body, no cookie, no Origin).
    const status = await rest(t.db, "GET", `/api/email/unsubscribe?token=${unsubscribeToken}`);
    expect(status.body).toEqual({ email: `${player.email[0]}***@${player.email.split("@")[1]}`, subscribed: true });
    const click = () =>
      rest(t.db, "POST", `/api/email/unsubscribe?token=${unsubscribeToken}`, {
        rawBody: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const res = await click();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MARKETING_MESSAGES.unsubscribed });
    expect((await click()).status).toBe(200); // a second click answers the same
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).marketingEmailAt).toBeNull();

    // The mail queued before the click is dropped, not sent; nothing new is queued.
    await t.db.emailOutbox.update({ where: { id: second as string }, data: { nextAttemptAt: new Date() } });
    smtp.received.length = 0;
    expect(await deliverPendingEmails(t.db, transport)).toMatchObject({ sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    expect(await queue(player)).toBeNull();
  });

  it("a bad or unknown token is refused and changes nothing", async () => {
    const player = await optIn(await createUser(t.db));
    await queue(player);
    const unknown = "A".repeat(43);
    expect((await rest(t.db, "POST", `/api/email/unsubscribe?token=${unknown}`)).status).toBe(404);
    expect((await rest(t.db, "GET", `/api/email/unsubscribe?token=${unknown}`)).body).toEqual({
      message: MARKETING_MESSAGES.badLink,
    });
    for (const token of ["", "short", `${"A".repeat(42)}!`, "A".repeat(500)]) {
      const res = await rest(t.db, "POST", `/api/email/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(400);
    }
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).marketingEmailAt).not.toBeNull();
  });
});
