import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { Prisma } from "../../src/generated/prisma/client";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { DEFAULT_WHEEL_CONFIG } from "../../src/shared/wheel";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

const DAY = 24 * 3600_000;

const validContest = {
  title: "Track Day Special",
  description: "A weekend at the track in a supercar.",
  ticketPrice: 2.49,
  maxTickets: null,
  originalPrice: null,
  discountPercentage: null,
  category: "cars",
  imageUrl: "https://example.com/car.jpg",
  status: "active",
  soldTickets: 0,
};

const validPost = {
  title: "Lucky winner",
  description: "Won the big prize with one ticket.",
  winnerName: "Jo B.",
  winnerId: "user-1",
  contestId: "contest-1",
  contestTitle: "Big Prize",
  imageUrl: "",
  winAmount: "$1,000",
  winDate: "2026-11-01",
  isPublished: true,
  socialMediaLinks: ["https://x.com/a", "https://instagram.com/b"],
};

describe(`admin REST and router (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let player: User;
  let contestId: string;
  let postId: string;

  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner", email: "boss@example.com", firstName: "Ada" });
    player = await createUser(t.db, { email: "pat@example.com", firstName: "Pat", balance: "10" });
    contestId = (await createContest(t.db, { title: "Existing" })).id;
    postId = (
      await t.db.winnerPost.create({
        data: { ...validPost, winDate: new Date("2026-10-01"), isPublished: false },
      })
    ).id;
  });
  afterAll(() => t.close());

  const paths = (): [string, string, unknown?][] => [
    ["GET", "/api/admin/stats"],
    ["GET", "/api/admin/users"],
    ["GET", "/api/admin/contests"],
    ["GET", "/api/admin/analytics"],
    ["GET", "/api/admin/winner-posts"],
    ["POST", `/api/admin/users/${player.id}/toggle-admin`, { isAdmin: false }],
    ["POST", `/api/admin/contests/${contestId}/status`, { status: "ended" }],
    ["POST", "/api/admin/contests", validContest],
    ["PUT", `/api/admin/contests/${contestId}`, validContest],
    ["POST", "/api/admin/winner-posts", validPost],
    ["PUT", `/api/admin/winner-posts/${postId}`, validPost],
    ["DELETE", `/api/admin/winner-posts/${postId}`],
  ];

  it("every admin path answers 401 signed out and 403 for a player, changing nothing", async () => {
    for (const [method, path, body] of paths()) {
      const anon = await rest(t.db, method, path, { body });
      expect(anon.status, `${method} ${path}`).toBe(401);
      expect(anon.body.message).toContain("Unauthorized");
      const denied = await rest(t.db, method, path, { body, user: player });
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect(denied.body).toEqual({ message: "Admin access required" });
    }
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: contestId } })).status).toBe("active");
    expect(await t.db.winnerPost.count()).toBe(1);
    expect(await t.db.contest.count()).toBe(1);
  });

  it("every admin path answers 2xx for an admin", async () => {
    for (const [method, path, body] of paths()) {
      const ok = await rest(t.db, method, path, { body, user: admin });
      expect([200, 201], `${method} ${path}: ${JSON.stringify(ok.body)}`).toContain(ok.status);
    }
  });

  it("the tRPC procedures refuse players too", async () => {
    const caller = await callerFor(t.db, player);
    await expect(caller.admin.stats()).rejects.toMatchObject({ code: "FORBIDDEN" });
    const anon = await callerFor(t.db);
    await expect(anon.admin.users()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("GET /api/admin/users is a bare array with isAdmin, searchable by name or email", async () => {
    const all = await rest(t.db, "GET", "/api/admin/users", { user: admin });
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.length).toBe(2);
    expect(all.body.find((u: { id: string }) => u.id === admin.id).isAdmin).toBe(true);
    expect(all.body[0]).not.toHaveProperty("passwordHash");
    const found = await rest(t.db, "GET", "/api/admin/users?search=PAT@", { user: admin });
    expect(found.body.map((u: { id: string }) => u.id)).toEqual([player.id]);
    const byName = await rest(t.db, "GET", "/api/admin/users?search=ada", { user: admin });
    expect(byName.body.map((u: { id: string }) => u.id)).toEqual([admin.id]);
  });

  it("toggle-admin grants and removes rights (owner when no role is named); the last owner cannot be removed", async () => {
    const self = await rest(t.db, "POST", `/api/admin/users/${admin.id}/toggle-admin`, {
      body: { isAdmin: false },
      user: admin,
    });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("The last owner cannot be removed");
    const grant = await rest(t.db, "POST", `/api/admin/users/${player.id}/toggle-admin`, {
      body: { isAdmin: true },
      user: admin,
    });
    expect(grant.status).toBe(200);
    expect(grant.body.user.isAdmin).toBe(true);
    // Now two admins: the first may step down, then the other is the last one.
    const stepDown = await rest(t.db, "POST", `/api/admin/users/${admin.id}/toggle-admin`, {
      body: { isAdmin: false },
      user: admin,
    });
    expect(stepDown.status).toBe(200);
    const last = await rest(t.db, "POST", `/api/admin/users/${player.id}/toggle-admin`, {
      body: { isAdmin: false },
      user: player,
    });
    expect(last.status).toBe(409);
    // Restore.
    await t.db.user.update({ where: { id: admin.id }, data: { role: "owner" } });
    await t.db.user.update({ where: { id: player.id }, data: { role: "user" } });
    const bad = await rest(t.db, "POST", `/api/admin/users/${player.id}/toggle-admin`, {
      body: { isAdmin: "yes" },
      user: admin,
    });
    expect(bad.status).toBe(400);
    const missing = await rest(t.db, "POST", "/api/admin/users/nobody/toggle-admin", {
      body: { isAdmin: true },
      user: admin,
    });
    expect(missing.status).toBe(404);
  });

  it("POST /api/admin/contests validates with the product's messages and creates an active contest with a committed seed", async () => {
    const empty = await rest(t.db, "POST", "/api/admin/contests", { body: {}, user: admin });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("Title is required");
    expect(empty.body.message).toContain("Description is required");
    expect(empty.body.message).toContain("Ticket price is required");
    const badDiscount = await rest(t.db, "POST", "/api/admin/contests", {
      body: { ...validContest, discountPercentage: 101, imageUrl: "not a url" },
      user: admin,
    });
    expect(badDiscount.status).toBe(400);
    expect(badDiscount.body.message).toContain("Discount must be at most 100");
    expect(badDiscount.body.message).toContain("Please enter a valid image URL");

    const res = await rest(t.db, "POST", "/api/admin/contests", {
      body: { ...validContest, originalPrice: 2.99, discountPercentage: 17, maxTickets: 100 },
      user: admin,
    });
    expect(res.status).toBe(201);
    const c = res.body.contest;
    expect(c).toMatchObject({ status: "active", soldTickets: 0, ticketPrice: "2.49", originalPrice: "2.99", maxTickets: 100 });
    expect(c.drawSeed).toBeNull();
    expect(c.drawSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.ticketPrice.toString()).toBe("2.49");
    expect(row.drawSeed).toMatch(/^[0-9a-f]{64}$/);
  });

  it("editing a contest updates it; once sold, max tickets are frozen (docs/fair-play.md)", async () => {
    const c = await createContest(t.db, { title: "Editable" });
    const ok = await rest(t.db, "PUT", `/api/admin/contests/${c.id}`, {
      body: { ...validContest, title: "Edited", maxTickets: 5, endDate: "2030-01-01T12:00:00.000Z" },
      user: admin,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.contest).toMatchObject({ title: "Edited", maxTickets: 5, soldTickets: 0 });
    await t.db.contest.update({ where: { id: c.id }, data: { soldTickets: 5 } });
    const frozen = await rest(t.db, "PUT", `/api/admin/contests/${c.id}`, {
      body: { ...validContest, maxTickets: 4, endDate: "2030-01-01T12:00:00.000Z" },
      user: admin,
    });
    expect(frozen.status).toBe(409);
    const missing = await rest(t.db, "PUT", "/api/admin/contests/nope", { body: validContest, user: admin });
    expect(missing.status).toBe(404);
  });

  it("an end date in the past is refused with a message (create, or a changed date on edit); an edit may keep its old date", async () => {
    const past = new Date(Date.now() - 3600_000).toISOString();
    const created = await rest(t.db, "POST", "/api/admin/contests", { body: { ...validContest, endDate: past }, user: admin });
    expect(created).toMatchObject({ status: 400, body: { message: "End date must be in the future" } });
    const c = await createContest(t.db, { title: "Old Date", status: "ended", endDate: new Date(past) });
    const keep = await rest(t.db, "PUT", `/api/admin/contests/${c.id}`, {
      body: { ...validContest, endDate: past },
      user: admin,
    });
    expect(keep.status).toBe(200);
    const earlier = new Date(Date.now() - 7200_000).toISOString();
    const moved = await rest(t.db, "PUT", `/api/admin/contests/${c.id}`, {
      body: { ...validContest, endDate: earlier },
      user: admin,
    });
    expect(moved).toMatchObject({ status: 400, body: { message: "End date must be in the future" } });
  });

  it("winner posts: product validation, create, update, list with drafts, delete", async () => {
    const bad = await rest(t.db, "POST", "/api/admin/winner-posts", {
      body: {
        title: "ab",
        description: "short",
        winnerName: "",
        winnerId: "",
        contestId: "",
        contestTitle: "x",
        imageUrl: "nope",
        winDate: "",
      },
      user: admin,
    });
    expect(bad.status).toBe(400);
    for (const m of [
      "Title must be at least 3 characters",
      "Description must be at least 10 characters",
      "Winner name is required",
      "Winner ID is required",
      "Contest ID is required",
      "Contest title is required",
      "Please enter a valid image URL",
      "Win date is required",
    ])
      expect(bad.body.message).toContain(m);

    const created = await rest(t.db, "POST", "/api/admin/winner-posts", {
      body: { ...validPost, socialMediaLinks: ["https://x.com/a", "  ", "https://y.com/b "] },
      user: admin,
    });
    expect(created.status).toBe(201);
    const id = created.body.post.id;
    expect(created.body.post.socialMediaLinks).toEqual(["https://x.com/a", "https://y.com/b"]);
    const updated = await rest(t.db, "PUT", `/api/admin/winner-posts/${id}`, {
      body: { ...validPost, title: "Updated title", isPublished: false },
      user: admin,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.post).toMatchObject({ title: "Updated title", isPublished: false });
    const list = await rest(t.db, "GET", "/api/admin/winner-posts", { user: admin });
    expect(list.body.some((p: { id: string; isPublished: boolean }) => p.id === id && !p.isPublished)).toBe(true);
    expect((await rest(t.db, "DELETE", `/api/admin/winner-posts/${id}`, { user: admin })).status).toBe(200);
    expect((await rest(t.db, "DELETE", `/api/admin/winner-posts/${id}`, { user: admin })).status).toBe(404);
    expect((await rest(t.db, "PUT", `/api/admin/winner-posts/${id}`, { body: validPost, user: admin })).status).toBe(404);
  });
});

describe(`admin stats on known data (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    const now = Date.now();
    admin = await createUser(t.db, { role: "owner", balance: "0" });
    const a = await createUser(t.db, { balance: "12.345" });
    const b = await createUser(t.db, { balance: "7.5" });
    const old = await createUser(t.db, {});
    await t.db.user.update({ where: { id: old.id }, data: { createdAt: new Date(now - 10 * DAY) } });
    await t.db.user.update({ where: { id: admin.id }, data: { createdAt: new Date(now - 40 * DAY) } });
    const pay = (userId: string, amount: string, status: "pending" | "approved" | "rejected", processedDaysAgo?: number) =>
      t.db.payment.create({
        data: {
          userId,
          amount: new Prisma.Decimal(amount),
          cryptoCurrency: "BTC",
          provider: "sandbox",
          trackId: `trk-${Math.random()}`,
          payLink: "https://pay.example/x",
          status,
          creditedAmount: status === "approved" ? new Prisma.Decimal(amount) : null,
          processedAt: processedDaysAgo === undefined ? null : new Date(now - processedDaysAgo * DAY),
        },
      });
    await pay(a.id, "100", "approved", 2);
    await pay(a.id, "20.5", "approved", 29);
    await pay(b.id, "300", "approved", 45);
    await pay(b.id, "50", "pending");
    await pay(a.id, "5", "pending");
    await pay(b.id, "9", "rejected", 1);
    await createContest(t.db, { title: "A1" });
    await createContest(t.db, { title: "A2" });
    await createContest(t.db, { title: "E1", status: "ended" });
  });
  afterAll(() => t.close());

  it("GET /api/admin/stats answers the documented figures", async () => {
    const res = await rest(t.db, "GET", "/api/admin/stats", { user: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalUsers: 4,
      weeklySignups: 2,
      totalBalance: "19.845",
      totalRevenue: "420.50",
      monthlyRevenue: "120.50",
      activeContests: 2,
      totalContests: 3,
      pendingPayments: 2,
      totalPayments: 3,
    });
  });

  it("the overview previews 3 pending payments at most and 3 contests; analytics has 30 days", async () => {
    const caller = await callerFor(t.db, admin);
    const o = await caller.admin.overview();
    expect(o.pendingPayments.map((p) => p.amount)).toEqual(["50.00", "5.00"]);
    expect(o.contests.length).toBe(3);
    const a = await caller.admin.analytics();
    expect(a.days.length).toBe(30);
    expect(a.days.reduce((s, d) => s + d.revenue, 0)).toBeCloseTo(120.5, 6);
    expect(a.days.reduce((s, d) => s + d.payments, 0)).toBe(2);
    expect(a.days.at(-1)?.users).toBe(4);
  });

  it("audit rows for wheel economics, free entries, winner posts and Outbox reads: who, what, before and after", async () => {
    const actor = await createUser(t.db, { role: "owner" });
    const entrant = await createUser(t.db);
    const boss = await callerFor(t.db, actor);
    const since = new Date();
    const rows = async (action: string) =>
      t.db.auditLog.findMany({ where: { action, createdAt: { gte: since } }, orderBy: { createdAt: "asc" } });

    // Two owners: one proposes (four eyes, docs/admin.md), the other's same save applies it.
    const proposed = await (await callerFor(t.db, admin)).wheel.setEconomics({ ...DEFAULT_WHEEL_CONFIG, spinPrice: "0.01" });
    expect(proposed.proposed).toBe(true);
    expect(await rows("wheel.economics")).toEqual([]);
    await boss.wheel.setEconomics({ ...DEFAULT_WHEEL_CONFIG, spinPrice: "0.01" });
    const [wheel] = await rows("wheel.economics");
    expect(wheel).toMatchObject({ actorId: actor.id, actorEmail: actor.email, targetType: "wheel" });
    expect(wheel?.after).toMatchObject({ spinPrice: "0.01" });
    expect(wheel?.before).toBeTruthy();

    const contest = await createContest(t.db, { title: "Postal" });
    await boss.admin.recordFreeEntry({ contestId: contest.id, userId: entrant.id, quantity: 2 });
    const [free] = await rows("contest.free_entry");
    expect(free).toMatchObject({ actorId: actor.id, targetType: "contest", targetId: contest.id });
    expect(free?.after).toMatchObject({ userId: entrant.id, quantity: 2 });

    const created = await boss.admin.createWinnerPost({ ...validPost, winDate: "2026-10-02" });
    await boss.admin.updateWinnerPost({ id: created.post.id, data: { ...validPost, title: "Edited" } });
    await boss.admin.deleteWinnerPost({ id: created.post.id });
    for (const action of ["winner_post.create", "winner_post.update", "winner_post.delete"]) {
      expect(await rows(action), action).toMatchObject([{ actorId: actor.id, targetId: created.post.id }]);
    }

    await boss.admin.outbox({ search: "pat@" });
    expect(await rows("outbox.read")).toMatchObject([{ actorId: actor.id, targetType: "outbox", targetId: "pat@" }]);
    // The audit view lists them like the money actions.
    const listed = await rest(t.db, "GET", "/api/admin/audit?action=wheel.economics", { user: actor });
    expect(listed.status).toBe(200);
    expect(listed.body.entries.length).toBeGreaterThan(0);
  });
});
