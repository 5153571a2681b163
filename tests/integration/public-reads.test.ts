/**
 * The public-read cache (src/server/cache/public-reads.ts) through the real REST adapter and
 * routers: answers come from memory with an ETag, and every write that changes them (a sale, a
 * sell-out draw, an admin edit, a winner post) is visible on the very next read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicReadsFor } from "../../src/server/cache/public-reads";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

describe(`cached public reads (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  async function loads(): Promise<number> {
    const reads = await publicReadsFor(t.db);
    if (!reads) throw new Error("the test database should be the process's database");
    return reads.loads;
  }

  it("answers from memory with an ETag, 304 on If-None-Match, one query for a burst of readers", async () => {
    await createContest(t.db, { title: "Cached Watch", maxTickets: 10 });
    const first = await rest(t.db, "GET", "/api/contests");
    expect(first.status).toBe(200);
    expect(first.body.map((c: { title: string }) => c.title)).toContain("Cached Watch");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");

    const before = await loads();
    const again = await rest(t.db, "GET", "/api/contests");
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("etag")).toBe(etag);
    const notModified = await rest(t.db, "GET", "/api/contests", { headers: { "if-none-match": etag ?? "" } });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(await loads()).toBe(before);

    // A change, then 20 readers at once: one query answers all of them, with the new figure.
    await createContest(t.db, { title: "Second Watch" });
    const burst = await Promise.all(Array.from({ length: 20 }, () => rest(t.db, "GET", "/api/contests")));
    expect(await loads()).toBe(before + 1);
    for (const res of burst) expect(res.body.map((c: { title: string }) => c.title)).toContain("Second Watch");
    expect(burst[0]?.headers.get("etag")).not.toBe(etag);

    // tRPC reads the same cache (no extra query) and answers the same list.
    const viaTrpc = await (await callerFor(t.db)).contests.list();
    expect(viaTrpc.map((c) => c.id)).toEqual(burst[0]?.body.map((c: { id: string }) => c.id));
    expect(await loads()).toBe(before + 1);
  });

  it("a buyer's next read shows their sale, and a sell-out shows at once", async () => {
    const contest = await createContest(t.db, { title: "Two Tickets", maxTickets: 2, ticketPrice: "1" });
    const buyer = await createUser(t.db, { balance: "10" });
    const caller = await callerFor(t.db, buyer);
    expect((await rest(t.db, "GET", `/api/contests/${contest.id}`)).body.soldTickets).toBe(0);
    expect((await caller.contests.byId({ id: contest.id })).soldTickets).toBe(0);

    await caller.cart.checkout({ items: [{ contestId: contest.id, quantity: 1 }] });
    expect((await rest(t.db, "GET", `/api/contests/${contest.id}`)).body.soldTickets).toBe(1);
    const listed = (await rest(t.db, "GET", "/api/contests")).body.find((c: { id: string }) => c.id === contest.id);
    expect(listed.soldTickets).toBe(1);

    await caller.cart.checkout({ items: [{ contestId: contest.id, quantity: 1 }] });
    const soldOut = await caller.contests.byId({ id: contest.id });
    expect(soldOut.soldTickets).toBe(2);
    expect(soldOut.status).toBe("ended");
    // An ended contest leaves the active list on the next read.
    const active = (await rest(t.db, "GET", "/api/contests")).body.map((c: { id: string }) => c.id);
    expect(active).not.toContain(contest.id);
  });

  it("an admin edit and a published winner post show on the next read", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const adminCaller = await callerFor(t.db, admin);
    expect((await rest(t.db, "GET", "/api/winner-posts")).body).toEqual([]);
    await adminCaller.admin.createWinnerPost({
      title: "Cached Winner",
      description: "A winner post for the cache test",
      winnerName: "Jane D.",
      winnerId: "user-1",
      contestId: "contest-1",
      contestTitle: "Some Contest",
      imageUrl: "",
      winDate: new Date("2026-08-01T00:00:00Z"),
      isPublished: true,
      socialMediaLinks: [],
    });
    const posts = await rest(t.db, "GET", "/api/winner-posts");
    expect(posts.body.map((p: { title: string }) => p.title)).toEqual(["Cached Winner"]);

    const contest = await createContest(t.db, { title: "Before Edit" });
    expect((await rest(t.db, "GET", `/api/contests/${contest.id}`)).body.title).toBe("Before Edit");
    await t.db.contest.update({ where: { id: contest.id }, data: { title: "After Edit" } });
    expect((await rest(t.db, "GET", `/api/contests/${contest.id}`)).body.title).toBe("After Edit");
  });

  it("unknown ids are 404 and not kept; malformed ids are 400", async () => {
    const reads = await publicReadsFor(t.db);
    const size = reads?.size ?? 0;
    const missing = await rest(t.db, "GET", "/api/contests/no-such-contest");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Contest not found" });
    expect(reads?.size).toBe(size);
    const long = await rest(t.db, "GET", `/api/contests/${"x".repeat(100)}`);
    expect(long.status).toBe(400);
    expect(typeof long.body.message).toBe("string");
  });
});
