import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/platform/db";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

const PRODUCT_WINNER_POST_FIELDS = [
  "id",
  "title",
  "description",
  "winnerName",
  "winnerId",
  "contestId",
  "contestTitle",
  "imageUrl",
  "winAmount",
  "winDate",
  "isPublished",
  "socialMediaLinks",
];

async function post(db: Db, title: string, winDate: string, isPublished = true) {
  return db.winnerPost.create({
    data: {
      title,
      description: `${title} description text`,
      winnerName: "Jane D.",
      winnerId: "user-1",
      contestId: "contest-1",
      contestTitle: "Some Contest",
      winAmount: "$1,000",
      winDate: new Date(winDate),
      isPublished,
      socialMediaLinks: ["https://example.com/a", "https://example.com/b"],
    },
  });
}

describe(`published winner posts (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await post(t.db, "Middle", "2026-05-10T00:00:00Z");
    await post(t.db, "Draft", "2026-09-01T00:00:00Z", false);
    await post(t.db, "Newest", "2026-08-01T00:00:00Z");
    await post(t.db, "Oldest", "2026-01-02T00:00:00Z");
  });
  afterAll(() => t.close());

  it("GET /api/winner-posts answers a bare array of published posts, newest win date first", async () => {
    const res = await rest(t.db, "GET", "/api/winner-posts");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((p: { title: string }) => p.title)).toEqual(["Newest", "Middle", "Oldest"]);
    for (const field of PRODUCT_WINNER_POST_FIELDS) expect(res.body[0]).toHaveProperty(field);
    expect(res.body[0].isPublished).toBe(true);
    expect(res.body[0].socialMediaLinks).toEqual(["https://example.com/a", "https://example.com/b"]);
    expect(new Date(res.body[0].winDate).toISOString()).toBe("2026-08-01T00:00:00.000Z");
  });

  it("needs no sign-in, and answers the same for a signed-in user", async () => {
    const user = await createUser(t.db);
    const res = await rest(t.db, "GET", "/api/winner-posts", { user });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
  });

  it("the tRPC procedure returns the same list without drafts", async () => {
    const caller = await callerFor(t.db);
    const list = await caller.contests.publishedWinners();
    expect(list.map((p) => p.title)).toEqual(["Newest", "Middle", "Oldest"]);
    expect(list.some((p) => !p.isPublished)).toBe(false);
  });

  it("a post links a delivery trail only when its contest has a drawn prize (a typed id of no contest links none)", async () => {
    const winner = await createUser(t.db);
    const drawn = await createContest(t.db, { status: "ended", drawnAt: new Date(), winnerId: winner.id });
    await t.db.prize.create({ data: { contestId: drawn.id, userId: winner.id, claimBy: new Date(Date.now() + 86_400_000) } });
    const linked = await t.db.winnerPost.create({
      data: {
        title: "Trail",
        description: "A post about a contest drawn here",
        winnerName: "Jane D.",
        winnerId: winner.id,
        contestId: drawn.id,
        contestTitle: drawn.title,
        winDate: new Date("2026-08-02T00:00:00Z"),
      },
    });
    const res = await rest(t.db, "GET", "/api/winner-posts?limit=10");
    const byTitle = new Map(res.body.map((p: { title: string; hasTrail: boolean }) => [p.title, p.hasTrail]));
    expect(byTitle.get("Trail")).toBe(true);
    expect(byTitle.get("Newest")).toBe(false); // contestId "contest-1": no such contest
    const admin = await createUser(t.db, { role: "owner" });
    const all = await (await callerFor(t.db, admin)).admin.winnerPosts();
    expect(all.find((p) => p.id === linked.id)?.hasTrail).toBe(true);
    await t.db.winnerPost.delete({ where: { id: linked.id } });
  });

  it("an unpublished post disappears; an empty gallery answers []", async () => {
    await t.db.winnerPost.updateMany({ data: { isPublished: false } });
    const res = await rest(t.db, "GET", "/api/winner-posts");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
