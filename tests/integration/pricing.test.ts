/**
 * Bundle tiers and promo codes through tRPC and REST: the server prices the checkout in
 * its transaction, the breakdown reaches the answer, the purchases list, the receipt and the admin
 * report; bad codes change nothing; every admin change leaves an audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

const HOUR = 3600_000;

describe(`pricing: bundle tiers and promo codes (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
  });
  afterAll(() => t.close());

  async function newCode(body: Record<string, unknown>) {
    const res = await rest(t.db, "POST", "/api/admin/promo-codes", { user: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.promoCode as { id: string; code: string };
  }
  const balance = async (u: User) => (await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).balance.toFixed(2);

  it("admin sets bundle tiers (audited); the card data carries them; checkout pays the tier once per line", async () => {
    const c = await createContest(t.db, { ticketPrice: "2.00", maxTickets: 100 });
    const set = await rest(t.db, "PUT", `/api/admin/contests/${c.id}/bundle-tiers`, {
      user: admin,
      body: {
        tiers: [
          { quantity: 10, percentOff: 20 },
          { quantity: 5, percentOff: 10 },
        ],
      },
    });
    expect(set.status).toBe(200);
    expect(set.body.contest.bundleTiers).toEqual([
      { quantity: 5, percentOff: 10 },
      { quantity: 10, percentOff: 20 },
    ]);
    expect(await t.db.auditLog.count({ where: { action: "contest.bundle_tiers", targetId: c.id } })).toBe(1);
    const pub = await rest(t.db, "GET", `/api/contests/${c.id}`);
    expect(pub.body.bundleTiers).toHaveLength(2);

    const player = await createUser(t.db, { balance: "50" });
    const res = await rest(t.db, "POST", "/api/cart/add", { user: player, body: { contestId: c.id, quantity: 12 } });
    expect(res.status).toBe(200);
    // 12 × 2.00 = 24.00, 20% off = 19.20 (the tier, once; never extra tickets)
    expect(res.body.pricing).toEqual({
      subtotal: "24.00",
      bundleSaving: "4.80",
      promoSaving: "0.00",
      promoCode: null,
      total: "19.20",
    });
    expect(res.body.entries[0]).toMatchObject({ ticketCount: 12, totalAmount: "19.20" });
    expect(await balance(player)).toBe("30.80");
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: c.id } })).soldTickets).toBe(12);
    const purchases = await rest(t.db, "GET", "/api/user/purchases", { user: player });
    expect(purchases.body[0].pricing).toEqual({
      listAmount: "24.00",
      bundleSaving: "4.80",
      promoSaving: "0.00",
      promoCode: null,
    });
  });

  it("a promo code is quoted in the cart, applied at checkout in the same transaction, on the receipt and in the admin report", async () => {
    const c = await createContest(t.db, { ticketPrice: "3.00" });
    const code = await newCode({ code: "spring15", kind: "percent", percentOff: 15, minSpend: "5" });
    expect(code.code).toBe("SPRING15");
    const player = await createUser(t.db, { balance: "20" });
    const quote = await rest(t.db, "POST", "/api/cart/promo", {
      user: player,
      body: { code: "Spring15", items: [{ contestId: c.id, quantity: 3 }] },
    });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ subtotal: "9.00", promoSaving: "1.35", total: "7.65", promoCode: "SPRING15" });
    expect((await t.db.promoCode.findUniqueOrThrow({ where: { id: code.id } })).usedCount).toBe(0); // a quote uses nothing

    const caller = await callerFor(t.db, player);
    const res = await caller.cart.checkout({ items: [{ contestId: c.id, quantity: 3 }], promoCode: "spring15" });
    expect(res.totalAmount).toBe("7.65");
    expect(res.pricing.promoSaving).toBe("1.35");
    expect(await balance(player)).toBe("12.35");
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { userId: player.id, kind: "purchase_receipt" } });
    expect(mail.text).toContain("Promo code SPRING15: -$1.35");
    expect(mail.text).toContain("Total paid: $7.65");

    const report = await rest(t.db, "GET", "/api/admin/promo-codes", { user: admin });
    expect(report.body.find((p: { id: string }) => p.id === code.id)).toMatchObject({ usedCount: 1, totalDiscount: "1.35" });
    expect(await t.db.auditLog.count({ where: { action: "promo.create", targetId: code.id } })).toBe(1);
  });

  it("refuses a code that does not fit and changes nothing: unknown, minimum spend, window, other contest, disabled", async () => {
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const other = await createContest(t.db, { ticketPrice: "1.00" });
    const player = await createUser(t.db, { balance: "10" });
    const caller = await callerFor(t.db, player);
    const items = [{ contestId: c.id, quantity: 2 }];
    const refuse = async (promoCode: string, message: string) => {
      await expect(caller.cart.checkout({ items, promoCode })).rejects.toMatchObject({ message });
      expect(await balance(player)).toBe("10.00");
      expect(await t.db.ticketEntry.count({ where: { userId: player.id } })).toBe(0);
    };
    await refuse("NOPE123", "This promo code does not exist");
    await newCode({ code: "BIGSPEND", kind: "fixed", amountOff: "1", minSpend: "5" });
    await refuse("BIGSPEND", "This promo code needs a minimum spend of $5.00");
    await newCode({ code: "LATER", kind: "percent", percentOff: 10, startsAt: new Date(Date.now() + HOUR).toISOString() });
    await refuse("LATER", "This promo code is not active yet");
    await newCode({ code: "OTHERONE", kind: "percent", percentOff: 10, contestId: other.id });
    await refuse("OTHERONE", "This promo code does not apply to the contests in your cart");
    const off = await newCode({ code: "GONE", kind: "percent", percentOff: 10 });
    const dis = await rest(t.db, "POST", `/api/admin/promo-codes/${off.id}/status`, { user: admin, body: { disabled: true } });
    expect(dis.body.promoCode.disabled).toBe(true);
    expect(await t.db.auditLog.count({ where: { action: "promo.status", targetId: off.id } })).toBe(1);
    await refuse("GONE", "This promo code is no longer active");
    const q = await rest(t.db, "POST", "/api/cart/promo", { user: player, body: { code: "GONE", items } });
    expect(q.status).toBe(400);
    expect(q.body.message).toBe("This promo code is no longer active");
  });

  it("first purchase only, per-player and total limits are counted by the server", async () => {
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    await newCode({ code: "WELCOME", kind: "fixed", amountOff: "0.50", firstPurchaseOnly: true });
    await newCode({ code: "TWICE", kind: "percent", percentOff: 10, maxUsesPerPlayer: 2, maxUses: 3 });
    const a = await createUser(t.db, { balance: "20" });
    const b = await createUser(t.db, { balance: "20" });
    const buy = (u: User, promoCode?: string) =>
      callerFor(t.db, u).then((cl) => cl.cart.checkout({ items: [{ contestId: c.id, quantity: 1 }], promoCode }));
    expect((await buy(a, "WELCOME")).totalAmount).toBe("0.50");
    await expect(buy(a, "WELCOME")).rejects.toMatchObject({ message: "This promo code is for a first purchase only" });
    await buy(a, "TWICE");
    await buy(a, "TWICE");
    await expect(buy(a, "TWICE")).rejects.toMatchObject({
      code: "CONFLICT",
      message: "You have already used this promo code as many times as allowed",
    });
    await buy(b, "TWICE");
    await expect(buy(b, "TWICE")).rejects.toMatchObject({ code: "CONFLICT", message: "This promo code has been fully used" });
    expect((await t.db.promoCode.findUniqueOrThrow({ where: { code: "TWICE" } })).usedCount).toBe(3);
  });

  it("bounds promo tries per player (quotes and checkouts with a code), so codes cannot be guessed", async () => {
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const player = await createUser(t.db, { balance: "5" });
    const items = [{ contestId: c.id, quantity: 1 }];
    for (let i = 0; i < 20; i++) {
      const res = await rest(t.db, "POST", "/api/cart/promo", { user: player, body: { code: `GUESS${i}`, items } });
      expect(res.status).toBe(400);
    }
    const blocked = await rest(t.db, "POST", "/api/cart/promo", { user: player, body: { code: "GUESS20", items } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many promo code attempts, try again in/);
    const caller = await callerFor(t.db, player);
    await expect(caller.cart.checkout({ items, promoCode: "GUESS21" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect((await caller.cart.checkout({ items })).totalAmount).toBe("1.00"); // without a code, not limited
  });

  it("checks admin input: bounds, duplicates, and only admins", async () => {
    const c = await createContest(t.db);
    const player = await createUser(t.db);
    const bad = async (body: unknown, status = 400) => {
      const res = await rest(t.db, "POST", "/api/admin/promo-codes", { user: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return res.body.message as string;
    };
    expect(await bad({ code: "X1", kind: "percent", percentOff: 10 })).toMatch(/at least 3 characters/);
    expect(await bad({ code: "PCT91", kind: "percent", percentOff: 91 })).toMatch(/at most 90/);
    expect(await bad({ code: "FIX", kind: "fixed", percentOff: 5 })).toMatch(/fixed code needs an amount/);
    expect(await bad({ code: "WIN", kind: "percent", percentOff: 5, startsAt: "2026-02-01", endsAt: "2026-01-01" })).toMatch(
      /after start/,
    );
    await newCode({ code: "ONCEONLY", kind: "percent", percentOff: 5 });
    expect(await bad({ code: "onceonly", kind: "percent", percentOff: 5 }, 409)).toBe("Promo code ONCEONLY already exists");
    const six = Array.from({ length: 6 }, (_, i) => ({ quantity: i + 2, percentOff: i + 1 }));
    const tiers = await rest(t.db, "PUT", `/api/admin/contests/${c.id}/bundle-tiers`, { user: admin, body: { tiers: six } });
    expect(tiers.status).toBe(400);
    expect(tiers.body.message).toMatch(/At most 5 bundle tiers/);
    const denied = await rest(t.db, "POST", "/api/admin/promo-codes", {
      user: player,
      body: { code: "MINE", kind: "percent", percentOff: 90 },
    });
    expect(denied.status).toBe(403);
    expect(await t.db.promoCode.count({ where: { code: "MINE" } })).toBe(0);
  });
});
