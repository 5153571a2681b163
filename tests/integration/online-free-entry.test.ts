/**
 * The online free entry route (docs/fair-play.md): one free ticket per account per contest per
 * FREE_ENTRY_PERIOD_HOURS, behind the skill question, $0 ledger row, counted in the caps, closable by
 * the admin; two claims at once give one entry (run on PostgreSQL too).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

const question = { text: "Which planet is known as the Red Planet?", options: ["Venus", "Mars", "Jupiter"], correctIndex: 1 };

describe(`online free entry (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.FREE_ENTRY_PERIOD_HOURS;
  });

  const enter = (user: User | null, contestId: string, body: Record<string, unknown> = {}) =>
    rest(t.db, "POST", `/api/contests/${contestId}/free-entry`, { body, user });

  it("gives one $0 ticket with a zero ledger row, shown in purchases; once per period", async () => {
    const c = await createContest(t.db, { title: "Free Car", maxTickets: 10, ticketPrice: "5" });
    const p = await createUser(t.db);
    expect((await enter(null, c.id)).status).toBe(401);
    const first = await enter(p, c.id);
    expect(first.status).toBe(201);
    expect(first.body.entry).toMatchObject({ contestId: c.id, ticketCount: 1, firstTicket: 1, totalAmount: "0.00" });
    const ledger = await t.db.ledgerEntry.findMany({ where: { userId: p.id, kind: "purchase" } });
    expect(ledger.map((l) => l.amount.toString())).toEqual(["0"]);
    const purchases = await rest(t.db, "GET", "/api/user/purchases", { user: p });
    // Online, not by post: My Purchases names the route it came by.
    expect(purchases.body[0]).toMatchObject({ contestId: c.id, freeEntry: true, onlineFreeEntry: true, totalAmount: "0.00" });

    // The page knows before the click when the next one opens (24 h after this one).
    const caller = await callerFor(t.db, p);
    const { nextAt } = await caller.picking.freeEntryStatus({ id: c.id });
    const made = (await t.db.onlineFreeEntry.findFirstOrThrow({ where: { userId: p.id } })).createdAt;
    expect(nextAt?.getTime()).toBe(made.getTime() + 24 * 3_600_000);
    expect((await (await callerFor(t.db, await createUser(t.db))).picking.freeEntryStatus({ id: c.id })).nextAt).toBeNull();

    const again = await enter(p, c.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('You have had your online free entry to "Free Car"');
    // A readable time with its zone, not "2026-11-29 14:46 UTC".
    expect(again.body.message).toMatch(/the next one is possible from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC$/);
    // After the period (1 hour here) the next one is possible.
    process.env.FREE_ENTRY_PERIOD_HOURS = "1";
    await t.db.onlineFreeEntry.updateMany({ where: { userId: p.id }, data: { createdAt: new Date(Date.now() - 3_700_000) } });
    expect((await enter(p, c.id)).status).toBe(201);
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: c.id } })).soldTickets).toBe(2);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it("is behind the skill question, counted in the caps, and closed when the admin turns it off", async () => {
    const quiz = await createContest(t.db, { title: "Quiz Prize", skillQuestion: question, maxTickets: 5, maxTicketsPerUser: 1 });
    const p = await createUser(t.db, { balance: "10" });
    const missing = await enter(p, quiz.id);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("Please answer the skill question");
    expect((await enter(p, quiz.id, { answerIndex: 1 })).status).toBe(201);
    // The per-player cap (1) counts the free ticket: a paid one is now refused.
    const paid = await rest(t.db, "POST", "/api/cart/add", { body: { contestId: quiz.id, answerIndex: 1 }, user: p });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toContain("Ticket limit reached");

    const closed = await createContest(t.db, { title: "Postal Only", onlineFreeEntry: false });
    const off = await enter(p, closed.id);
    expect(off.status).toBe(409);
    expect(off.body.message).toContain("the postal route stays open");
    expect(await t.db.ticketEntry.count({ where: { contestId: closed.id } })).toBe(0);
    expect((await enter(p, "no-such-contest")).status).toBe(404);

    // A self-excluded player gets no entries, free ones included.
    const excluded = await createUser(t.db);
    await t.db.user.update({ where: { id: excluded.id }, data: { selfExcludedUntil: new Date(Date.now() + 86_400_000) } });
    const refused = await enter(excluded, quiz.id, { answerIndex: 1 });
    expect(refused.status).toBe(403);
    expect(await t.db.ticketEntry.count({ where: { userId: excluded.id } })).toBe(0);

    const full = await createContest(t.db, { title: "Full", maxTickets: 1, soldTickets: 0 });
    expect((await enter(await createUser(t.db), full.id)).status).toBe(201);
    const late = await enter(await createUser(t.db), full.id);
    expect(late.status).toBe(409);
  });

  it("a pick contest gives the free entry a lucky-dip number among all unsold ones: another player's hold neither blocks nor steers it", async () => {
    const c = await createContest(t.db, { title: "Pick Free", pickNumbers: true, maxTickets: 1 });
    const [alice, bob] = [await createUser(t.db, { balance: "10" }), await createUser(t.db)];
    expect(
      (await rest(t.db, "POST", "/api/cart/hold", { body: { contestId: c.id, ticketNumbers: [1] }, user: alice })).status,
    ).toBe(200);
    // The only number is held: the free entry still takes it (holds reserve a number against picks only).
    const free = await enter(bob, c.id);
    expect(free.status).toBe(201);
    expect(free.body.entry).toMatchObject({ firstTicket: 1, lastTicket: 1 });
    expect(await t.db.ticketHold.count({ where: { contestId: c.id } })).toBe(0);
  });

  it("two claims at once give one entry and one 409; attempts are rate limited", async () => {
    const c = await createContest(t.db, { title: "Racy Free" });
    const p = await createUser(t.db);
    const both = await Promise.all([enter(p, c.id), enter(p, c.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.db.ticketEntry.count({ where: { contestId: c.id } })).toBe(1);
    const spam = await createUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await enter(spam, c.id)).status);
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, 10).every((s) => s === 409)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
