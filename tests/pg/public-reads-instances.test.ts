/**
 * Two app instances on one PostgreSQL, each with its own pool, event bus and public-read cache:
 * a sale, an admin edit and a winner post made through instance A show in instance B's cached
 * answers without a restart (the database triggers' NOTIFY reaches B's LISTEN connection).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { attachPublicReadCache, type PublicReadCache } from "../../src/server/cache/public-reads";
import { type DatabaseHandle, openDatabase } from "../../src/server/platform/db";
import { PgEventBus } from "../../src/server/events";
import { checkout } from "../../src/server/services/checkout";
import { createTestDb, type TestDb } from "../helpers/db";
import { createContest, createUser } from "../helpers/fixtures";

describe("public-read cache across app instances (PostgreSQL)", () => {
  let t: TestDb;
  let instanceB: DatabaseHandle;
  let busB: PgEventBus;
  let cacheB: PublicReadCache;
  beforeAll(async () => {
    t = await createTestDb();
    instanceB = await openDatabase({ url: t.url, poolSize: 2 });
    busB = new PgEventBus(t.url as string, { maxReconnectDelayMs: 200 });
    await busB.ready;
    cacheB = attachPublicReadCache(instanceB, busB);
  });
  afterAll(async () => {
    await busB.close();
    await instanceB.close();
    await t.close();
  });

  it("instance B's cached contest follows a sale made on instance A", async () => {
    const contest = await createContest(t.db, { title: "Shared Bike", maxTickets: 10, ticketPrice: "1" });
    const buyer = await createUser(t.db, { balance: "5" });
    expect((await cacheB.contest(contest.id)).value.soldTickets).toBe(0);
    const loadsBefore = cacheB.loads;
    expect((await cacheB.contest(contest.id)).value.soldTickets).toBe(0);
    expect(cacheB.loads).toBe(loadsBefore); // served from memory until something changes

    await checkout(t.db, buyer.id, [{ contestId: contest.id, quantity: 3 }]);
    await vi.waitFor(async () => expect((await cacheB.contest(contest.id)).value.soldTickets).toBe(3), { timeout: 2_000 });
    await vi.waitFor(
      async () => expect((await cacheB.contestList()).value.find((c) => c.id === contest.id)?.soldTickets).toBe(3),
      { timeout: 2_000 },
    );
  });

  it("instance B's winners gallery follows a post published on instance A", async () => {
    expect((await cacheB.winnerPosts()).value).toEqual([]);
    await t.db.winnerPost.create({
      data: {
        title: "Shared Winner",
        description: "Published on instance A",
        winnerName: "Sam K.",
        winnerId: "user-1",
        contestId: "contest-1",
        contestTitle: "Some Contest",
        winDate: new Date("2026-10-01T00:00:00Z"),
        isPublished: true,
      },
    });
    await vi.waitFor(async () => expect((await cacheB.winnerPosts()).value.map((p) => p.title)).toEqual(["Shared Winner"]), {
      timeout: 2_000,
    });
  });
});
