import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, FIXTURE_PASSWORD, rest } from "../helpers/fixtures";
import { SECURITY_QUESTIONS, SESSION_COOKIE } from "@/shared/constants";
import { getStanding, listRiskMarkers } from "../../src/server/services/safer-play";
import { enqueueEmail } from "@/server/mail/outbox";
import { deliverPendingEmails } from "@/server/mail/delivery";
import { paragraphText, RISK_THRESHOLDS } from "@/shared/safer-play";
import { parseSupportLinks, DEFAULT_SUPPORT_ORGANISATIONS } from "@/shared/support-organisations";
import { complianceClauses } from "../../src/server/services/draws";
import { fairPlaySettings } from "../../src/server/services/kernel";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`safer play: limit prompt, closure, cooling-off, marketing, risk markers (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  const signupBody = (extra: Record<string, unknown> = {}) => ({
    firstName: "Sam",
    lastName: "Safe",
    email: `safe-${randomBytes(4).toString("hex")}@example.com`,
    password: "secret123",
    confirmPassword: "secret123",
    securityQuestion: SECURITY_QUESTIONS[0],
    securityAnswer: "oak",
    ...extra,
  });
  const buy = (u: User, contestId: string, quantity: number) =>
    rest(t.db, "POST", "/api/cart/add", { user: u, body: { contestId, quantity } });

  it("the sign-up prompt records a $0 limit (no spending) or a decline; unanswered players are asked, once", async () => {
    const zero = await rest(t.db, "POST", "/api/auth/signup", {
      body: signupBody({ spendLimit: { choice: "set", monthly: "0" } }),
    });
    expect(zero.status).toBe(201);
    const zeroUser = await t.db.user.findUniqueOrThrow({ where: { id: zero.body.user.id } });
    expect(zeroUser).toMatchObject({ limitChoice: "set" });
    expect(zeroUser.monthlyLimit?.toString()).toBe("0");
    // $0 means no spending: the server refuses the first ticket and the standing says so.
    await t.db.user.update({ where: { id: zeroUser.id }, data: { balance: "10", cashBalance: "10" } });
    const c = await createContest(t.db, { title: "Prompted", ticketPrice: "1" });
    const refused = await buy(zeroUser, c.id, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This would exceed your monthly spend limit of $0.00: $0.00 left");
    const zeroStanding = await getStanding(t.db, zeroUser.id);
    expect(zeroStanding).toMatchObject({ mayBuy: false, askLimitChoice: false });

    const declined = await rest(t.db, "POST", "/api/auth/signup", { body: signupBody({ spendLimit: { choice: "declined" } }) });
    expect(declined.status).toBe(201);
    const declinedUser = await t.db.user.findUniqueOrThrow({ where: { id: declined.body.user.id } });
    expect(declinedUser.limitChoice).toBe("declined");
    expect((await getStanding(t.db, declinedUser.id)).askLimitChoice).toBe(false);

    // A REST sign-up without the prompt: the screens ask before the next purchase (askLimitChoice).
    const silent = await rest(t.db, "POST", "/api/auth/signup", { body: signupBody() });
    const silentUser = await t.db.user.findUniqueOrThrow({ where: { id: silent.body.user.id } });
    expect((await getStanding(t.db, silentUser.id)).askLimitChoice).toBe(true);
    const chosen = await rest(t.db, "POST", "/api/user/limit-choice", {
      user: silentUser,
      body: { choice: "set", daily: "25" },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ limits: { daily: "25.00" }, limitChoice: "set", message: "Your limits apply now" });
    expect((await getStanding(t.db, silentUser.id)).askLimitChoice).toBe(false);
    // Once only: afterwards limits change in Responsible play.
    const again = await rest(t.db, "POST", "/api/user/limit-choice", { user: silentUser, body: { choice: "declined" } });
    expect(again.status).toBe(409);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: silentUser.id } })).limitChoice).toBe("set");

    // Setting limits in Responsible play answers the prompt too.
    const other = await createUser(t.db);
    expect((await getStanding(t.db, other.id)).askLimitChoice).toBe(true);
    await rest(t.db, "PUT", "/api/user/limits", { user: other, body: { weekly: "0" } });
    expect((await getStanding(t.db, other.id)).askLimitChoice).toBe(false);

    for (const bad of [
      { choice: "set" },
      { choice: "maybe" },
      { choice: "set", daily: "-1" },
      { choice: "declined", daily: "5" },
      { choice: "set", daily: "1.234" },
    ]) {
      const res = await rest(t.db, "POST", "/api/user/limit-choice", { user: await createUser(t.db), body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const badSignup = await rest(t.db, "POST", "/api/auth/signup", { body: signupBody({ spendLimit: { choice: "set" } }) });
    expect(badSignup.status).toBe(400);
    expect(badSignup.body.message).toContain("Choose at least one limit");
  });

  it("ending a self-exclusion takes effect 24 h after the request, never before the chosen period", async () => {
    const u = await createUser(t.db, { balance: "10" });
    const c = await createContest(t.db, { title: "Cooling off", ticketPrice: "1" });
    expect((await rest(t.db, "POST", "/api/user/self-exclusion/end", { user: u })).status).toBe(409); // not excluded

    await rest(t.db, "POST", "/api/user/self-exclusion", { user: u, body: { period: "6m" } });
    // The chosen period is over, but the exclusion stays until the player asks.
    await t.db.user.update({ where: { id: u.id }, data: { selfExcludedUntil: new Date(Date.now() - HOUR) } });
    const stillOut = await buy(u, c.id, 1);
    expect(stillOut.status).toBe(403);
    expect(stillOut.body.message).toContain("self-excluded until you ask to end it");

    const ask = await rest(t.db, "POST", "/api/user/self-exclusion/end", { user: u });
    expect(ask.status).toBe(200);
    const endsAt = new Date(ask.body.selfExclusionEndsAt).getTime();
    expect(Math.abs(endsAt - (Date.now() + DAY))).toBeLessThan(60_000);
    expect((await buy(u, c.id, 1)).status).toBe(403); // the cooling-off: still excluded
    expect((await rest(t.db, "GET", "/api/user/limits", { user: u })).body).toMatchObject({
      selfExcluded: true,
      selfExclusionEndRequested: true,
    });
    // Asking again does not move the end.
    const twice = await rest(t.db, "POST", "/api/user/self-exclusion/end", { user: u });
    expect(new Date(twice.body.selfExclusionEndsAt).getTime()).toBe(endsAt);

    // 24 h later the player may play again.
    await t.db.user.update({ where: { id: u.id }, data: { selfExclusionEndsAt: new Date(Date.now() - 1000) } });
    expect((await buy(u, c.id, 1)).status).toBe(200);

    // During the chosen period, the end waits for the period even when that is more than 24 h away.
    const v = await createUser(t.db);
    const ex = await rest(t.db, "POST", "/api/user/self-exclusion", { user: v, body: { period: "6m" } });
    const early = await rest(t.db, "POST", "/api/user/self-exclusion/end", { user: v });
    expect(early.body.selfExclusionEndsAt).toBe(ex.body.selfExcludedUntil);
    // A new exclusion withdraws the request.
    await rest(t.db, "POST", "/api/user/self-exclusion", { user: v, body: { period: "1y" } });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: v.id } })).selfExclusionEndsAt).toBeNull();
  });

  it("closing an account: password confirmed, every session ends, login and recovery refused, ledger kept", async () => {
    const u = await createUser(t.db, { balance: "5" });
    const ledgerBefore = await t.db.ledgerEntry.count({ where: { userId: u.id } });
    const otherSession = await rest(t.db, "POST", "/api/auth/login", { body: { email: u.email, password: FIXTURE_PASSWORD } });
    const otherToken = otherSession.headers.get("set-cookie")?.match(new RegExp(`${SESSION_COOKIE}=([^;]*)`))?.[1];
    expect(otherToken).toBeTruthy();

    // A device that gets push notifications (docs/push.md).
    const device = {
      endpoint: `https://push.example.com/send/${u.id}`,
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    };
    await t.db.pushSubscription.create({
      data: { userId: u.id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
    });

    const wrong = await rest(t.db, "POST", "/api/user/close", { user: u, body: { password: "nope-nope", confirm: "CLOSE" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Current password is incorrect");
    const unconfirmed = await rest(t.db, "POST", "/api/user/close", {
      user: u,
      body: { password: FIXTURE_PASSWORD, confirm: "yes" },
    });
    expect(unconfirmed.status).toBe(400);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).closedAt).toBeNull();

    const closed = await rest(t.db, "POST", "/api/user/close", {
      user: u,
      body: { password: FIXTURE_PASSWORD, confirm: "CLOSE" },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe("Your account is closed and you are signed out everywhere");
    expect(await t.db.session.count({ where: { userId: u.id } })).toBe(0);
    expect(await t.db.pushSubscription.count({ where: { userId: u.id } })).toBe(0); // its devices get nothing more
    expect((await rest(t.db, "GET", "/api/auth/user", { token: otherToken })).status).toBe(401);

    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: u.email, password: FIXTURE_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body.message).toContain("This account is closed");
    const recovery = await rest(t.db, "POST", "/api/auth/forgot-password", { body: { email: u.email } });
    expect(recovery.status).toBe(403);
    // The records stay: balance and ledger untouched.
    const after = await t.db.user.findUniqueOrThrow({ where: { id: u.id } });
    expect(after.closedAt).not.toBeNull();
    expect(after.balance.toString()).toBe("5");
    expect(await t.db.ledgerEntry.count({ where: { userId: u.id } })).toBe(ledgerBefore);
  });

  it("no marketing e-mail is written for or sent to a self-excluded or closed player; service mail still goes", async () => {
    const message = { subject: "New cars this week", text: "Offer", html: "<p>Offer</p>" };
    const open = await createUser(t.db);
    const excluded = await createUser(t.db);
    const closed = await createUser(t.db);
    const later = await createUser(t.db);
    // Everyone here opted in to offers: only the exclusion or the closure stops them.
    const ids = [open.id, excluded.id, closed.id, later.id];
    await t.db.user.updateMany({ where: { id: { in: ids } }, data: { marketingEmailAt: new Date() } });
    await rest(t.db, "POST", "/api/user/self-exclusion", { user: excluded, body: { period: "6m" } });
    await t.db.user.update({ where: { id: closed.id }, data: { closedAt: new Date() } });

    const write = (u: User, kind: "promotion" | "password_changed") =>
      t.db.$transaction((tx) =>
        enqueueEmail(tx, { to: u.email, kind, userId: u.id, message, unsubscribeUrl: "http://localhost/api/email/unsubscribe" }),
      );
    expect(await write(open, "promotion")).not.toBeNull();
    expect(await write(excluded, "promotion")).toBeNull();
    expect(await write(closed, "promotion")).toBeNull();
    expect(await write(excluded, "password_changed")).not.toBeNull(); // service mail is not marketing
    expect(await t.db.emailOutbox.count({ where: { kind: "promotion", userId: { in: [excluded.id, closed.id] } } })).toBe(0);

    // Marketing queued before the player self-excluded is dropped at delivery, not sent.
    const queued = await write(later, "promotion");
    await rest(t.db, "POST", "/api/user/self-exclusion", { user: later, body: { period: "6m" } });
    const sent: string[] = [];
    await deliverPendingEmails(
      t.db,
      { from: "test@example.com", send: async (m) => void sent.push(`${m.to}:${m.subject}`) },
      new Date(Date.now() + 1000),
      {
        batchSize: 500,
      },
    );
    expect(sent).toContain(`${open.email}:New cars this week`);
    expect(sent).not.toContain(`${later.email}:New cars this week`);
    const row = await t.db.emailOutbox.findUniqueOrThrow({ where: { id: queued as string } });
    expect(row).toMatchObject({
      status: "failed",
      lastError: "Not sent: marketing to a player who opted out, self-excluded or closed",
    });
  });

  it("risk markers from seeded data: limits hit on several days, rising weekly spend, many top-ups in a day", async () => {
    const now = new Date();
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    let ref = 0;
    const spend = (userId: string, amount: string, when: Date) =>
      t.db.ledgerEntry.create({
        data: {
          userId,
          kind: "purchase",
          amount: `-${amount}`,
          cashAmount: `-${amount}`,
          creditAmount: "0",
          balanceAfter: "0",
          cashAfter: "0",
          creditAfter: "0",
          reference: `risk-${ref++}`,
          createdAt: when,
        },
      });
    const topUp = (userId: string, when: Date) =>
      t.db.payment.create({
        data: {
          userId,
          amount: "20",
          cryptoCurrency: "USDT",
          provider: "sandbox",
          trackId: `risk-${ref++}`,
          payLink: "https://example.com",
          createdAt: when,
        },
      });

    const limitHitter = await createUser(t.db);
    await t.db.user.update({ where: { id: limitHitter.id }, data: { dailyLimit: "10" } });
    for (let d = 1; d <= RISK_THRESHOLDS.limitDays; d++) await spend(limitHitter.id, "10", at(d * DAY + HOUR));
    const riser = await createUser(t.db);
    await spend(riser.id, "10", at(15 * DAY));
    await spend(riser.id, "30", at(9 * DAY));
    await spend(riser.id, "60", at(2 * DAY));
    const toppedUp = await createUser(t.db);
    const noon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 12));
    for (let i = 0; i < RISK_THRESHOLDS.topUpsPerDay; i++) await topUp(toppedUp.id, new Date(noon.getTime() + i * 60_000));
    // Just under every threshold: one day short, a falling week, one top-up short.
    const calm = await createUser(t.db);
    await t.db.user.update({ where: { id: calm.id }, data: { dailyLimit: "10" } });
    for (let d = 1; d < RISK_THRESHOLDS.limitDays; d++) await spend(calm.id, "10", at(d * DAY + HOUR));
    const falling = await createUser(t.db);
    await spend(falling.id, "100", at(15 * DAY));
    await spend(falling.id, "60", at(9 * DAY));
    for (let i = 1; i < RISK_THRESHOLDS.topUpsPerDay; i++) await topUp(calm.id, new Date(noon.getTime() + i * 60_000));
    // Rising, but pocket money: below risingMinUsd in the latest week.
    const small = await createUser(t.db);
    await spend(small.id, "1", at(15 * DAY));
    await spend(small.id, "2", at(9 * DAY));
    await spend(small.id, "3", at(2 * DAY));

    const rows = await listRiskMarkers(t.db, now);
    const of = (u: User) => rows.find((r) => r.userId === u.id);
    expect(of(limitHitter)).toMatchObject({ markers: ["limits_hit"], limitDays: RISK_THRESHOLDS.limitDays });
    expect(of(riser)).toMatchObject({ markers: ["rising_spend"], weeklySpend: ["60.00", "30.00", "10.00"] });
    expect(of(toppedUp)).toMatchObject({ markers: ["many_top_ups"], topUpsInADay: RISK_THRESHOLDS.topUpsPerDay });
    expect(of(calm)).toBeUndefined();
    expect(of(small)).toBeUndefined();
    expect(of(falling)).toBeUndefined();

    const admin = await createUser(t.db, { role: "owner" });
    const res = await rest(t.db, "GET", "/api/admin/risk-markers", { user: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { userId: string }) => r.userId)).toEqual(
      expect.arrayContaining([limitHitter.id, riser.id, toppedUp.id]),
    );
    expect((await rest(t.db, "GET", "/api/admin/risk-markers", { user: riser })).status).toBe(403);
  });

  it("the compliance page is written from the running settings, clause by clause; support links are a setting", () => {
    const settings = { ...fairPlaySettings(), minContestOpenHours: 96, freeEntryAddress: "PO Box 9, Leeds" };
    const clauses = complianceClauses(settings);
    const text = (id: string) =>
      clauses
        .find((c) => c.id === id)
        ?.paragraphs.map(paragraphText)
        .join(" ") ?? "";
    expect(clauses.map((c) => c.id)).toEqual([
      "winner-selection",
      "odds",
      "free-entry",
      "open-period",
      "fulfilment",
      "complaints",
      "spend-limits",
      "self-exclusion",
      "safer-play",
    ]);
    expect(text("open-period")).toContain("at least 96 hours");
    expect(text("free-entry")).toContain("PO Box 9, Leeds");
    // The online free entry is a free route too, with its period from the setting.
    expect(text("free-entry")).toContain("“Enter for free” on the contest page");
    expect(text("free-entry")).toContain("once every 24 hours per contest");
    expect(text("winner-selection")).not.toContain("drand");
    expect(text("winner-selection")).toContain("verify:draw");
    const beacon = complianceClauses({ ...settings, beacon: { url: "https://api.drand.sh", chainHash: "x", publicKey: "y" } });
    expect(beacon[0]?.paragraphs.map(paragraphText).join(" ")).toContain("drand beacon, chosen only after sales close");
    expect(beacon[0]?.paragraphs.flat()).toContainEqual({ text: "drand beacon", href: "https://api.drand.sh" });
    // No address is printed as text: links are links.
    for (const c of beacon) expect(c.paragraphs.map(paragraphText).join(" ")).not.toMatch(/https?:\/\/|\(\/[a-z-]+\)/);
    // Fulfilment and complaints come from the tracker's settings (defaults here).
    expect(clauses.filter((c) => c.pending).map((c) => c.id)).toEqual([]);
    expect(text("fulfilment")).toContain("within 28 days");
    expect(text("complaints")).toContain("within 10 working days");
    expect(text("complaints")).toContain("Independent Betting Adjudication Service");
    expect(clauses.at(-1)?.links).toEqual(DEFAULT_SUPPORT_ORGANISATIONS);

    expect(parseSupportLinks("GamStop|https://www.gamstop.co.uk; bad|http://x; |https://y")).toEqual([
      { name: "GamStop", url: "https://www.gamstop.co.uk" },
    ]);
    expect(parseSupportLinks("nonsense")).toEqual(DEFAULT_SUPPORT_ORGANISATIONS);
    expect(parseSupportLinks(undefined)).toEqual(DEFAULT_SUPPORT_ORGANISATIONS);
  });
});
