/**
 * Checkout under real concurrency on PostgreSQL: no overselling, no overdraft, no deadlock, and the
 * ledger invariants hold afterwards. (PGlite runs one statement at a time, so this needs a server.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkout } from "../../src/server/services/checkout";
import { applyBalanceChange } from "../../src/server/services/kernel";
import { createTestDb, type TestDb } from "../helpers/db";
import { createContest } from "../helpers/fixtures";
import { checkLedgerInvariants } from "../../src/server/services/money";

/** Many users quickly: one insert, then opening balances through the ledger. */
async function createUsers(t: TestDb, n: number, balance: string, tag: string): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `${tag}-${i}`);
  await t.db.user.createMany({
    data: ids.map((id) => ({
      id,
      email: `${id}@example.com`,
      firstName: "Load",
      lastName: "Tester",
      passwordHash: "x",
      securityQuestion: "q",
      securityAnswerHash: "x",
    })),
  });
  await t.db.$transaction(async (tx) => {
    for (const id of ids) {
      await applyBalanceChange(tx, { userId: id, amount: balance, kind: "adjustment", reference: `open-${id}` });
    }
  });
  return ids;
}

async function settle<T>(jobs: (() => Promise<T>)[]) {
  const results = await Promise.allSettled(jobs.map((j) => j()));
  const ok = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const errors = results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error).message)] : []));
  return { ok, errors };
}

describe("checkout concurrency (postgres)", () => {
  let t: TestDb;
  beforeAll(async () => {
    // 200 checkouts queue for 20 connections: the race under test is the rows' locks, not the pool's
    // wait, which on a loaded 2-core machine passed the app's 5 s for one of them in a full-suite run.
    t = await createTestDb({ poolSize: 20, connectionTimeoutMs: 60_000 });
  });
  afterAll(async () => {
    // Invariants over everything the file did.
    const users = await t.db.user.findMany({ select: { id: true, balance: true } });
    for (const u of users) {
      const sum = await t.db.ledgerEntry.aggregate({ where: { userId: u.id }, _sum: { amount: true } });
      expect(u.balance.toFixed(3), u.id).toBe((sum._sum.amount ?? 0).toFixed(3));
      expect(u.balance.isNegative()).toBe(false);
    }
    const contests = await t.db.contest.findMany({ include: { entries: true } });
    for (const c of contests) {
      expect(c.entries.reduce((s, e) => s + e.ticketCount, 0)).toBe(c.soldTickets);
      if (c.maxTickets !== null) expect(c.soldTickets).toBeLessThanOrEqual(c.maxTickets);
      const numbers = c.entries.flatMap((e) => Array.from({ length: e.ticketCount }, (_, i) => e.firstTicket + i));
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    await t.close();
  });

  it("200 concurrent one-ticket purchases on maxTickets 50: exactly 50 succeed, tickets 1..50 once each", async () => {
    const contest = await createContest(t.db, { ticketPrice: "1.00", maxTickets: 50, title: "Hot Drop" });
    const users = await createUsers(t, 200, "5", "race");
    const { ok, errors } = await settle(users.map((id) => () => checkout(t.db, id, [{ contestId: contest.id, quantity: 1 }])));
    expect(ok).toHaveLength(50);
    expect(errors).toHaveLength(150);
    expect(new Set(errors), [...new Set(errors)].join(" | ")).toEqual(new Set(["Sold out: Hot Drop"]));
    const tickets = ok.map((r) => r.entries[0]!.firstTicket).sort((a, b) => a - b);
    expect(tickets).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const after = await t.db.contest.findUniqueOrThrow({ where: { id: contest.id } });
    expect(after.soldTickets).toBe(50);
    const buyers = new Set((await t.db.ticketEntry.findMany({ where: { contestId: contest.id } })).map((e) => e.userId));
    const charged = await t.db.user.count({ where: { id: { in: users }, balance: "4" } });
    expect(buyers.size).toBe(50);
    expect(charged).toBe(50);
  });

  it("one user racing to overspend never goes negative: 40 concurrent buys with money for 10", async () => {
    const [id] = await createUsers(t, 1, "10", "spender");
    const contest = await createContest(t.db, { ticketPrice: "1.00", title: "Unlimited" });
    const { ok, errors } = await settle(
      Array.from({ length: 40 }, () => () => checkout(t.db, id!, [{ contestId: contest.id, quantity: 1 }])),
    );
    expect(ok).toHaveLength(10);
    expect(new Set(errors)).toEqual(new Set(["Insufficient Balance"]));
    const user = await t.db.user.findUniqueOrThrow({ where: { id: id! } });
    expect(user.balance.toFixed(3)).toBe("0.000");
    // Failed purchases took no tickets either: sold equals what was paid for.
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: contest.id } })).soldTickets).toBe(10);
  });

  it("the per-player cap holds under a race", async () => {
    const [id] = await createUsers(t, 1, "100", "capper");
    const contest = await createContest(t.db, { ticketPrice: "1.00", maxTicketsPerUser: 7, title: "Capped Race" });
    const { ok, errors } = await settle(
      Array.from({ length: 30 }, () => () => checkout(t.db, id!, [{ contestId: contest.id, quantity: 1 }])),
    );
    expect(ok).toHaveLength(7);
    expect(errors.every((m) => m.startsWith("Ticket limit reached"))).toBe(true);
  });

  it("carts naming the same contests in opposite orders do not deadlock", async () => {
    const a = await createContest(t.db, { ticketPrice: "1.00", title: "A" });
    const b = await createContest(t.db, { ticketPrice: "1.00", title: "B" });
    const users = await createUsers(t, 40, "10", "cross");
    const { ok, errors } = await settle(
      users.map(
        (id, i) => () =>
          checkout(
            t.db,
            id,
            i % 2
              ? [
                  { contestId: a.id, quantity: 1 },
                  { contestId: b.id, quantity: 2 },
                ]
              : [
                  { contestId: b.id, quantity: 2 },
                  { contestId: a.id, quantity: 1 },
                ],
          ),
      ),
    );
    expect(errors).toEqual([]);
    expect(ok).toHaveLength(40);
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: b.id } })).soldTickets).toBe(80);
  });

  it("leaves every ledger invariant intact (npm run check:ledger)", async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
