import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, FIXTURE_PASSWORD, rest } from "../helpers/fixtures";
import { formatDateTime } from "@/shared/format";
import { getStanding } from "../../src/server/services/safer-play";

describe(`spend limits and self-exclusion (${dbKind()})`, () => {
  let t: TestDb;
  let player: User;
  beforeAll(async () => {
    t = await createTestDb();
    player = await createUser(t.db, { balance: "100" });
  });
  afterAll(() => t.close());

  const balance = async (u: User) => (await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).balance.toString();
  const limits = (u: User, body?: unknown) =>
    body === undefined
      ? rest(t.db, "GET", "/api/user/limits", { user: u })
      : rest(t.db, "PUT", "/api/user/limits", { user: u, body });
  const buy = (u: User, contestId: string, quantity: number) =>
    rest(t.db, "POST", "/api/cart/add", { user: u, body: { contestId, quantity } });

  it("a lower limit applies at once and stops purchases and paid spins at the server; a higher one waits 24 h", async () => {
    const c = await createContest(t.db, { title: "Limited", ticketPrice: "1" });
    const none = await limits(player);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ limits: { daily: null, weekly: null, monthly: null }, pending: null });

    const set = await limits(player, { daily: "5", weekly: "20" });
    expect(set.status).toBe(200);
    expect(set.body.limits).toEqual({ daily: "5.00", weekly: "20.00", monthly: null });
    expect(set.body.message).toBe("Your limits apply now");

    expect((await buy(player, c.id, 4)).status).toBe(200);
    const over = await buy(player, c.id, 2);
    expect(over.status).toBe(403);
    expect(over.body.message).toBe("This would exceed your daily spend limit of $5.00: $1.00 left");
    expect(await balance(player)).toBe("96");
    expect(await t.db.ticketEntry.count({ where: { contestId: c.id } })).toBe(1);

    // Paid spins count too: $1 left, so 1 ticket is fine and then a paid spin is refused.
    expect((await buy(player, c.id, 1)).status).toBe(200);
    const spin = await rest(t.db, "POST", "/api/wheel/spin", { user: player, body: { isPaid: true } });
    expect(spin.status).toBe(403);
    expect(spin.body.message).toContain("daily spend limit of $5.00: $0.00 left");

    // Raising waits 24 h (the answer says when); a removal too; the old limit still holds meanwhile.
    const raise = await limits(player, { daily: "50", weekly: null });
    expect(raise.body.limits).toEqual({ daily: "5.00", weekly: "20.00", monthly: null });
    expect(raise.body.pending).toEqual({ daily: "50", weekly: null });
    const from = new Date(raise.body.pendingFrom).getTime();
    expect(Math.abs(from - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    expect(raise.body.message).toContain("higher or removed limits apply from");
    expect((await buy(player, c.id, 1)).status).toBe(403);

    // 24 h later the raise applies.
    await t.db.user.update({ where: { id: player.id }, data: { pendingLimitsAt: new Date(Date.now() - 1000) } });
    const later = await limits(player);
    expect(later.body).toMatchObject({ limits: { daily: "50.00", weekly: null, monthly: null }, pending: null });
    expect(later.body.spent.daily).toBe("5.00");
    expect((await buy(player, c.id, 1)).status).toBe(200);

    // A lower limit during a waiting raise applies at once and cancels the raise.
    await limits(player, { monthly: "100" });
    await limits(player, { monthly: "200" });
    const lower = await limits(player, { monthly: "7" });
    expect(lower.body).toMatchObject({ limits: { monthly: "7.00" }, pending: null });
    expect((await buy(player, c.id, 2)).body.message).toBe("This would exceed your monthly spend limit of $7.00: $1.00 left");

    // "0" is a limit (no spending): tests/integration/safer-play.test.ts.
    for (const bad of [{ daily: "-1" }, { daily: "1.234" }, { daily: 5, extra: 1 }, { daily: "abc" }]) {
      expect((await limits(player, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await rest(t.db, "GET", "/api/user/limits")).status).toBe(401);
  });

  it("self-exclusion: no top-up, purchase or spin; sign-in and history still work; it cannot be shortened", async () => {
    const u = await createUser(t.db, { balance: "10" });
    const c = await createContest(t.db, { title: "Excluded", ticketPrice: "1" });
    expect((await buy(u, c.id, 1)).status).toBe(200);
    const bad = await rest(t.db, "POST", "/api/user/self-exclusion", { user: u, body: { period: "2w" } });
    expect(bad.status).toBe(400);

    const res = await rest(t.db, "POST", "/api/user/self-exclusion", { user: u, body: { period: "1y" } });
    expect(res.status).toBe(200);
    const until = new Date(res.body.selfExcludedUntil);
    expect(until.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const message = `Your account is self-excluded until ${formatDateTime(until, "UTC")}`;

    const purchase = await buy(u, c.id, 1);
    expect(purchase).toMatchObject({ status: 403, body: { message } });
    const topUp = await rest(t.db, "POST", "/api/payments/create", {
      user: u,
      body: { amount: "10", currency: "USD", cryptoCurrency: "BTC" },
    });
    expect(topUp).toMatchObject({ status: 403, body: { message } });
    for (const isPaid of [false, true]) {
      const spin = await rest(t.db, "POST", "/api/wheel/spin", { user: u, body: { isPaid } });
      expect(spin).toMatchObject({ status: 403, body: { message } });
    }
    expect(await balance(u)).toBe("9");
    expect(await t.db.payment.count({ where: { userId: u.id } })).toBe(0);
    expect(await t.db.wheelSpin.count({ where: { userId: u.id } })).toBe(0);

    expect((await rest(t.db, "GET", "/api/user/purchases", { user: u })).body).toHaveLength(1);
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: u.email, password: FIXTURE_PASSWORD } });
    expect(login.status).toBe(200);

    // Asking for a shorter period keeps the longer one.
    const shorter = await rest(t.db, "POST", "/api/user/self-exclusion", { user: u, body: { period: "6m" } });
    expect(new Date(shorter.body.selfExcludedUntil).getTime()).toBe(until.getTime());
    const longer = await rest(t.db, "POST", "/api/user/self-exclusion", { user: u, body: { period: "5y" } });
    expect(new Date(longer.body.selfExcludedUntil).getTime()).toBeGreaterThan(until.getTime());
    expect((await limits(u)).body.selfExcludedUntil).toBe(longer.body.selfExcludedUntil);
  });

  it("standing: the one answer the screens read says what the player may do and why not, before any click", async () => {
    const u = await createUser(t.db, { balance: "20" });
    const c = await createContest(t.db, { title: "Standing", ticketPrice: "1" });
    expect(await getStanding(t.db, u.id)).toEqual({
      mayTopUp: true,
      maySpinFree: true,
      mayBuy: true,
      restriction: null,
      askLimitChoice: true,
    });

    // A used-up limit stops tickets and paid spins only, until the first spend leaves the window.
    await limits(u, { daily: "3" });
    const before = Date.now();
    expect((await buy(u, c.id, 3)).status).toBe(200);
    const reached = await getStanding(t.db, u.id);
    expect(reached).toMatchObject({
      mayTopUp: true,
      maySpinFree: true,
      mayBuy: false,
      restriction: { reason: "limit_reached", period: "daily", limit: "3.00" },
    });
    const until = reached.restriction!.until!.getTime();
    expect(until).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(reached.restriction!.message).toBe(
      `You have reached your daily spend limit of $3.00: tickets and paid spins are open again from ${formatDateTime(until, "UTC")}`,
    );
    // It agrees with the server's refusal.
    expect((await buy(u, c.id, 1)).status).toBe(403);

    // Self-exclusion stops everything and says until when.
    const ex = await rest(t.db, "POST", "/api/user/self-exclusion", { user: u, body: { period: "6m" } });
    const excluded = await getStanding(t.db, u.id);
    expect(excluded).toMatchObject({ mayTopUp: false, maySpinFree: false, mayBuy: false });
    expect(excluded.restriction).toMatchObject({ reason: "self_excluded", until: new Date(ex.body.selfExcludedUntil) });
  });
});
