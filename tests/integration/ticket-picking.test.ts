/**
 * Pick your numbers and lucky dip (docs/contests.md): the grid, holds, atomic checkout with a 409
 * naming numbers taken meanwhile, races (run on PostgreSQL too), the draw of a pick contest.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contest, User } from "../../src/generated/prisma/client";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { closeAccount } from "../../src/server/services/accounts";
import { luckyNumbers } from "../../src/server/services/tickets";
import { PICK_LIMITS, PICK_MESSAGES } from "../../src/shared/ticket-picking";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, FIXTURE_PASSWORD, rest, sessionTokenFor } from "../helpers/fixtures";

describe(`pick your numbers (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
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
    // Bob's grid shows them taken; Alice's shows them as hers.
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

  it("lucky dip: POST /api/cart/lucky-dip holds unsold numbers; /api/cart/add without numbers dips at checkout", async () => {
    const c = await pickContest({ maxTickets: 12 });
    const [alice, bob] = [await player(), await player()];
    expect((await add(alice, c, { ticketNumbers: [1, 2, 3] })).status).toBe(200);
    // Bob may hold a quarter of the 9 unsold numbers: 2.
    const dip = await rest(t.db, "POST", "/api/cart/lucky-dip", { body: { contestId: c.id, quantity: 1 }, user: bob });
    expect(dip.status).toBe(200);
    const dipped: number[] = dip.body.ticketNumbers;
    expect(dipped).toHaveLength(1);
    for (const n of dipped) expect(n >= 4 && n <= 12).toBe(true);
    // Another dip of Bob's never lands on his own held numbers.
    const again = await rest(t.db, "POST", "/api/cart/lucky-dip", { body: { contestId: c.id, quantity: 1 }, user: bob });
    expect(again.status).toBe(200);
    expect((await rest(t.db, "POST", "/api/cart/lucky-dip", { body: { contestId: c.id, quantity: 1 }, user: bob })).status).toBe(
      409,
    );
    for (const n of again.body.ticketNumbers) expect(dipped).not.toContain(n);
    await rest(t.db, "POST", "/api/cart/release", {
      body: { contestId: c.id, ticketNumbers: again.body.ticketNumbers },
      user: bob,
    });

    // Unchanged REST body (no numbers): the server chooses among the unsold numbers.
    const rest5 = await add(alice, c, { quantity: 5 });
    expect(rest5.status).toBe(200);
    const alices = await numbersOf(alice, c);
    expect(alices).toHaveLength(8);
    expect(new Set(alices).size).toBe(8);
    // Sold out when every number is sold: a dip asks for more than is left.
    const left = 12 - 8;
    const none = await add(alice, c, { quantity: left + 1 });
    expect(none.status).toBe(409);
    // Bob buys what is still his, then the rest sells: drawn, the winning ticket one of the sold numbers.
    const stillHis = dipped.filter((n) => !alices.includes(n));
    if (stillHis.length) expect((await add(bob, c, { ticketNumbers: stillHis })).status).toBe(200);
    const more = 12 - (await t.db.contest.findUniqueOrThrow({ where: { id: c.id } })).soldTickets;
    if (more > 0) expect((await add(alice, c, { quantity: more })).status).toBe(200);
    const ended = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(ended.status).toBe("ended");
    expect(ended.winningTicket).not.toBeNull();
    const holder = await t.db.ticketEntry.findFirstOrThrow({ where: { contestId: c.id, firstTicket: ended.winningTicket ?? 0 } });
    expect(holder.userId).toBe(ended.winnerId);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it("only a player who may spend what they hold holds: no balance, self-excluded, past a limit, the cap or a quarter of the unsold numbers is refused, nothing held", async () => {
    const c = await pickContest({ maxTickets: 40, ticketPrice: "2" });
    const heldBy = (u: User) => t.db.ticketHold.count({ where: { userId: u.id } });

    const broke = await player("0");
    const noMoney = await hold(broke, c, [1]);
    expect(noMoney).toMatchObject({ status: 409, body: { message: PICK_MESSAGES.holdBalance("$2.00", "$0.00") } });
    const dip = await rest(t.db, "POST", "/api/cart/lucky-dip", { body: { contestId: c.id, quantity: 1 }, user: broke });
    expect(dip.status).toBe(409);
    expect(await heldBy(broke)).toBe(0);

    // The balance covers every contest's holds together.
    const five = await player("5");
    const other = await pickContest({ maxTickets: 40, ticketPrice: "2" });
    expect((await hold(five, c, [1, 2])).status).toBe(200);
    expect(await hold(five, other, [1])).toMatchObject({
      status: 409,
      body: { message: PICK_MESSAGES.holdBalance("$6.00", "$5.00") },
    });
    expect(await heldBy(five)).toBe(2);

    const excluded = await player();
    await t.db.user.update({ where: { id: excluded.id }, data: { selfExcludedUntil: new Date(Date.now() + 86_400_000) } });
    const ex = await hold(excluded, c, [3]);
    expect(ex.status).toBe(403);
    expect(ex.body.message).toContain("self-excluded");

    const limited = await player();
    expect((await rest(t.db, "PUT", "/api/user/limits", { body: { daily: "3" }, user: limited })).status).toBe(200);
    const over = await hold(limited, c, [3, 4]);
    expect(over.status).toBe(403);
    expect(over.body.message).toContain("daily spend limit of $3.00");
    expect((await hold(limited, c, [3])).status).toBe(200);

    const capped = await pickContest({ maxTickets: 40, maxTicketsPerUser: 3 });
    const fan = await player();
    expect((await add(fan, capped, { ticketNumbers: [1, 2] })).status).toBe(200);
    expect(await hold(fan, capped, [3, 4])).toMatchObject({
      status: 409,
      body: { message: PICK_MESSAGES.holdCap("Pick Prize", 3, 1) },
    });
    expect((await hold(fan, capped, [3])).status).toBe(200);

    // A quarter of the unsold numbers: 40 → 10 (a $0 account or not, nobody holds the whole contest).
    const rich = await player("1000");
    const share = await pickContest({ maxTickets: 40 });
    expect(
      await hold(
        rich,
        share,
        Array.from({ length: 11 }, (_, i) => i + 1),
      ),
    ).toMatchObject({
      status: 409,
      body: { message: PICK_MESSAGES.holdShare(10) },
    });
    expect(await heldBy(rich)).toBe(0);
    expect(
      (
        await hold(
          rich,
          share,
          Array.from({ length: 10 }, (_, i) => i + 1),
        )
      ).status,
    ).toBe(200);
  });

  it("a number is held at most holdTotalMinutes without a break: renewals and release-then-hold do not extend it; after as long free of them it can be held again", async () => {
    const c = await pickContest();
    const [alice, bob] = [await player(), await player()];
    const minute = 60_000;
    const total = PICK_LIMITS.holdTotalMinutes * minute;
    expect((await hold(alice, c, [5])).status).toBe(200);
    const row = () => t.db.ticketHold.findUniqueOrThrow({ where: { contestId_number: { contestId: c.id, number: 5 } } });
    const first = await row();
    // A renewal keeps the start: 29 minutes in, it runs one more minute at most.
    await t.db.ticketHold.update({
      where: { contestId_number: { contestId: c.id, number: 5 } },
      data: { createdAt: new Date(Date.now() - total + minute) },
    });
    const renewed = await hold(alice, c, [5]);
    expect(renewed.status).toBe(200);
    const r = await row();
    expect(r.createdAt.getTime()).toBeLessThan(first.createdAt.getTime());
    expect(r.expiresAt.getTime()).toBeLessThanOrEqual(r.createdAt.getTime() + total);
    expect(new Date(renewed.body.expiresAt).getTime()).toBe(r.expiresAt.getTime());
    // Used up: no renewal, and releasing then holding again does not restart the clock.
    await t.db.ticketHold.update({
      where: { contestId_number: { contestId: c.id, number: 5 } },
      data: { createdAt: new Date(Date.now() - total - minute) },
    });
    expect(await hold(alice, c, [5])).toMatchObject({ status: 409, body: { message: PICK_MESSAGES.holdTooLong([5]) } });
    expect(
      (await rest(t.db, "POST", "/api/cart/release", { body: { contestId: c.id, ticketNumbers: [5] }, user: alice })).status,
    ).toBe(200);
    expect((await hold(alice, c, [5])).status).toBe(409);
    // Free of her: anyone else may hold it at once; she may again once it ended holdTotalMinutes ago.
    expect((await hold(bob, c, [5])).status).toBe(200);
    await t.db.ticketHold.update({
      where: { contestId_number: { contestId: c.id, number: 5 } },
      data: {
        userId: alice.id,
        createdAt: new Date(Date.now() - 2 * total - minute),
        expiresAt: new Date(Date.now() - total - 1000),
      },
    });
    expect((await hold(alice, c, [5])).status).toBe(200);
    expect((await row()).createdAt.getTime()).toBeGreaterThan(Date.now() - minute);
  });

  it("holds never block or steer a lucky dip or a free entry: accounts holding all but one number leave dips uniform, postal and online entries go through", async () => {
    const c = await pickContest({ maxTickets: 40, ticketPrice: "1" });
    // Four accounts hold 39 of the 40 numbers (a quarter each at most), leaving #40.
    const holders = await Promise.all([player(), player(), player(), player()]);
    const numbers = Array.from({ length: 39 }, (_, i) => i + 1);
    for (const [i, h] of holders.entries()) expect((await hold(h, c, numbers.slice(i * 10, i * 10 + 10))).status).toBe(200);
    expect(await t.db.ticketHold.count({ where: { contestId: c.id } })).toBe(39);
    // Ten postal free entries (the admin) and one online one: all go through, and they are drawn
    // among all 40 numbers, so (distinct numbers) at least ten of them were held by someone.
    const victim = await player("0");
    for (let i = 0; i < 10; i++) {
      const post = await rest(t.db, "POST", `/api/admin/contests/${c.id}/free-entries`, {
        body: { userId: victim.id },
        user: admin,
      });
      expect(post.status).toBe(201);
    }
    const online = await rest(t.db, "POST", `/api/contests/${c.id}/free-entry`, { body: {}, user: victim });
    expect(online.status).toBe(201);
    const got = await numbersOf(victim, c);
    expect(got).toHaveLength(11);
    expect(got.filter((n) => n !== 40).length).toBeGreaterThanOrEqual(10);
    // A number a dip took is no longer held by anyone; its holder's checkout of it is a 409 naming it.
    expect(await t.db.ticketHold.count({ where: { contestId: c.id, number: { in: got } } })).toBe(0);
    const taken = got.find((n) => n !== 40) as number;
    const loser = holders[Math.floor((taken - 1) / 10)] as User;
    const lost = await add(loser, c, { ticketNumbers: [taken] });
    expect(lost.status).toBe(409);
    expect(lost.body.message).toContain(`#${taken}`);
  });

  it("holds end with their session (logout, closure) and stop counting while their player is self-excluded", async () => {
    const c = await pickContest();
    const [alice, bob] = [await player(), await player()];
    const token = await sessionTokenFor(t.db, alice);
    expect((await rest(t.db, "POST", "/api/cart/hold", { body: { contestId: c.id, ticketNumbers: [1] }, token })).status).toBe(
      200,
    );
    expect((await rest(t.db, "POST", "/api/auth/logout", { token })).status).toBe(200);
    expect(await t.db.ticketHold.count({ where: { userId: alice.id } })).toBe(0);

    expect((await hold(alice, c, [2])).status).toBe(200);
    await closeAccount(t.db, alice.id, FIXTURE_PASSWORD);
    expect(await t.db.ticketHold.count({ where: { userId: alice.id } })).toBe(0);

    expect((await hold(bob, c, [3])).status).toBe(200);
    expect((await rest(t.db, "POST", "/api/user/self-exclusion", { body: { period: "6m" }, user: bob })).status).toBe(200);
    const carol = await player();
    const grid = await rest(t.db, "GET", `/api/contests/${c.id}/numbers`, { user: carol });
    expect(grid.body.taken).not.toContain(3);
    expect((await hold(carol, c, [3])).status).toBe(200);
    expect((await add(carol, c, { ticketNumbers: [3] })).status).toBe(200);
  });

  it("lucky dip is uniform over the free numbers, not biased to the lowest", async () => {
    // 300 single dips on an empty 1..1000 contest: a uniform choice averages about 500 (standard
    // error about 17). Taking the first of a sorted candidate list averages about 50.
    const c = await pickContest({ maxTickets: 1000 });
    const picks: number[] = [];
    for (let i = 0; i < 300; i++) {
      const [n] = await t.db.$transaction((tx) => luckyNumbers(tx, c.id, 1000, 1));
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
