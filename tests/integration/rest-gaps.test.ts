/**
 * What a black-box REST client found missing, each through REST (every answer is also checked against
 * the OpenAPI document by tests/helpers/fixtures.ts `rest`):
 * - `POST /api/cart/add` applies a promo code exactly like `cart.checkout` (it was silently dropped);
 * - `GET /api/user/prizes` carries each prize's delivery `trail` (the schema listed it, the row cut it);
 * - the online (and postal) free entry answers the `instantWins` it booked;
 * - `POST /api/admin/contests` takes `maxTicketsPerUser` (it was dropped, so no cap was ever set).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

describe(`REST answers what it documents and applies what it is sent (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await t.close();
  });

  it("POST /api/cart/add applies a promo code like a checkout; a code that does not fit is refused and nothing is bought", async () => {
    const c = await createContest(t.db, { ticketPrice: "3.00" });
    const made = await rest(t.db, "POST", "/api/admin/promo-codes", {
      user: admin,
      body: { code: "ADD20", kind: "percent", percentOff: 20, maxUsesPerPlayer: 1 },
    });
    expect(made.status).toBe(201);
    const player = await createUser(t.db, { balance: "20" });
    const add = (body: Record<string, unknown>) => rest(t.db, "POST", "/api/cart/add", { user: player, body });

    const res = await add({ contestId: c.id, quantity: 2, promoCode: "add20" });
    expect(res.status).toBe(200);
    expect(res.body.totalAmount).toBe("4.80");
    expect(res.body.pricing).toMatchObject({ subtotal: "6.00", promoSaving: "1.20", promoCode: "ADD20" });
    expect(res.body.balance).toBe("15.20");
    expect((await t.db.promoCode.findUniqueOrThrow({ where: { code: "ADD20" } })).usedCount).toBe(1);

    // Used up for this player, unknown, or malformed: refused, never bought at full price instead.
    const used = await add({ contestId: c.id, quantity: 1, promoCode: "ADD20" });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe("You have already used this promo code as many times as allowed");
    const unknown = await add({ contestId: c.id, quantity: 1, promoCode: "NOPE123" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("This promo code does not exist");
    const bad = await add({ contestId: c.id, quantity: 1, promoCode: "no spaces" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Promo code may contain only letters, digits, - and _/);
    expect(await t.db.ticketEntry.count({ where: { userId: player.id } })).toBe(1);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toFixed(2)).toBe("15.20");
    // Without a code the line is bought at its price, as before.
    expect((await add({ contestId: c.id, quantity: 1 })).body.totalAmount).toBe("3.00");
  });

  it("the online free entry answers the instant prize it booked; GET /api/user/prizes carries the prize's trail", async () => {
    const c = await createContest(t.db, { title: "One Ticket Bike", maxTickets: 1, ticketPrice: "5.00" });
    await (await callerFor(t.db, admin)).instantWins.set({
      contestId: c.id,
      prizes: [{ kind: "physical", label: "Helmet", amount: "40.00" }],
    });
    const player = await createUser(t.db);
    const entry = await rest(t.db, "POST", `/api/contests/${c.id}/free-entry`, { user: player, body: {} });
    expect(entry.status).toBe(201);
    expect(entry.body.entry).toMatchObject({ contestId: c.id, firstTicket: 1, totalAmount: "0.00" });
    expect(entry.body.instantWins).toHaveLength(1);
    expect(entry.body.instantWins[0]).toMatchObject({ contestId: c.id, kind: "physical", label: "Helmet", ticket: 1 });

    // The one ticket also sold the contest out: the draw's prize is there too, each with its trail.
    const prizes = await rest(t.db, "GET", "/api/user/prizes", { user: player });
    expect(prizes.status).toBe(200);
    const instant = prizes.body.find((p: { instant: boolean }) => p.instant);
    expect(instant).toMatchObject({ contestId: c.id, prizeTitle: "Helmet", status: "unclaimed" });
    for (const prize of prizes.body) {
      expect(prize.trail.length).toBeGreaterThan(0);
      expect(prize.trail[0]).toMatchObject({ kind: expect.any(String), at: expect.any(String) });
    }
  });

  it("the postal free entry answers its instant wins too (empty when none)", async () => {
    const c = await createContest(t.db, { title: "Postal Prize", maxTickets: 10 });
    const player = await createUser(t.db);
    const res = await rest(t.db, "POST", `/api/admin/contests/${c.id}/free-entries`, {
      user: admin,
      body: { userId: player.id, quantity: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.body.instantWins).toEqual([]);
  });

  it("POST /api/admin/contests takes maxTicketsPerUser: the cap holds at checkout, within maxTickets, frozen once sold", async () => {
    const base = { title: "Capped", description: "d", ticketPrice: 1, category: "cash", maxTickets: 10 };
    const tooBig = await rest(t.db, "POST", "/api/admin/contests", { user: admin, body: { ...base, maxTicketsPerUser: 11 } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe("Max tickets per player must be at most the max tickets (10)");
    const notInt = await rest(t.db, "POST", "/api/admin/contests", { user: admin, body: { ...base, maxTicketsPerUser: 1.5 } });
    expect(notInt.status).toBe(400);
    expect(notInt.body.message).toMatch(/Max tickets per player must be a whole number/);

    const made = await rest(t.db, "POST", "/api/admin/contests", { user: admin, body: { ...base, maxTicketsPerUser: 2 } });
    expect(made.status).toBe(201);
    const id = made.body.contest.id as string;
    expect(made.body.contest.maxTicketsPerUser).toBe(2);
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: "contest.create", targetId: id } });
    expect(audit.after).toMatchObject({ maxTicketsPerUser: 2 });

    const player = await createUser(t.db, { balance: "10" });
    expect((await rest(t.db, "POST", "/api/cart/add", { user: player, body: { contestId: id, quantity: 2 } })).status).toBe(200);
    const third = await rest(t.db, "POST", "/api/cart/add", { user: player, body: { contestId: id, quantity: 1 } });
    expect(third.status).toBe(409);
    expect(third.body.message).toContain("Ticket limit reached: at most 2 tickets per player");

    // Sold: the cap is a term players bought on; absent keeps it (the admin form does not send it).
    const edit = (data: Record<string, unknown>) =>
      rest(t.db, "PUT", `/api/admin/contests/${id}`, { user: admin, body: { ...base, ...data } });
    const frozen = await edit({ maxTicketsPerUser: 5 });
    expect(frozen.status).toBe(409);
    expect(frozen.body.message).toContain("max tickets per player");
    expect((await edit({ title: "Capped (renamed)" })).status).toBe(200);
    expect((await t.db.contest.findUniqueOrThrow({ where: { id } })).maxTicketsPerUser).toBe(2);
  });
});
