/**
 * A promo code under real concurrency on PostgreSQL: its last use goes to exactly one
 * checkout, and one player racing their own per-player limit gets it exactly that many times. The
 * losers pay nothing and get no tickets. (PGlite runs one statement at a time, so this needs a server.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkout } from "../../src/server/services/checkout";
import { createTestDb, type TestDb } from "../helpers/db";
import { createContest, createUser } from "../helpers/fixtures";

async function settle<T>(jobs: (() => Promise<T>)[]) {
  const results = await Promise.allSettled(jobs.map((j) => j()));
  return {
    ok: results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : [])),
    errors: results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error).message)] : [])),
  };
}

describe("promo code concurrency (postgres)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 20 });
  });
  afterAll(() => t.close());

  it("the last use of a code is used exactly once when many players race for it", async () => {
    const c = await createContest(t.db, { ticketPrice: "2.00" });
    const promo = await t.db.promoCode.create({ data: { code: "LASTONE", kind: "percent", percentOff: 50, maxUses: 1 } });
    const players = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db, { balance: "10" })));
    const { ok, errors } = await settle(
      players.map((p) => () => checkout(t.db, p.id, [{ contestId: c.id, quantity: 1 }], "LASTONE")),
    );
    expect(ok).toHaveLength(1);
    expect(ok[0]?.totalAmount).toBe("1.00");
    expect(errors).toHaveLength(11);
    expect(new Set(errors)).toEqual(new Set(["This promo code has been fully used"]));
    expect((await t.db.promoCode.findUniqueOrThrow({ where: { id: promo.id } })).usedCount).toBe(1);
    expect(await t.db.promoRedemption.count({ where: { promoCodeId: promo.id } })).toBe(1);
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: c.id } })).soldTickets).toBe(1);
    const balances = await t.db.user.findMany({ where: { id: { in: players.map((p) => p.id) } }, select: { balance: true } });
    expect(balances.map((b) => b.balance.toFixed(2)).sort()).toEqual([...Array(11).fill("10.00"), "9.00"].sort());
  });

  it("one player racing their per-player limit gets the code exactly that many times", async () => {
    const c = await createContest(t.db, { ticketPrice: "1.00" });
    const promo = await t.db.promoCode.create({
      data: { code: "PERTWO", kind: "fixed", amountOff: "0.50", maxUsesPerPlayer: 2 },
    });
    const player = await createUser(t.db, { balance: "20" });
    const { ok, errors } = await settle(
      Array.from({ length: 8 }, () => () => checkout(t.db, player.id, [{ contestId: c.id, quantity: 1 }], "PERTWO")),
    );
    expect(ok).toHaveLength(2);
    expect(new Set(errors)).toEqual(new Set(["You have already used this promo code as many times as allowed"]));
    expect(await t.db.promoRedemption.count({ where: { promoCodeId: promo.id, userId: player.id } })).toBe(2);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toFixed(2)).toBe("19.00");
  });
});
