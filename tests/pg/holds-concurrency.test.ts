/**
 * Holds and lucky dips under real concurrency on PostgreSQL (docs/contests.md "Pick your numbers"):
 * the per-player hold cap is counted under the player's row lock, and parallel lucky dips take
 * their hold rows in one order, so none deadlocks into a 5xx. (PGlite runs one statement at a
 * time, so this needs a server.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICK_LIMITS } from "../../src/shared/ticket-picking";
import { createTestDb, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";

describe("holds and lucky dips under concurrency (postgres)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 20 });
  });
  afterAll(() => t.close());

  it("10 parallel holds of 20 numbers by one player: the cap of PICK_LIMITS.holdMax holds, the rest are 409 (or 429 busy), never a 5xx", async () => {
    const player = await createUser(t.db, { balance: "10000" });
    const c = await createContest(t.db, { title: "Hold race", pickNumbers: true, maxTickets: 1000, ticketPrice: "1" });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        rest(t.db, "POST", "/api/cart/hold", {
          body: { contestId: c.id, ticketNumbers: Array.from({ length: 20 }, (_, j) => i * 20 + j + 1) },
          user: player,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 409 || s === 429),
      statuses.join(","),
    ).toBe(true);
    const held = await t.db.ticketHold.count({ where: { contestId: c.id, userId: player.id } });
    expect(held).toBeLessThanOrEqual(PICK_LIMITS.holdMax);
    expect(statuses.filter((s) => s === 200)).toHaveLength(held / 20);
  });

  it("10 players lucky-dip at once: every one is served (200), none deadlocks into a 500, no number twice", async () => {
    const c = await createContest(t.db, { title: "Dip race", pickNumbers: true, maxTickets: 60, ticketPrice: "1" });
    const players = await Promise.all(Array.from({ length: 10 }, () => createUser(t.db, { balance: "100" })));
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        players.map((p) => rest(t.db, "POST", "/api/cart/lucky-dip", { body: { contestId: c.id, quantity: 5 }, user: p })),
      );
      // Served, or (a lock wait bounded under load) 429 busy: never a 5xx.
      expect(
        results.every((r) => r.status === 200 || r.status === 429),
        results.map((r) => r.status).join(","),
      ).toBe(true);
      expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0);
      await t.db.ticketHold.deleteMany({ where: { contestId: c.id } });
    }
    // And at checkout: ten lucky-dip purchases at once, every one a distinct number.
    const bought = await Promise.all(
      players.map((p) => rest(t.db, "POST", "/api/cart/add", { body: { contestId: c.id, quantity: 5 }, user: p })),
    );
    expect(bought.map((r) => r.status)).toEqual(players.map(() => 200));
    const entries = await t.db.ticketEntry.findMany({ where: { contestId: c.id }, select: { firstTicket: true } });
    expect(entries).toHaveLength(50);
    expect(new Set(entries.map((e) => e.firstTicket)).size).toBe(50);
  });
});
