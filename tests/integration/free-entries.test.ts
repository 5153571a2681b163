import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";

describe(`free postal entries (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let player: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    player = await createUser(t.db, { balance: "10" });
  });
  afterAll(() => t.close());

  const free = (contestId: string, body: Record<string, unknown>, user: User | null = admin) =>
    rest(t.db, "POST", `/api/admin/contests/${contestId}/free-entries`, { body, user });

  it("issues tickets like a purchase with a $0 ledger row, counting toward the same caps, shown in purchases", async () => {
    const c = await createContest(t.db, { title: "Postal Prize", maxTickets: 5, maxTicketsPerUser: 3, ticketPrice: "4" });
    const paid = await rest(t.db, "POST", "/api/cart/add", { body: { contestId: c.id, quantity: 1 }, user: player });
    expect(paid.status).toBe(200);

    const one = await free(c.id, { userId: player.id });
    expect(one.status).toBe(201);
    expect(one.body.entry).toMatchObject({ firstTicket: 2, lastTicket: 2, ticketCount: 1, totalAmount: "0.00" });
    const two = await free(c.id, { userId: player.id, quantity: 1 });
    expect(two.body.entry).toMatchObject({ firstTicket: 3, lastTicket: 3 });

    // Per-player cap (3) counts free and paid tickets alike; nothing is written on a refusal.
    const capped = await free(c.id, { userId: player.id });
    expect(capped.status).toBe(409);
    expect(capped.body.message).toContain("Ticket limit reached");
    const other = await createUser(t.db);
    const tooMany = await free(c.id, { userId: other.id, quantity: 3 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toContain("only 2 tickets left");

    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.soldTickets).toBe(3);
    const u = await t.db.user.findUniqueOrThrow({ where: { id: player.id } });
    expect(u.balance.toString()).toBe("6"); // only the paid ticket
    const ledger = await t.db.ledgerEntry.findMany({
      where: { userId: player.id, kind: "purchase" },
      orderBy: { createdAt: "asc" },
    });
    expect(ledger.map((l) => l.amount.toString())).toEqual(["-4", "0", "0"]);

    const purchases = await rest(t.db, "GET", "/api/user/purchases", { user: player });
    const freeLines = purchases.body.filter((p: { freeEntry: boolean }) => p.freeEntry);
    expect(freeLines).toHaveLength(2);
    expect(freeLines[0]).toMatchObject({ contestId: c.id, totalAmount: "0.00", ticketCount: 1 });

    // The free tickets are in the public entry list like any other (equal odds).
    const record = await rest(t.db, "GET", `/api/contests/${c.id}/draw`);
    expect(record.body.entries.map((e: { firstTicket: number }) => e.firstTicket)).toEqual([1, 2, 3]);

    // Selling out through a free entry draws the contest, as a purchase would.
    expect((await free(c.id, { userId: other.id, quantity: 2 })).status).toBe(201);
    const ended = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(ended.status).toBe("ended");
    expect(ended.winningTicket).not.toBeNull();
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it("is admin only, validates its input and refuses unknown users and contests", async () => {
    const c = await createContest(t.db, { title: "Guarded" });
    expect((await free(c.id, { userId: player.id }, null)).status).toBe(401);
    expect((await free(c.id, { userId: player.id }, player)).status).toBe(403);
    expect((await free(c.id, { userId: player.id, quantity: 0 })).status).toBe(400);
    expect((await free(c.id, {})).status).toBe(400);
    expect((await free(c.id, { userId: "nobody" })).status).toBe(404);
    expect((await free("nope", { userId: player.id })).status).toBe(404);
    expect(await t.db.ticketEntry.count({ where: { contestId: c.id } })).toBe(0);
  });

  it("is never for the recording admin's own account", async () => {
    const c = await createContest(t.db, { title: "Own account" });
    const own = await free(c.id, { userId: admin.id });
    expect(own).toMatchObject({
      status: 403,
      body: { message: "An admin cannot record a free entry for their own account: another admin must record it" },
    });
    expect(await t.db.ticketEntry.count({ where: { contestId: c.id } })).toBe(0);
  });
});
