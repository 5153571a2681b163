/**
 * Multi-account and abuse signals (docs/admin.md "Abuse signals";
 * src/server/services/accounts/abuse-signals.ts): linked test accounts raise their signals (same
 * device cookie, same withdrawal address, a sign-up burst from one address block, a disposable
 * e-mail domain, free entries from linked accounts); a signal sends payouts to review, keeps a
 * one-per-player promo to one per linked group, shows to finance and support, and never changes a
 * balance by itself.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { networkBlock, noteSignup } from "../../src/server/services/accounts/abuse-signals";
import { PROMO_MESSAGES } from "../../src/shared/pricing";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, FIXTURE_PASSWORD, rest } from "../helpers/fixtures";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const DEVICE = "0123456789abcdef0123456789abcdef";

describe(`abuse signals (${dbKind()})`, () => {
  let t: TestDb;
  let owner: User;
  beforeAll(async () => {
    t = await createTestDb();
    owner = await createUser(t.db, { role: "owner" });
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.ABUSE_SIGNUP_BURST;
  });

  const signalsOf = (u: { id: string }) => t.db.abuseSignal.findMany({ where: { userId: u.id }, orderBy: { kind: "asc" } });
  const login = (u: User, device?: string) =>
    rest(t.db, "POST", "/api/auth/login", {
      body: { email: u.email, password: FIXTURE_PASSWORD },
      headers: device ? { cookie: `device=${device}` } : {},
    });

  it("address blocks: IPv4 /24 and IPv6 /48; loopback is the machine itself", () => {
    expect(networkBlock("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkBlock("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkBlock("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkBlock("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
    expect(networkBlock("127.0.0.1")).toBeNull();
    expect(networkBlock("::1")).toBeNull();
    expect(networkBlock("unknown")).toBeNull();
  });

  it("a browser without a device cookie gets one at sign-in; two accounts signing in from one device are linked, both ways", async () => {
    const first = await login(await createUser(t.db));
    expect(first.headers.getSetCookie().join(";")).toMatch(
      /device=[a-f0-9]{32}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=63072000/,
    );
    const a = await createUser(t.db, { balance: "30" });
    const b = await createUser(t.db, { balance: "30" });
    expect((await login(a, DEVICE)).headers.getSetCookie().join(";")).not.toContain("device=");
    expect(await signalsOf(a)).toEqual([]);
    await login(b, DEVICE);
    const [sa] = await signalsOf(a);
    const [sb] = await signalsOf(b);
    expect(sa).toMatchObject({ kind: "shared_device", linkedUserIds: [b.id].sort() });
    expect(sb).toMatchObject({ kind: "shared_device", linkedUserIds: [a.id] });
    // Signing in again records nothing new.
    await login(b, DEVICE);
    expect(await t.db.abuseSignal.count({ where: { userId: { in: [a.id, b.id] } } })).toBe(2);

    // A one-per-player promo counts the linked account's use; the other account is refused, nothing charged.
    const code = await rest(t.db, "POST", "/api/admin/promo-codes", {
      user: owner,
      body: { code: "ONEEACH", kind: "percent", percentOff: 10, maxUsesPerPlayer: 1 },
    });
    expect(code.status).toBe(201);
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const buy = (u: User) =>
      callerFor(t.db, u).then((cl) => cl.cart.checkout({ items: [{ contestId: c.id, quantity: 1 }], promoCode: "ONEEACH" }));
    await buy(a);
    const before = (await t.db.user.findUniqueOrThrow({ where: { id: b.id } })).balance.toFixed(2);
    await expect(buy(b)).rejects.toMatchObject({ code: "CONFLICT", message: PROMO_MESSAGES.linkedAccount });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: b.id } })).balance.toFixed(2)).toBe(before);
    // An unlinked player uses it as usual.
    await buy(await createUser(t.db, { balance: "5" }));
    // The linked account's withdrawal goes to review, its standing naming the signal.
    const asked = await rest(t.db, "POST", "/api/withdrawals", {
      user: b,
      body: { amount: "10", cryptoCurrency: "USDT", network: "TRC20", address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" },
    });
    expect(asked.status).toBe(201);
    const w = await t.db.withdrawal.findUniqueOrThrow({ where: { id: asked.body.id } });
    const standing = (w.ruleChecks as { rule: string; ok: boolean; message: string }[]).find((c) => c.rule === "standing");
    expect(standing).toMatchObject({ ok: false, message: expect.stringContaining("Same device as another account") });
  });

  it("two accounts withdrawing to one address are linked; the second's payout goes to review naming it; no balance moves", async () => {
    const a = await createUser(t.db, { balance: "40" });
    const b = await createUser(t.db, { balance: "40" });
    const ask = (u: User) =>
      rest(t.db, "POST", "/api/withdrawals", {
        user: u,
        body: { amount: "10", cryptoCurrency: "USDT", network: "TRC20", address: TRON },
      });
    expect((await ask(a)).status).toBe(201);
    expect(await signalsOf(a)).toEqual([]);
    const ledgerBefore = await t.db.ledgerEntry.count();
    const second = await ask(b);
    expect(second.status).toBe(201);
    // Only the withdrawal's own hold was booked: the signal itself moved nothing.
    expect(await t.db.ledgerEntry.count()).toBe(ledgerBefore + 1);
    const [sa] = await signalsOf(a);
    expect(sa).toMatchObject({ kind: "shared_withdrawal_address", key: TRON, linkedUserIds: [b.id] });
    const w = await t.db.withdrawal.findUniqueOrThrow({ where: { id: second.body.id } });
    expect(w.route).toBe("review");
    const shared = (w.ruleChecks as { rule: string; ok: boolean; message: string }[]).find((c) => c.rule === "shared_address");
    expect(shared).toMatchObject({ ok: false, message: "This wallet address was used by another account" });
  });

  it("a burst of sign-ups from one address block raises a signal on each; fewer do not", async () => {
    process.env.ABUSE_SIGNUP_BURST = "3";
    const users = [await createUser(t.db), await createUser(t.db)];
    for (const [i, u] of users.entries()) await noteSignup(t.db, u, `198.51.100.${10 + i}`);
    expect(await t.db.abuseSignal.count({ where: { kind: "signup_burst" } })).toBe(0);
    const third = await createUser(t.db);
    await noteSignup(t.db, third, "198.51.100.99");
    for (const u of [...users, third]) {
      const [s] = await signalsOf(u);
      expect(s).toMatchObject({ kind: "signup_burst", key: "198.51.100.0/24" });
      expect(s?.linkedUserIds).toHaveLength(2);
    }
    // Another block is not part of it.
    const elsewhere = await createUser(t.db);
    await noteSignup(t.db, elsewhere, "192.0.2.1");
    expect(await signalsOf(elsewhere)).toEqual([]);
  });

  it("a disposable e-mail domain at sign-up is recorded", async () => {
    const res = await rest(t.db, "POST", "/api/auth/signup", {
      body: {
        firstName: "Tim",
        lastName: "Throwaway",
        email: "tim@mailinator.com",
        password: "secret123",
        confirmPassword: "secret123",
        securityQuestion: "What was the name of your first pet?",
        securityAnswer: "rex",
      },
    });
    expect(res.status).toBe(201);
    const [s] = await signalsOf(res.body.user);
    expect(s).toMatchObject({ kind: "disposable_email", key: "mailinator.com" });
  });

  it("free entries to one contest from linked accounts are recorded, never refused", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const device = "fedcba9876543210fedcba9876543210";
    await login(a, device);
    await login(b, device);
    const c = await createContest(t.db, { maxTickets: 20 });
    const enter = (u: User) => rest(t.db, "POST", `/api/contests/${c.id}/free-entry`, { body: {}, user: u });
    expect((await enter(a)).status).toBe(201);
    expect((await enter(b)).status).toBe(201);
    const farming = await t.db.abuseSignal.findMany({ where: { kind: "free_entry_farming", key: c.id } });
    expect(farming.map((s) => s.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it("finance and support see the signals with the accounts' e-mails; content and viewer do not", async () => {
    const support = await createUser(t.db, { role: "support" });
    const res = await rest(t.db, "GET", "/api/admin/abuse-signals", { user: support });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(5);
    expect(res.body.find((s: { kind: string }) => s.kind === "shared_device")).toMatchObject({
      label: "Same device as another account",
      linked: [expect.objectContaining({ email: expect.stringContaining("@example.com") })],
    });
    for (const role of ["content", "viewer"] as const) {
      expect((await rest(t.db, "GET", "/api/admin/abuse-signals", { user: await createUser(t.db, { role }) })).status).toBe(403);
    }
  });
});
