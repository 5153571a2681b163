/**
 * Every growing list is a keyset page: without paging parameters a REST row answers the
 * spec's bare array, capped at its first page; `?limit&cursor` (cursor = the last id seen) walks the
 * rest without gaps or repeats; an unknown cursor is a 400 that names it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertContests, insertEntries, insertPlayers, insertPrizes } from "../../bench/scale-data";
import type { User } from "../../src/generated/prisma/client";
import { refreshStatsSnapshot } from "../../src/server/services/admin";
import { LIMITS } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

describe(`every list is a page (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let heavy: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    const exec = (sql: string) => t.db.$executeRawUnsafe(sql);
    await insertPlayers(exec, "pg", 1);
    const c = await createContest(t.db, { title: "Many Entries" });
    await insertEntries(exec, { tag: "pg", contestId: c.id, players: 1, entries: 130, ticketsPerEntry: 1, ticketPrice: "1" });
    heavy = await t.db.user.findUniqueOrThrow({ where: { id: "pg_u_0000001" } });
  });
  afterAll(() => t.close());

  /** Walks a row page by page; returns every id once and the number of pages. */
  async function walk(path: string, user: User, idOf: (row: Record<string, string>) => string, limit = 40) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 1; pages < 100; pages++) {
      const sep = path.includes("?") ? "&" : "?";
      const res = await rest(t.db, "GET", `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, { user });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      seen.push(...res.body.map(idOf));
      if (res.body.length < limit) return { seen, pages };
      cursor = idOf(res.body.at(-1));
    }
    throw new Error("too many pages");
  }

  it("purchases: the bare first page holds 50, pages walk all 130 newest first, once each", async () => {
    const first = await rest(t.db, "GET", "/api/user/purchases", { user: heavy });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(LIMITS.listPage);
    const { seen, pages } = await walk("/api/user/purchases", heavy, (r) => r.entryId as string);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(130);
    expect(seen.slice(0, 50)).toEqual(first.body.map((r: { entryId: string }) => r.entryId));
    const bad = await rest(t.db, "GET", "/api/user/purchases?cursor=nope", { user: heavy });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Unknown cursor");
    // Someone else's entry id is no cursor for you.
    expect((await rest(t.db, "GET", `/api/user/purchases?cursor=${seen[0]}`, { user: admin })).status).toBe(400);
  });

  it('purchases of one contest ("My tickets were in the draw"): entries elsewhere never crowd them out', async () => {
    // 3 older entries in one contest, then 60 newer in another: the unfiltered first page (50) holds
    // none of the first contest's, the filtered pages hold exactly them.
    const exec = (sql: string) => t.db.$executeRawUnsafe(sql);
    await insertPlayers(exec, "pg2", 1);
    const drawn = await createContest(t.db, { title: "Three Entries Here" });
    const busy = await createContest(t.db, { title: "Sixty Entries There" });
    await insertEntries(exec, { tag: "pg2", contestId: drawn.id, players: 1, entries: 3, ticketsPerEntry: 1, ticketPrice: "1" });
    await t.db.$executeRaw`UPDATE "TicketEntry" SET "createdAt" = "createdAt" - interval '1 day' WHERE "contestId" = ${drawn.id}`;
    await insertEntries(exec, { tag: "pg2", contestId: busy.id, players: 1, entries: 60, ticketsPerEntry: 1, ticketPrice: "1" });
    const owner = await t.db.user.findUniqueOrThrow({ where: { id: "pg2_u_0000001" } });
    const caller = await callerFor(t.db, owner);
    expect((await caller.cart.purchases()).filter((p) => p.contestId === drawn.id)).toEqual([]);
    const page = await caller.cart.purchases({ limit: 2, contestId: drawn.id });
    expect(page).toHaveLength(2);
    expect(page.every((p) => p.contestId === drawn.id)).toBe(true);
    const next = await caller.cart.purchases({ limit: 2, contestId: drawn.id, cursor: page.at(-1)?.entryId });
    expect(next.map((p) => p.contestId)).toEqual([drawn.id]);
    expect(new Set([...page, ...next].map((p) => p.entryId)).size).toBe(3);
    // Someone else asking about that contest sees only their own entries there: none.
    expect(await (await callerFor(t.db, heavy)).cart.purchases({ contestId: drawn.id })).toEqual([]);
  });

  it("notifications, newest first, in pages", async () => {
    await t.db.notification.createMany({
      data: Array.from({ length: 75 }, (_, i) => ({
        userId: heavy.id,
        title: `Note ${i}`,
        message: "m",
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    });
    const first = await rest(t.db, "GET", "/api/notifications", { user: heavy });
    expect(first.body).toHaveLength(50);
    expect(first.body[0].title).toBe("Note 74");
    const { seen } = await walk("/api/notifications", heavy, (r) => r.id as string, 30);
    expect(new Set(seen).size).toBe(75);
  });

  it("winner posts: public (cached first page, then pages), admin with drafts", async () => {
    await t.db.winnerPost.createMany({
      data: Array.from({ length: 70 }, (_, i) => ({
        title: `Win ${i}`,
        description: "d",
        winnerName: "W",
        winnerId: heavy.id,
        contestId: "c",
        contestTitle: "C",
        winDate: new Date(Date.UTC(2025, 0, 1 + (i % 20))), // ties on the date: the keyset breaks them
        isPublished: i % 7 !== 0,
      })),
    });
    const published = await t.db.winnerPost.count({ where: { isPublished: true } });
    const first = await rest(t.db, "GET", "/api/winner-posts");
    expect(first.body).toHaveLength(50);
    const pub = await walk("/api/winner-posts", admin, (r) => r.id as string, 25);
    expect(pub.seen.length).toBe(published);
    expect(new Set(pub.seen).size).toBe(published);
    expect(pub.seen.slice(0, 50)).toEqual(first.body.map((r: { id: string }) => r.id));
    const all = await walk("/api/admin/winner-posts", admin, (r) => r.id as string, 25);
    expect(new Set(all.seen).size).toBe(70);
  });

  it("admin contests: status filter, title search and pages; admin users in pages", async () => {
    for (let i = 0; i < 6; i++) await createContest(t.db, { title: `Porsche ${i}`, status: i % 2 ? "ended" : "active" });
    const ended = await rest(t.db, "GET", "/api/admin/contests?status=ended&search=porsche", { user: admin });
    expect(ended.body.map((c: { title: string }) => c.title).sort()).toEqual(["Porsche 1", "Porsche 3", "Porsche 5"]);
    const paged = await walk("/api/admin/contests?search=PORSCHE", admin, (r) => r.id as string, 4);
    expect(paged.seen).toHaveLength(6);
    expect((await rest(t.db, "GET", "/api/admin/contests?status=won", { user: admin })).status).toBe(400);
    for (let i = 0; i < 5; i++) await createUser(t.db);
    const users = await walk("/api/admin/users", admin, (r) => r.id as string, 3);
    expect(new Set(users.seen).size).toBe(await t.db.user.count());
  });

  it("admin prizes: the bare first page holds 50; pages walk all 130 once each, work first, newest first in each", async () => {
    // 130 drawn contests, each with its prize (six statuses in turn), each a minute older than the one before.
    const exec = (sql: string) => t.db.$executeRawUnsafe(sql);
    await insertContests(exec, "pz", 130, "ended");
    await insertPrizes(exec, "pz", heavy.id);
    const first = await rest(t.db, "GET", "/api/admin/prizes", { user: admin });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(LIMITS.listPage);
    const { seen, pages } = await walk("/api/admin/prizes", admin, (r) => r.id as string, 40);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    expect(seen.slice(0, 50)).toEqual(first.body.map((r: { id: string }) => r.id));
    // Work first (disputed, requested, shipped, …), newest first within each status.
    const rows = await t.db.prize.findMany({ where: { id: { in: seen } }, select: { id: true, status: true, createdAt: true } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const order = ["disputed", "prize_requested", "shipped", "unclaimed", "delivered", "cash_credited", "received"];
    const expected = [...rows].sort(
      (a, b) =>
        order.indexOf(a.status) - order.indexOf(b.status) ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a.id < b.id ? 1 : -1),
    );
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(byId.get(seen[0] as string)?.status).toBe("disputed");
    const bad = await rest(t.db, "GET", "/api/admin/prizes?cursor=nope", { user: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Unknown cursor");
    expect((await rest(t.db, "GET", "/api/admin/prizes?limit=0", { user: admin })).status).toBe(400);
  });

  it("admin conversations: one summary row per player kept by the database, searchable, in pages", async () => {
    const players = await Promise.all(
      ["Zed", "Yan", "Xia"].map((firstName) => createUser(t.db, { firstName, lastName: "Chat" })),
    );
    for (const [i, p] of players.entries()) {
      await t.db.supportMessage.createMany({
        data: Array.from({ length: i + 1 }, (_, k) => ({
          userId: p.id,
          senderId: p.id,
          message: `hello ${k}`,
          createdAt: new Date(Date.UTC(2026, 1, 1, i, k)),
        })),
      });
    }
    await t.db.supportMessage.create({
      data: { userId: players[0]!.id, message: "reply", isFromAdmin: true, createdAt: new Date(Date.UTC(2026, 1, 1, 5)) },
    });
    const list = (await rest(t.db, "GET", "/api/admin/conversations", { user: admin })).body;
    expect(list.map((c: { userName: string; unreadCount: number }) => [c.userName, c.unreadCount])).toEqual([
      ["Zed Chat", 1], // the admin's reply is the latest message
      ["Xia Chat", 3],
      ["Yan Chat", 2],
    ]);
    expect(list[0]).toEqual({
      id: players[0]!.id,
      userId: players[0]!.id,
      userName: "Zed Chat",
      userEmail: players[0]!.email,
      unreadCount: 1,
      lastMessageAt: "2026-02-01T05:00:00.000Z",
    });
    expect((await rest(t.db, "POST", `/api/admin/conversations/${players[2]!.id}/read`, { user: admin })).status).toBe(200);
    const found = (await rest(t.db, "GET", "/api/admin/conversations?search=xia", { user: admin })).body;
    expect(found).toEqual([expect.objectContaining({ userName: "Xia Chat", unreadCount: 0 })]);
    const pages = await walk("/api/admin/conversations", admin, (r) => r.id as string, 2);
    expect(pages.seen).toHaveLength(3);
    await t.db.supportMessage.deleteMany({ where: { userId: players[1]!.id } });
    expect((await rest(t.db, "GET", "/api/admin/conversations", { user: admin })).body).toHaveLength(2);
  });

  it("admin stats: whole-table figures from the minute snapshot, windowed ones live", async () => {
    const before = (await rest(t.db, "GET", "/api/admin/stats", { user: admin })).body;
    expect(before.totalUsers).toBe(await t.db.user.count());
    await createUser(t.db);
    const cached = (await rest(t.db, "GET", "/api/admin/stats", { user: admin })).body;
    expect(cached.totalUsers).toBe(before.totalUsers); // the snapshot's, until the job counts again
    expect(cached.weeklySignups).toBe(before.weeklySignups + 1); // counted live on its index
    await refreshStatsSnapshot(t.db);
    expect((await rest(t.db, "GET", "/api/admin/stats", { user: admin })).body.totalUsers).toBe(before.totalUsers + 1);
  });
});
