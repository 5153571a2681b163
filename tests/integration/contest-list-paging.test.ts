import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contest } from "../../src/generated/prisma/client";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, rest } from "../helpers/fixtures";

describe(`active contests a page at a time (the signed-in home's "Show more") (${dbKind()})`, () => {
  let t: TestDb;
  const made: Contest[] = [];
  beforeAll(async () => {
    t = await createTestDb();
    const base = Date.UTC(2026, 10, 1);
    // Nine contests, two of them created in the same millisecond (the id breaks the tie).
    for (let i = 0; i < 9; i++) {
      const at = new Date(base + Math.min(i, 7) * 60_000);
      made.push(await createContest(t.db, { title: `Page ${i}`, category: i % 2 ? "cars" : "watches", createdAt: at }));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const newestFirst = () =>
    [...made].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1)).map((c) => c.id);

  it("without paging it answers every active contest, as documented; pages walk them once each, in order", async () => {
    const all = await rest(t.db, "GET", "/api/contests");
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual(newestFirst());

    const walked: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await rest(t.db, "GET", `/api/contests?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(4);
      walked.push(...ids(page.body));
      if (page.body.length < 4) break;
      cursor = page.body.at(-1).id;
    }
    expect(walked).toEqual(newestFirst());
  });

  it("a page after a contest that left the list (ended) goes on where it stood; a category pages alone", async () => {
    const order = newestFirst();
    const first = await rest(t.db, "GET", "/api/contests?limit=3");
    const last = first.body.at(-1).id as string;
    await t.db.contest.update({ where: { id: last }, data: { status: "ended" } });
    const next = await rest(t.db, "GET", `/api/contests?limit=3&cursor=${last}`);
    expect(ids(next.body)).toEqual(order.slice(3, 6));
    await t.db.contest.update({ where: { id: last }, data: { status: "active" } });

    const cars = made.filter((c) => c.category === "cars").map((c) => c.id);
    const carOrder = order.filter((id) => cars.includes(id));
    const p1 = await rest(t.db, "GET", "/api/contests?category=cars&limit=2");
    const p2 = await rest(t.db, "GET", `/api/contests?category=cars&limit=2&cursor=${p1.body.at(-1).id}`);
    expect([...ids(p1.body), ...ids(p2.body)]).toEqual(carOrder.slice(0, 4));
    // The whole list of a category comes from the cache too, filtered.
    expect(ids((await rest(t.db, "GET", "/api/contests?category=cars")).body)).toEqual(carOrder);
  });

  it("bad paging, category or an unknown cursor is refused with 400", async () => {
    for (const q of [
      "limit=0",
      "limit=101",
      "limit=x",
      `cursor=${"c".repeat(101)}`,
      "category=boats",
      "category=boats&limit=2",
    ]) {
      const res = await rest(t.db, "GET", `/api/contests?${q}`);
      expect(res.status, q).toBe(400);
    }
    const unknown = await rest(t.db, "GET", "/api/contests?limit=5&cursor=no-such-contest");
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unknown cursor");
  });
});
