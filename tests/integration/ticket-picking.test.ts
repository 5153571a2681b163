/**
 * Pick your numbers and lucky dip (docs/contests.md): the grid, holds, atomic checkout with a 409
 * naming numbers taken meanwhile, races (run on PostgreSQL too), the draw of a pick contest.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contest, User } from "../../src/generated/prisma/client";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { luckyNumbers } from "../../src/server/services/tickets";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

describe(`pick your numbers (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "admin" });
  });
  afterAll(() => t.close());

  const pickContest = (data: Partial<Parameters<typeof createContest>[1]> = {}) =>
    createContest(t.db, { title: "Pick Prize", pickNumbers: true, maxTickets: 500, ticketPrice: "2", ...data });
  const player = (balance = "100") => createUser(t.db, { balance });
  const add = (user: User, c: Contest, body: Record<string, unknown>) =>
    rest(t.db, "POST", "/api/cart/add", { body: { contestId: c.id, ...body }, user });
  const hold = (user: User, c: Contest, ticketNumbers: number[]) =>
    rest(t.db, "POST", "/api/cart/hold", { body: { contestId: c.id, ticketNumbers }, user });
  const numbersOf = async (user: User, c: Contest) =>
    (await t.db.ticketEntry.findMany({ where: { contestId: c.id, userId: user.id }, orderBy: { firstTicket: "asc" } })).map(
      (e) => e.firstTicket,
    );

  it("buys picked numbers, each its own $-priced entry, shown in purchases; the grid greys them out", async () => {
    const c = await pickContest();
    const p = await player("10");
    const bought = await add(p, c, { ticketNumbers: [437, 7] });
    expect(bought.status).toBe(200);
    expect(bought.body.entries.map((e: { firstTicket: number }) => e.firstTicket).sort()).toEqual([437, 7].sort());
    expect(bought.body.totalAmount).toBe("4.00");
    expect(await numbersOf(p, c)).toEqual([7, 437]);
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.soldTickets).toBe(2);
    const purchases = await rest(t.db, "GET", "/api/user/purchases", { user: p });
    expect(purchases.body.map((e: { firstTicket: number }) => e.firstTicket).sort((a: number, b: number) => a - b)).toEqual([
      7, 437,
    ]);

    const page = await rest(t.db, "GET", `/api/contests/${c.id}/numbers?search=437`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 5, pages: 5, pageSize: 100, first: 401, last: 500, taken: [437], held: [] });
    const first = await rest(t.db, "GET", `/api/contests/${c.id}/numbers`);
    expect(first.body).toMatchObject({ page: 1, first: 1, last: 100, taken: [7] });
    expect((await rest(t.db, "GET", `/api/contests/${c.id}/numbers?search=501`)).status).toBe(400);

    // A cart line of picked numbers and one without numbers (the cart's lucky dip) for one contest: one purchase.
    const mixed = await (await callerFor(t.db, p)).cart.checkout({
      items: [
        { contestId: c.id, quantity: 1, ticketNumbers: [20] },
        { contestId: c.id, quantity: 2 },
      ],
    });
    expect(mixed.entries).toHaveLength(3);
    expect(mixed.entries.map((e) => e.firstTicket)).toContain(20);
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: c.id } })).soldTickets).toBe(5);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it("refuses bad picks with a 400 that names the problem and changes nothing", async () => {
    const c = await pickContest({ maxTickets: 50 });
    const plain = await createContest(t.db, { title: "Plain Prize", maxTickets: 50 });
    const big = await pickContest({ maxTickets: 1000 });
    const p = await player();
    const cases: [Contest, Record<string, unknown>, string][] = [
      [c, { ticketNumbers: [51] }, "from 1 to 50: #51"],
      [c, { ticketNumbers: [3, 3] }, "#3 more than once"],
      [c, { ticketNumbers: [1, 2], quantity: 3 }, "quantity must equal"],
      [c, { ticketNumbers: [] }, "at least one"],
      [c, { ticketNumbers: Array.from({ length: 101 }, (_, i) => i + 1) }, "at most 100"],
      [c, { ticketNumbers: [1.5] }, "whole numbers"],
      [plain, { ticketNumbers: [1] }, "does not let players pick"],
      [big, { quantity: 101 }, "At most 100 tickets per order line"],
    ];
    for (const [contest, body, message] of cases) {
      const res = await add(p, contest, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    // Two cart lines of one contest are one line: the same number twice is refused.
    const caller = await callerFor(t.db, p);
    const line = { contestId: c.id, quantity: 1, ticketNumbers: [4] };
    await expect(caller.cart.checkout({ items: [line, line] })).rejects.toThrow("#4 more than once");
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: c.id } })).soldTickets).toBe(0);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: p.id } })).balance.toString()).toBe("100");
  });

  it("a held number cannot be held or bought by someone else; its holder buys it; holds expire", async () => {
    const c = await pickContest();
    const [alice, bob] = [await player(), await player()];
    const held = await hold(alice, c, [10, 11]);
    expect(held.status).toBe(200);
    expect(held.body.ticketNumbers).toEqual([10, 11]);

    const bobHold = await hold(bob, c, [11, 12]);
    expect(bobHold.status).toBe(409);
    expect(bobHold.body.message).toContain("#11");
    expect(await t.db.ticketHold.count({ where: { contestId: c.id, userId: bob.id } })).toBe(0); // all or none

    const bobBuy = await add(bob, c, { ticketNumbers: [10] });
    expect(bobBuy.status).toBe(409);
    expect(bobBuy.body.message).toContain("#10");
    // Bob's lucky dip never lands on Alice's held numbers.
    const grid = await rest(t.db, "GET", `/api/contests/${c.id}/numbers`, { user: bob });
    expect(grid.body.taken).toEqual([10, 11]);
    const mine = await rest(t.db, "GET", `/api/contests/${c.id}/numbers`, { user: alice });
    expect(mine.body).toMatchObject({ taken: [], held: [10, 11] });

    expect((await add(alice, c, { ticketNumbers: [10, 11] })).status).toBe(200);
    expect(await t.db.ticketHold.count({ where: { contestId: c.id } })).toBe(0); // released by the purchase

    // An expired hold no longer protects the number.
    expect((await hold(alice, c, [20])).status).toBe(200);
    await t.db.ticketHold.updateMany({ where: { contestId: c.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await hold(bob, c, [20])).status).toBe(200);
    expect((await add(bob, c, { ticketNumbers: [20] })).status).toBe(200);
    expect(await numbersOf(bob, c)).toEqual([20]);
  });

  it("lucky dip: POST /api/cart/lucky-dip holds free numbers; /api/cart/add without numbers dips at checkout", async () => {
    const c = await pickContest({ maxTickets: 12 });
    const [alice, bob] = [await player(), await player()];
    expect((await add(alice, c, { ticketNumbers: [1, 2, 3] })).status).toBe(200);
    const dip = await rest(t.db, "POST", "/api/cart/lucky-dip", { body: { contestId: c.id, quantity: 4 }, user: bob });
    expect(dip.status).toBe(200);
    const dipped: number[] = dip.body.ticketNumbers;
    expect(dipped).toHaveLength(4);
    expect(new Set(dipped).size).toBe(4);
    for (const n of dipped) expect(n >= 4 && n <= 12).toBe(true);

    // Unchanged REST body (no numbers): the server chooses, never Bob's held ones or sold ones.
    const rest5 = await add(alice, c, { quantity: 5 });
    expect(rest5.status).toBe(200);
    const alices = await numbersOf(alice, c);
    expect(alices).toHaveLength(8);
    for (const n of dipped) expect(alices).not.toContain(n);
    // Only Bob's 4 held numbers are left, so another dip has none free.
    const none = await add(alice, c, { quantity: 1 });
    expect(none.status).toBe(409);
    expect(none.body.message).toContain("Not enough free numbers");
    expect((await add(bob, c, { ticketNumbers: dipped })).status).toBe(200);
    // Sold out: drawn, and the winning ticket is one of the sold numbers, held by its winner.
    const ended = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(ended.status).toBe("ended");
    expect(ended.winningTicket).not.toBeNull();
    const holder = await t.db.ticketEntry.findFirstOrThrow({ where: { contestId: c.id, firstTicket: ended.winningTicket ?? 0 } });
    expect(holder.userId).toBe(ended.winnerId);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it("lucky dip is uniform over the free numbers, not biased to the lowest", async () => {
    // 300 single dips on an empty 1..1000 contest: a uniform choice averages about 500 (standard
    // error about 17). Taking the first of a sorted candidate list averages about 50.
    const c = await pickContest({ maxTickets: 1000 });
    const p = await player();
    const picks: number[] = [];
    for (let i = 0; i < 300; i++) {
      const [n] = await t.db.$transaction((tx) => luckyNumbers(tx, c.id, p.id, 1000, 1));
      picks.push(n as number);
    }
    const mean = picks.reduce((a, b) => a + b, 0) / picks.length;
    expect(mean).toBeGreaterThan(400);
    expect(mean).toBeLessThan(600);
    expect(picks.filter((n) => n > 500).length).toBeGreaterThan(100);
  });

  it("race: two buyers pick the same number at once, one wins and the other gets a 409 naming it", async () => {
    const c = await pickContest();
    const buyers = await Promise.all([player(), player(), player(), player()]);
    const answers = await Promise.all(buyers.map((b) => add(b, c, { ticketNumbers: [77, 200 + buyers.indexOf(b)] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.message).toContain("#77");
    expect(await t.db.ticketEntry.count({ where: { contestId: c.id } })).toBe(2);
    const holds = await Promise.all(buyers.map((b) => hold(b, c, [88])));
    expect(holds.map((h) => h.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it("the admin switches picking on before the first sale only, and only with a ticket maximum", async () => {
    const base = { title: "Admin Pick", description: "d", ticketPrice: "1", category: "cash" };
    const noMax = await rest(t.db, "POST", "/api/admin/contests", { body: { ...base, pickNumbers: true }, user: admin });
    expect(noMax.status).toBe(400);
    expect(noMax.body.message).toContain("needs a ticket maximum");
    const made = await rest(t.db, "POST", "/api/admin/contests", {
      body: { ...base, maxTickets: 100, pickNumbers: true, onlineFreeEntry: false },
      user: admin,
    });
    expect(made.status).toBe(201);
    expect(made.body.contest).toMatchObject({ pickNumbers: true, onlineFreeEntry: false });
    const c = await t.db.contest.findUniqueOrThrow({ where: { id: made.body.contest.id } });
    expect((await add(await player(), c, { ticketNumbers: [5] })).status).toBe(200);
    const off = await rest(t.db, "PUT", `/api/admin/contests/${c.id}`, {
      body: { ...base, maxTickets: 100, pickNumbers: false },
      user: admin,
    });
    expect(off.status).toBe(409);
    expect(off.body.message).toContain("pick your numbers can no longer");
  });
});
