import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { checkout, listPurchases } from "../../src/server/services/checkout";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

const DAY = 24 * 3600 * 1000;

async function balanceOf(t: TestDb, user: User): Promise<string> {
  return (await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).balance.toFixed(3);
}

async function ledgerSum(t: TestDb, user: User): Promise<string> {
  const agg = await t.db.ledgerEntry.aggregate({ where: { userId: user.id }, _sum: { amount: true } });
  return (agg._sum.amount ?? 0).toFixed(3);
}

describe(`checkout service (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it("buys the whole cart: consecutive ticket numbers per line, prices from the database, one ledger row per line", async () => {
    const user = await createUser(t.db, { balance: "20" });
    const a = await createContest(t.db, { ticketPrice: "1.79", maxTickets: 100 });
    const b = await createContest(t.db, { ticketPrice: "2.50" });
    await checkout(t.db, (await createUser(t.db, { balance: "10" })).id, [{ contestId: a.id, quantity: 2 }]);

    const res = await checkout(t.db, user.id, [
      { contestId: a.id, quantity: 3 },
      { contestId: b.id, quantity: 2 },
      { contestId: a.id, quantity: 1 }, // same contest twice: merged into one line
    ]);
    expect(res.message).toBe("All tickets have been purchased and added to your account");
    expect(res.totalAmount).toBe("12.16"); // 4 × 1.79 + 2 × 2.50
    expect(res.balance).toBe("7.84");
    const lineA = res.entries.find((e) => e.contestId === a.id)!;
    expect([lineA.firstTicket, lineA.lastTicket, lineA.ticketCount]).toEqual([3, 6, 4]);
    const lineB = res.entries.find((e) => e.contestId === b.id)!;
    expect([lineB.firstTicket, lineB.lastTicket]).toEqual([1, 2]);
    expect(lineB.totalAmount).toBe("5.00");

    expect((await t.db.contest.findUniqueOrThrow({ where: { id: a.id } })).soldTickets).toBe(6);
    expect(await balanceOf(t, user)).toBe("7.840");
    expect(await ledgerSum(t, user)).toBe("7.840");
    const ledger = await t.db.ledgerEntry.findMany({ where: { userId: user.id, kind: "purchase" } });
    expect(ledger.map((l) => l.reference).sort()).toEqual(res.entries.map((e) => e.entryId).sort());
  });

  it("rejects an empty cart with 'Your cart is empty'", async () => {
    const user = await createUser(t.db, { balance: "5" });
    await expect(checkout(t.db, user.id, [])).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Your cart is empty" });
  });

  it("buys nothing when one line fails (insufficient balance) and says 'Insufficient Balance'", async () => {
    const user = await createUser(t.db, { balance: "3" });
    const a = await createContest(t.db, { ticketPrice: "1.00", maxTickets: 10 });
    const b = await createContest(t.db, { ticketPrice: "5.00" });
    await expect(
      checkout(t.db, user.id, [
        { contestId: a.id, quantity: 2 },
        { contestId: b.id, quantity: 1 },
      ]),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "Insufficient Balance" });
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: a.id } })).soldTickets).toBe(0);
    expect(await t.db.ticketEntry.count({ where: { userId: user.id } })).toBe(0);
    expect(await balanceOf(t, user)).toBe("3.000");
  });

  it("names the reason: not found, ended (status or end date), sold out, only N left", async () => {
    const user = await createUser(t.db, { balance: "100" });
    const ok = await createContest(t.db, { ticketPrice: "1.00" });
    await expect(checkout(t.db, user.id, [{ contestId: "nope", quantity: 1 }])).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Contest not found",
    });
    const ended = await createContest(t.db, { title: "Old Draw", status: "ended" });
    await expect(checkout(t.db, user.id, [{ contestId: ended.id, quantity: 1 }])).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Contest has ended: Old Draw",
    });
    const expired = await createContest(t.db, { title: "Past Date", endDate: new Date(Date.now() - DAY) });
    await expect(checkout(t.db, user.id, [{ contestId: expired.id, quantity: 1 }])).rejects.toMatchObject({
      message: "Contest has ended: Past Date",
    });
    const small = await createContest(t.db, { title: "Tiny", maxTickets: 3, soldTickets: 1 });
    await expect(checkout(t.db, user.id, [{ contestId: small.id, quantity: 3 }])).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Sold out: only 2 tickets left for Tiny",
    });
    const full = await createContest(t.db, { title: "Full", maxTickets: 3, soldTickets: 3 });
    await expect(
      checkout(t.db, user.id, [
        { contestId: ok.id, quantity: 1 },
        { contestId: full.id, quantity: 1 },
      ]),
    ).rejects.toMatchObject({ message: "Sold out: Full" });
    // nothing of the failed cart was bought
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: ok.id } })).soldTickets).toBe(0);
    expect(await balanceOf(t, user)).toBe("100.000");
  });

  it("enforces the per-player cap across purchases", async () => {
    const user = await createUser(t.db, { balance: "100" });
    const c = await createContest(t.db, { title: "Capped", ticketPrice: "1.00", maxTicketsPerUser: 5 });
    await checkout(t.db, user.id, [{ contestId: c.id, quantity: 4 }]);
    await expect(checkout(t.db, user.id, [{ contestId: c.id, quantity: 2 }])).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Ticket limit reached: at most 5 tickets per player for Capped (you can buy 1 more)",
    });
    const other = await createUser(t.db, { balance: "100" });
    await checkout(t.db, other.id, [{ contestId: c.id, quantity: 5 }]);
    const last = await checkout(t.db, user.id, [{ contestId: c.id, quantity: 1 }]);
    expect(last.entries[0]!.firstTicket).toBe(10);
  });

  it("lists purchases with the product's fields, ticket numbers and the winner once ended", async () => {
    const user = await createUser(t.db, { balance: "100" });
    const c = await createContest(t.db, { title: "Listed", imageUrl: "/x.svg", endDate: new Date(Date.now() + 3 * DAY) });
    const bought = await checkout(t.db, user.id, [{ contestId: c.id, quantity: 2 }]);
    let list = await listPurchases(t.db, user.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      entryId: bought.entries[0]!.entryId,
      contestTitle: "Listed",
      contestImage: "/x.svg",
      ticketCount: 2,
      totalAmount: "3.00",
      contestStatus: "active",
      result: null,
      firstTicket: 1,
      lastTicket: 2,
    });
    expect(list[0]!.entryDate).toBeInstanceOf(Date);
    expect(list[0]!.contestEndDate).toBeInstanceOf(Date);
    await t.db.contest.update({ where: { id: c.id }, data: { status: "ended", winnerId: user.id, winningTicket: 2 } });
    list = await listPurchases(t.db, user.id);
    expect(list[0]).toMatchObject({ contestStatus: "ended", result: user.id, winningTicket: 2 });
  });
});

describe(`cart router and REST (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it("cart.checkout through tRPC: success, then 'Insufficient Balance', then 'Your cart is empty'", async () => {
    const user = await createUser(t.db, { balance: "4" });
    const c = await createContest(t.db, { ticketPrice: "1.50" });
    const caller = await callerFor(t.db, user);
    const ok = await caller.cart.checkout({ items: [{ contestId: c.id, quantity: 2 }] });
    expect(ok.balance).toBe("1.00");
    await expect(caller.cart.checkout({ items: [{ contestId: c.id, quantity: 1 }] })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Insufficient Balance",
    });
    await expect(caller.cart.checkout({ items: [] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Your cart is empty",
    });
    await expect(caller.cart.checkout({ items: [{ contestId: c.id, quantity: 0 }] })).rejects.toThrow(
      /Quantity must be at least 1/,
    );
    const anon = await callerFor(t.db);
    await expect(anon.cart.checkout({ items: [{ contestId: c.id, quantity: 1 }] })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("POST /api/cart/add buys one line and answers the entry with ticket numbers", async () => {
    const user = await createUser(t.db, { balance: "10" });
    const c = await createContest(t.db, { ticketPrice: "1.79", maxTickets: 10 });
    const res = await rest(t.db, "POST", "/api/cart/add", { user, body: { contestId: c.id, quantity: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.entries[0]).toMatchObject({
      contestId: c.id,
      ticketCount: 3,
      firstTicket: 1,
      lastTicket: 3,
      totalAmount: "5.37",
    });
    expect(res.body.balance).toBe("4.63");
    // quantity defaults to 1
    const one = await rest(t.db, "POST", "/api/cart/add", { user, body: { contestId: c.id } });
    expect(one.body.entries[0]).toMatchObject({ firstTicket: 4, lastTicket: 4 });
  });

  it("POST /api/cart/add answers 4xx naming every reason", async () => {
    const user = await createUser(t.db, { balance: "2" });
    const cheap = await createContest(t.db, { ticketPrice: "1.00", maxTickets: 2, soldTickets: 1, title: "Almost" });
    const cases: [unknown, number, string][] = [
      [{ quantity: 1 }, 400, "Contest ID required"],
      [{ contestId: "", quantity: 1 }, 400, "Contest ID required"],
      [{ contestId: cheap.id, quantity: 0 }, 400, "Quantity must be at least 1"],
      [{ contestId: cheap.id, quantity: 1.5 }, 400, "Quantity must be a whole number"],
      [{ contestId: "missing", quantity: 1 }, 404, "Contest not found"],
      [{ contestId: cheap.id, quantity: 2 }, 409, "Sold out: only 1 ticket left for Almost"],
      [
        { contestId: (await createContest(t.db, { status: "ended", title: "Done" })).id, quantity: 1 },
        409,
        "Contest has ended: Done",
      ],
      [{ contestId: (await createContest(t.db, { ticketPrice: "3.00" })).id, quantity: 1 }, 409, "Insufficient Balance"],
    ];
    for (const [body, status, message] of cases) {
      const res = await rest(t.db, "POST", "/api/cart/add", { user, body });
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
    }
    await rest(t.db, "POST", "/api/cart/add", { user, body: { contestId: cheap.id, quantity: 1 } });
    const soldOut = await rest(t.db, "POST", "/api/cart/add", { user, body: { contestId: cheap.id, quantity: 1 } });
    expect(soldOut).toMatchObject({ status: 409, body: { message: "Sold out: Almost" } });
    const anon = await rest(t.db, "POST", "/api/cart/add", { body: { contestId: cheap.id, quantity: 1 } });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toContain("Unauthorized");
  });

  it("GET /api/user/purchases answers a bare array of entries with the product's fields and ticket numbers", async () => {
    const user = await createUser(t.db, { balance: "10" });
    const c = await createContest(t.db, { ticketPrice: "1.00", title: "Mine" });
    await rest(t.db, "POST", "/api/cart/add", { user, body: { contestId: c.id, quantity: 2 } });
    const res = await rest(t.db, "GET", "/api/user/purchases", { user });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const field of [
      "entryId",
      "contestTitle",
      "contestImage",
      "ticketCount",
      "totalAmount",
      "entryDate",
      "contestStatus",
      "contestEndDate",
      "result",
      "firstTicket",
      "lastTicket",
    ]) {
      expect(res.body[0]).toHaveProperty(field);
    }
    expect(res.body[0]).toMatchObject({
      contestTitle: "Mine",
      ticketCount: 2,
      totalAmount: "2.00",
      firstTicket: 1,
      lastTicket: 2,
    });
    const anon = await rest(t.db, "GET", "/api/user/purchases");
    expect(anon.status).toBe(401);
  });
});
