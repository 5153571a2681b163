/**
 * Auto-entry, standing orders (docs/retention.md "Auto-entry"; src/server/services/retention/auto-entry.ts):
 * an order buys through the normal checkout, once per period and contest, within the player's limits
 * and its own cap; it stops (and tells the player) on exclusion, a limit, a short balance; cancel is
 * one step; skill answers are judged at set-up; bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contest, User } from "../../src/generated/prisma/client";
import { AUTO_ENTRY_REASONS, runAutoEntry, runDueAutoEntries } from "../../src/server/services/retention";
import { FAIR_PLAY_MESSAGES } from "../../src/shared/fair-play-messages";
import { AUTO_ENTRY_LIMITS, AUTO_ENTRY_MESSAGES } from "../../src/shared/schemas/auto-entry";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";

const DAY = 86_400_000;
const QUESTION = { text: "How many wheels has a bicycle?", options: ["One", "Two", "Three"], correctIndex: 1 };

describe(`auto-entry (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  const balanceOf = async (u: User) => (await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).balance.toFixed(2);
  const ticketsOf = async (u: User, c?: Contest) =>
    (await t.db.ticketEntry.findMany({ where: { userId: u.id, ...(c ? { contestId: c.id } : {}) } })).reduce(
      (n, e) => n + e.ticketCount,
      0,
    );
  const create = (u: User, body: unknown) => rest(t.db, "POST", "/api/user/auto-entries", { user: u, body });
  const orderOf = (id: string) => t.db.autoEntry.findUniqueOrThrow({ where: { id } });
  /** Runs the order's next period, as the job would once it is due. */
  const nextPeriod = async (id: string) => {
    const o = await orderOf(id);
    return runAutoEntry(t.db, id, new Date(o.nextRunAt.getTime() + 1000));
  };

  it("set-up buys the first round at once through the checkout, like a normal purchase; then once per period", async () => {
    const u = await createUser(t.db, { balance: "20" });
    const c = await createContest(t.db, { ticketPrice: "1.50", title: "Weekly Watch" });
    const res = await create(u, { contestIds: [c.id], ticketsPerPeriod: 2, capUsd: "50" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(AUTO_ENTRY_MESSAGES.created);
    const order = res.body.autoEntry;
    expect(order).toMatchObject({
      status: "active",
      period: "weekly",
      ticketsPerPeriod: 2,
      capUsd: "50.00",
      spentUsd: "3.00",
      contests: [{ id: c.id, title: "Weekly Watch" }],
    });
    expect(order.recentRuns).toMatchObject([{ contestId: c.id, outcome: "bought", tickets: 2, amount: "3.00" }]);
    // The checkout's own effects: balance debited through the ledger, tickets numbered, a purchase row.
    expect(await balanceOf(u)).toBe("17.00");
    expect(await ticketsOf(u, c)).toBe(2);
    expect(await t.db.ledgerEntry.count({ where: { userId: u.id, kind: "purchase" } })).toBe(1);
    const purchases = await rest(t.db, "GET", "/api/user/purchases", { user: u });
    expect(purchases.body).toMatchObject([
      { contestId: c.id, ticketCount: 2, totalAmount: "3.00", firstTicket: 1, lastTicket: 2 },
    ]);
    // The next period is a week on.
    const stored = await orderOf(order.id);
    expect(stored.nextRunAt.getTime() - stored.createdAt.getTime()).toBeGreaterThanOrEqual(7 * DAY - 1000);
    // Not due yet: the job buys nothing.
    await runDueAutoEntries(t.db);
    expect(await ticketsOf(u, c)).toBe(2);
    // The player was told.
    expect(await t.db.notification.count({ where: { userId: u.id, title: "Auto-entry" } })).toBe(1);
    const list = await rest(t.db, "GET", "/api/user/auto-entries", { user: u });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
  });

  it("a period run twice, or twice at once, buys once; the job runs every due order", async () => {
    const u = await createUser(t.db, { balance: "20" });
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const { body } = await create(u, { contestIds: [c.id], ticketsPerPeriod: 3, capUsd: "100" });
    const id = body.autoEntry.id as string;
    const due = new Date((await orderOf(id)).nextRunAt.getTime() + 1000);
    await Promise.all([runAutoEntry(t.db, id, due), runAutoEntry(t.db, id, due), runDueAutoEntries(t.db, due)]);
    await runAutoEntry(t.db, id, due);
    expect(await ticketsOf(u, c)).toBe(6); // set-up's round + one more period
    expect(await balanceOf(u)).toBe("14.00");
    expect(await t.db.autoEntryRun.count({ where: { autoEntryId: id, outcome: "bought" } })).toBe(2);
    expect((await orderOf(id)).spentUsd.toFixed(2)).toBe("6.00");
    // A job that was down for three weeks buys one period, not the missed ones.
    const late = new Date(due.getTime() + 21 * DAY);
    await runDueAutoEntries(t.db, late);
    expect(await ticketsOf(u, c)).toBe(9);
    expect((await orderOf(id)).nextRunAt.getTime()).toBeGreaterThan(late.getTime());
  });

  it("a self-excluded player's order stops, they are told why, and nothing is bought", async () => {
    const u = await createUser(t.db, { balance: "20" });
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const { body } = await create(u, { contestIds: [c.id], ticketsPerPeriod: 1, capUsd: "100" });
    expect((await rest(t.db, "POST", "/api/user/self-exclusion", { user: u, body: { period: "6m" } })).status).toBe(200);
    const summary = await nextPeriod(body.autoEntry.id);
    expect(summary).toMatchObject({ bought: 0, stopped: AUTO_ENTRY_REASONS.self_excluded });
    expect(await orderOf(body.autoEntry.id)).toMatchObject({ status: "stopped", stopReason: AUTO_ENTRY_REASONS.self_excluded });
    expect(await ticketsOf(u, c)).toBe(1);
    expect(await balanceOf(u)).toBe("19.00");
    const told = await t.db.notification.findFirst({ where: { userId: u.id, title: "Auto-entry stopped" } });
    expect(told?.message).toContain(AUTO_ENTRY_REASONS.self_excluded);
    // And by e-mail (a service message: it goes to an excluded player too).
    const mail = await t.db.emailOutbox.findFirst({ where: { userId: u.id, kind: "auto_entry_stopped" } });
    expect(mail?.subject).toContain("Your auto-entry stopped");
    // A stopped order is not run again.
    expect(await nextPeriod(body.autoEntry.id)).toMatchObject({ bought: 0, stopped: null });
    // An excluded player cannot set one up.
    const again = await create(u, { contestIds: [c.id], ticketsPerPeriod: 1, capUsd: "10" });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(AUTO_ENTRY_MESSAGES.blocked);
  });

  it("a spend limit stops the order: nothing is bought past the limit", async () => {
    const u = await createUser(t.db, { balance: "50" });
    const c = await createContest(t.db, { ticketPrice: "2.00" });
    expect((await rest(t.db, "PUT", "/api/user/limits", { user: u, body: { daily: "5" } })).status).toBe(200);
    const { body } = await create(u, { contestIds: [c.id], ticketsPerPeriod: 2, period: "daily", capUsd: "100" });
    expect(await ticketsOf(u, c)).toBe(2); // $4 of the $5 daily limit
    // The next round ($4) would pass the limit if the day had not turned: the checkout refuses, the order stops.
    const o = await orderOf(body.autoEntry.id);
    await t.db.autoEntry.update({ where: { id: o.id }, data: { nextRunAt: new Date(Date.now() - 1000) } });
    const summary = await runAutoEntry(t.db, o.id);
    expect(summary.bought).toBe(0);
    expect(summary.stopped).toMatch(/limit/i);
    expect(await ticketsOf(u, c)).toBe(2);
    expect(await balanceOf(u)).toBe("46.00");
    const stopped = await orderOf(o.id);
    expect(stopped.status).toBe("stopped");
    expect(await t.db.autoEntryRun.findFirst({ where: { autoEntryId: o.id, outcome: "refused" } })).toMatchObject({
      contestId: c.id,
      tickets: 0,
    });
  });

  it("a limit already reached stops the order before any purchase (safer-play's incentiveBlock)", async () => {
    const u = await createUser(t.db, { balance: "50" });
    const c = await createContest(t.db, { ticketPrice: "2.00" });
    expect((await rest(t.db, "PUT", "/api/user/limits", { user: u, body: { weekly: "4" } })).status).toBe(200);
    const { body } = await create(u, { contestIds: [c.id], ticketsPerPeriod: 2, period: "daily", capUsd: "100" });
    expect(await ticketsOf(u, c)).toBe(2); // the whole $4 weekly limit
    const o = await orderOf(body.autoEntry.id);
    await t.db.autoEntry.update({ where: { id: o.id }, data: { nextRunAt: new Date(Date.now() - 1000) } });
    expect(await runAutoEntry(t.db, o.id)).toMatchObject({ bought: 0, stopped: AUTO_ENTRY_REASONS.limit_reached });
    expect(await orderOf(o.id)).toMatchObject({ status: "stopped", stopReason: AUTO_ENTRY_REASONS.limit_reached });
    expect(await t.db.autoEntryRun.count({ where: { autoEntryId: o.id } })).toBe(1);
    expect(await balanceOf(u)).toBe("46.00");
  });

  it("a balance too low stops the order with the reason", async () => {
    const u = await createUser(t.db, { balance: "3" });
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const { body } = await create(u, { contestIds: [c.id], ticketsPerPeriod: 2, capUsd: "100" });
    expect(await balanceOf(u)).toBe("1.00");
    expect(await nextPeriod(body.autoEntry.id)).toMatchObject({ bought: 0, stopped: AUTO_ENTRY_REASONS.balance });
    expect(await orderOf(body.autoEntry.id)).toMatchObject({ status: "stopped", stopReason: AUTO_ENTRY_REASONS.balance });
    expect(await balanceOf(u)).toBe("1.00");
    expect(await ticketsOf(u, c)).toBe(2);
    const list = await rest(t.db, "GET", "/api/user/auto-entries", { user: u });
    expect(list.body[0]).toMatchObject({ status: "stopped", stopReason: AUTO_ENTRY_REASONS.balance, nextRunAt: null });

    // Mid-round: what was bought stays bought, the rest is refused, and the set-up's answer says why.
    const w = await createUser(t.db, { balance: "3" });
    const [a, b] = [await createContest(t.db, { ticketPrice: "1.00" }), await createContest(t.db, { ticketPrice: "1.00" })];
    const both = await create(w, { contestIds: [a.id, b.id], ticketsPerPeriod: 2, capUsd: "100" });
    expect(both.status).toBe(201);
    expect(both.body.message).toBe(AUTO_ENTRY_MESSAGES.stoppedAtOnce(AUTO_ENTRY_REASONS.balance));
    expect(both.body.autoEntry).toMatchObject({ status: "stopped", spentUsd: "2.00" });
    expect((await ticketsOf(w, a)) + (await ticketsOf(w, b))).toBe(2);
    expect(await balanceOf(w)).toBe("1.00");
    expect(await t.db.notification.count({ where: { userId: w.id, title: "Auto-entry" } })).toBe(1);
  });

  it("cancel is one step and stops every later run; only the owner's, only once", async () => {
    const u = await createUser(t.db, { balance: "20" });
    const other = await createUser(t.db);
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const { body } = await create(u, { contestIds: [c.id], ticketsPerPeriod: 1, capUsd: "100" });
    const id = body.autoEntry.id as string;
    expect((await rest(t.db, "POST", `/api/user/auto-entries/${id}/cancel`, { user: other })).status).toBe(404);
    const res = await rest(t.db, "POST", `/api/user/auto-entries/${id}/cancel`, { user: u });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: AUTO_ENTRY_MESSAGES.cancelled,
      autoEntry: { status: "cancelled", nextRunAt: null },
    });
    expect(await nextPeriod(id)).toMatchObject({ bought: 0 });
    await runDueAutoEntries(t.db, new Date(Date.now() + 30 * DAY));
    expect(await ticketsOf(u, c)).toBe(1);
    expect((await rest(t.db, "POST", `/api/user/auto-entries/${id}/cancel`, { user: u })).status).toBe(409);
  });

  it("skill answers are judged at set-up: missing or wrong is refused and nothing is set up; right is used every period", async () => {
    const u = await createUser(t.db, { balance: "20" });
    const c = await createContest(t.db, { ticketPrice: "1.00", title: "Quiz Bike", skillQuestion: QUESTION });
    const missing = await create(u, { contestIds: [c.id], ticketsPerPeriod: 1, capUsd: "10" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(FAIR_PLAY_MESSAGES.answerMissingFor("Quiz Bike"));
    const wrong = await create(u, {
      contestIds: [c.id],
      ticketsPerPeriod: 1,
      capUsd: "10",
      answers: [{ contestId: c.id, answerIndex: 0 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain(FAIR_PLAY_MESSAGES.answerWrongFor("Quiz Bike"));
    expect(await t.db.autoEntry.count({ where: { userId: u.id } })).toBe(0);
    expect(await t.db.skillAnswerAttempt.count({ where: { userId: u.id, contestId: c.id, correct: false } })).toBe(1);
    expect(await balanceOf(u)).toBe("20.00");

    const v = await createUser(t.db, { balance: "20" });
    const right = await create(v, {
      contestIds: [c.id],
      ticketsPerPeriod: 1,
      capUsd: "10",
      answers: [{ contestId: c.id, answerIndex: 1 }],
    });
    expect(right.status).toBe(201);
    await nextPeriod(right.body.autoEntry.id);
    expect(await ticketsOf(v, c)).toBe(2);
  });

  it("a category order enters each open contest of it; one whose question was not answered is skipped and says so", async () => {
    await t.db.contest.updateMany({ where: { category: "watches" }, data: { status: "ended" } });
    const u = await createUser(t.db, { balance: "20" });
    const plain = await createContest(t.db, { ticketPrice: "1.00", category: "watches" });
    const quiz = await createContest(t.db, { ticketPrice: "1.00", category: "watches", skillQuestion: QUESTION });
    const asked = await createContest(t.db, { ticketPrice: "1.00", category: "watches", skillQuestion: QUESTION });
    const other = await createContest(t.db, { ticketPrice: "1.00", category: "cars" });
    const res = await create(u, {
      category: "watches",
      ticketsPerPeriod: 1,
      capUsd: "100",
      answers: [{ contestId: asked.id, answerIndex: 1 }],
    });
    expect(res.status).toBe(201);
    expect(await ticketsOf(u, plain)).toBe(1);
    expect(await ticketsOf(u, asked)).toBe(1);
    expect(await ticketsOf(u, quiz)).toBe(0);
    expect(await ticketsOf(u, other)).toBe(0);
    expect(res.body.autoEntry.recentRuns).toContainEqual(
      expect.objectContaining({ contestId: quiz.id, outcome: "skipped", reason: AUTO_ENTRY_REASONS.unanswered }),
    );
    expect(res.body.autoEntry.status).toBe("active");
    // An answer for a contest outside the category is refused.
    const outside = await create(u, {
      category: "watches",
      ticketsPerPeriod: 1,
      capUsd: "10",
      answers: [{ contestId: other.id, answerIndex: 1 }],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(AUTO_ENTRY_MESSAGES.answerNotInTarget);
  });

  it("caps: the order's spend cap is never passed; a contest's per-player cap skips it; at most 10 active orders", async () => {
    const u = await createUser(t.db, { balance: "100" });
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const { body } = await create(u, { contestIds: [c.id], ticketsPerPeriod: 2, capUsd: "5" });
    const id = body.autoEntry.id as string;
    // A first round that cannot be bought says so in the set-up's answer.
    const tooSmall = await create(u, { contestIds: [c.id], ticketsPerPeriod: 2, capUsd: "1" });
    expect(tooSmall.status).toBe(201);
    expect(tooSmall.body.message).toBe(AUTO_ENTRY_MESSAGES.stoppedAtOnce(AUTO_ENTRY_REASONS.cap("1.00")));
    expect(tooSmall.body.autoEntry).toMatchObject({ status: "stopped", spentUsd: "0.00" });
    expect(await nextPeriod(id)).toMatchObject({ bought: 1 });
    expect(await nextPeriod(id)).toMatchObject({ bought: 0, stopped: AUTO_ENTRY_REASONS.cap("5.00") });
    expect(await ticketsOf(u, c)).toBe(4);
    expect((await orderOf(id)).spentUsd.toFixed(2)).toBe("4.00");

    const capped = await createContest(t.db, { ticketPrice: "1.00", maxTicketsPerUser: 3 });
    const second = await create(u, { contestIds: [capped.id], ticketsPerPeriod: 2, capUsd: "50" });
    const run = await nextPeriod(second.body.autoEntry.id);
    expect(run).toMatchObject({ bought: 0, skipped: 1, stopped: null });
    expect(await ticketsOf(u, capped)).toBe(2);
    expect((await orderOf(second.body.autoEntry.id)).status).toBe("active");

    const many = await createUser(t.db, { balance: "100" });
    const cheap = await createContest(t.db, { ticketPrice: "0.10" });
    for (let i = 0; i < AUTO_ENTRY_LIMITS.activeMax; i++) {
      expect((await create(many, { contestIds: [cheap.id], ticketsPerPeriod: 1, capUsd: "5" })).status).toBe(201);
    }
    const eleventh = await create(many, { contestIds: [cheap.id], ticketsPerPeriod: 1, capUsd: "5" });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe(AUTO_ENTRY_MESSAGES.tooMany);
  });

  it("bad input answers 400 with a clear message and changes nothing", async () => {
    const u = await createUser(t.db, { balance: "20" });
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const ended = await createContest(t.db, { ticketPrice: "1.00", status: "ended", title: "Old Draw" });
    const cases: [unknown, string][] = [
      [{ contestIds: [c.id], ticketsPerPeriod: 0, capUsd: "10" }, AUTO_ENTRY_MESSAGES.tickets],
      [{ contestIds: [c.id], ticketsPerPeriod: 21, capUsd: "10" }, AUTO_ENTRY_MESSAGES.tickets],
      [{ contestIds: [c.id], ticketsPerPeriod: 1.5, capUsd: "10" }, AUTO_ENTRY_MESSAGES.tickets],
      [{ contestIds: [c.id], ticketsPerPeriod: 1, capUsd: "abc" }, AUTO_ENTRY_MESSAGES.cap],
      [{ contestIds: [c.id], ticketsPerPeriod: 1, capUsd: "100000" }, AUTO_ENTRY_MESSAGES.cap],
      [{ contestIds: [c.id], ticketsPerPeriod: 1, capUsd: "10", period: "hourly" }, AUTO_ENTRY_MESSAGES.period],
      [{ ticketsPerPeriod: 1, capUsd: "10" }, AUTO_ENTRY_MESSAGES.target],
      [{ contestIds: [c.id], category: "cars", ticketsPerPeriod: 1, capUsd: "10" }, AUTO_ENTRY_MESSAGES.bothTargets],
      [{ contestIds: [c.id, c.id], ticketsPerPeriod: 1, capUsd: "10" }, AUTO_ENTRY_MESSAGES.duplicateContest],
      [
        { contestIds: Array.from({ length: 11 }, (_, i) => `c${i}`), ticketsPerPeriod: 1, capUsd: "10" },
        AUTO_ENTRY_MESSAGES.contestsMax,
      ],
      [{ contestIds: ["nope"], ticketsPerPeriod: 1, capUsd: "10" }, AUTO_ENTRY_MESSAGES.unknownContest],
      [{ contestIds: [ended.id], ticketsPerPeriod: 1, capUsd: "10" }, AUTO_ENTRY_MESSAGES.notOpen("Old Draw")],
    ];
    for (const [body, message] of cases) {
      const res = await create(u, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(message);
    }
    expect(await t.db.autoEntry.count({ where: { userId: u.id } })).toBe(0);
    expect(await balanceOf(u)).toBe("20.00");
    expect(
      (await rest(t.db, "POST", "/api/user/auto-entries", { body: { contestIds: [c.id], ticketsPerPeriod: 1, capUsd: "10" } }))
        .status,
    ).toBe(401);
  });
});
