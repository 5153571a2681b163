import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { runDueDraws } from "../../src/server/services/draws";
import { computeWinningTicket, entriesHashOf, sha256Hex } from "../../src/shared/draw";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { buyTickets } from "../helpers/entries";

describe(`provably fair draws (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    alice = await createUser(t.db, { balance: "100", firstName: "Alice", lastName: "Smith" });
    bob = await createUser(t.db, { balance: "100", firstName: "Bob", lastName: "Jones" });
  });
  afterAll(() => t.close());

  const end = (id: string) => rest(t.db, "POST", `/api/admin/contests/${id}/status`, { body: { status: "ended" }, user: admin });

  it("End draws the winning ticket from the committed seed, reveals it and the proof recomputes", async () => {
    const c = await createContest(t.db, { title: "Proof Prize", ticketPrice: "2", cashAlternative: "500" });
    await buyTickets(t.db, alice, c, 3);
    await buyTickets(t.db, bob, c, 5);
    await buyTickets(t.db, alice, c, 2);
    const before = await rest(t.db, "GET", `/api/contests/${c.id}`);
    expect(before.body.drawSeed).toBeNull();
    const committedHash = before.body.drawSeedHash;

    const res = await end(c.id);
    expect(res.status).toBe(200);
    const pub = (await rest(t.db, "GET", `/api/contests/${c.id}`)).body;
    expect(pub.status).toBe("ended");
    expect(pub.soldTickets).toBe(10);
    expect(pub.drawSeed).toMatch(/^[0-9a-f]{64}$/);
    // Anyone can verify: the revealed seed matches the hash published when the contest opened,
    // and recomputing from it gives the announced winning ticket.
    expect(await sha256Hex(pub.drawSeed)).toBe(committedHash);
    // The final entry list is mixed in (docs/fair-play.md): its hash is on the public draw record.
    const record = (await rest(t.db, "GET", `/api/contests/${c.id}/draw`)).body;
    expect(record.scheme).toBe(2);
    expect(await entriesHashOf(record.entries, record.scheme)).toBe(record.entriesHash);
    expect(await computeWinningTicket(pub.drawSeed, c.id, pub.soldTickets, [record.entriesHash])).toBe(pub.winningTicket);

    const entries = await t.db.ticketEntry.findMany({ where: { contestId: c.id } });
    const holder = entries.find((e) => e.firstTicket <= pub.winningTicket && e.lastTicket >= pub.winningTicket)!;
    // The public contest names no user (docs/fair-play.md): no winnerId; admins see it.
    expect(pub).not.toHaveProperty("winnerId");
    const adminRow = (await rest(t.db, "GET", "/api/admin/contests", { user: admin })).body.find(
      (x: { id: string }) => x.id === c.id,
    );
    expect(adminRow.winnerId).toBe(holder.userId);
    // No entry is rewritten by the draw: each player's won/lost is derived from the winner when read.
    for (const e of entries) expect(e.result).toBeNull();
    const purchasesOf = async (u: User) => (await rest(t.db, "GET", "/api/user/purchases", { user: u })).body;
    for (const u of [alice, bob]) {
      for (const p of await purchasesOf(u)) expect(p.status).toBe(u.id === holder.userId ? "won" : "lost");
    }

    const notes = await t.db.notification.findMany({ where: { type: "contest_result" } });
    expect(notes.map((n) => n.userId).sort()).toEqual([alice.id, bob.id].sort());
    expect(notes.find((n) => n.userId === holder.userId)?.title).toBe("Congratulations! You won!");
    expect(notes.find((n) => n.userId !== holder.userId)?.title).toBe("Contest Result");

    const post = await t.db.winnerPost.findFirstOrThrow({ where: { contestId: c.id } });
    expect(post.isPublished).toBe(false);
    expect(post.winnerId).toBe(holder.userId);
    expect(post.winnerName).toBe(holder.userId === alice.id ? "Alice S." : "Bob J.");
    expect(post.winAmount).toBe("$500.00 cash alternative");

    // A second End changes nothing; Activate is refused once drawn.
    expect((await end(c.id)).status).toBe(200);
    expect(await t.db.notification.count({ where: { type: "contest_result" } })).toBe(2);
    expect(await t.db.winnerPost.count({ where: { contestId: c.id } })).toBe(1);
    const reopen = await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "active" }, user: admin });
    expect(reopen.status).toBe(409);
  });

  it("no tickets sold: ended without a winner; Activate re-opens it with a fresh commitment", async () => {
    const c = await createContest(t.db, { title: "Empty" });
    expect((await end(c.id)).status).toBe(200);
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(row).toMatchObject({ status: "ended", winnerId: null, winningTicket: null });
    expect(row.drawnAt).not.toBeNull();
    const reopen = await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "active" }, user: admin });
    expect(reopen.status).toBe(200);
    const again = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(again.status).toBe("active");
    expect(again.drawnAt).toBeNull();
    expect(again.drawSeed).not.toBe(row.drawSeed); // the revealed seed is never reused
    expect(await sha256Hex(again.drawSeed)).toBe(again.drawSeedHash);
    const twice = await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "active" }, user: admin });
    expect(twice.status).toBe(409);
  });

  it("cancel refunds every entry through the ledger, marks entries refunded and notifies", async () => {
    const c = await createContest(t.db, { title: "Cancelled Prize", ticketPrice: "1.25" });
    const before = await t.db.user.findUniqueOrThrow({ where: { id: bob.id } });
    const e1 = await buyTickets(t.db, bob, c, 4);
    await buyTickets(t.db, bob, c, 1);
    const res = await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "cancelled" }, user: admin });
    expect(res.status).toBe(200);
    expect(res.body.contest.status).toBe("cancelled");
    const after = await t.db.user.findUniqueOrThrow({ where: { id: bob.id } });
    expect(after.balance.toString()).toBe(before.balance.toString());
    const refund = await t.db.ledgerEntry.findUniqueOrThrow({ where: { kind_reference: { kind: "refund", reference: e1.id } } });
    expect(refund.amount.toString()).toBe("5");
    expect(await t.db.ticketEntry.count({ where: { contestId: c.id, result: "refunded" } })).toBe(2);
    const note = await t.db.notification.findFirstOrThrow({ where: { userId: bob.id, title: "Contest Cancelled" } });
    expect(note.message).toContain("$6.25");
    // Ledger invariant: balance equals the sum of the user's ledger rows.
    const sum = await t.db.ledgerEntry.aggregate({ where: { userId: bob.id }, _sum: { amount: true } });
    expect(sum._sum.amount?.toString()).toBe(after.balance.toString());
    const again = await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "cancelled" }, user: admin });
    expect(again.status).toBe(409);
  });

  it("the scheduler draws sold-out and expired contests only, once", async () => {
    const soldOut = await createContest(t.db, { title: "Sold Out", maxTickets: 3 });
    await buyTickets(t.db, alice, soldOut, 3);
    const expired = await createContest(t.db, { title: "Expired", endDate: new Date(Date.now() - 60_000) });
    await buyTickets(t.db, bob, expired, 2);
    const running = await createContest(t.db, { title: "Running", maxTickets: 10, endDate: new Date(Date.now() + 3600_000) });
    await buyTickets(t.db, bob, running, 2);
    const first = await runDueDraws(t.db);
    expect(first.map((d) => d.contestId).sort()).toEqual([soldOut.id, expired.id].sort());
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: soldOut.id } })).winnerId).toBe(alice.id);
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: expired.id } })).winnerId).toBe(bob.id);
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: running.id } })).status).toBe("active");
    expect(await runDueDraws(t.db)).toEqual([]);
  });

  it("an expired contest cannot be re-activated until its end date is edited", async () => {
    const c = await createContest(t.db, { title: "Past", status: "ended", endDate: new Date(Date.now() - 60_000) });
    const res = await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "active" }, user: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("end date has passed");
  });
  it("no public answer carries a user id, and while on sale none names an entrant; the winner's own purchases still say won", async () => {
    const c = await createContest(t.db, { title: "Quiet Prize", ticketPrice: "1", maxTickets: 4 });
    expect(
      (
        await rest(t.db, "PUT", `/api/admin/contests/${c.id}/instant-prizes`, {
          body: {
            prizes: [
              { kind: "cash", label: "$1", amount: "1" },
              { kind: "cash", label: "$1", amount: "1" },
              { kind: "cash", label: "$1", amount: "1" },
              { kind: "cash", label: "$1", amount: "1" },
            ],
          },
          user: admin,
        })
      ).status,
    ).toBe(200);
    await buyTickets(t.db, alice, c, 1);
    await buyTickets(t.db, bob, c, 2);
    const publicText = async () =>
      JSON.stringify(
        await Promise.all(
          [
            `/api/contests/${c.id}`,
            "/api/contests",
            `/api/contests/${c.id}/draw`,
            `/api/contests/${c.id}/draw?ticket=2`,
            `/api/contests/${c.id}/instant-wins`,
            "/api/winner-posts",
            "/api/draws/live",
          ].map(async (path) => (await rest(t.db, "GET", path)).body),
        ),
      );
    const onSale = await publicText();
    for (const secret of [alice.id, bob.id, "Alice", "Bob"]) expect(onSale).not.toContain(secret);
    const record = (await rest(t.db, "GET", `/api/contests/${c.id}/draw`)).body;
    expect(record.entries.map((e: { name: string | null }) => e.name)).toEqual([null, null]);

    expect((await end(c.id)).status).toBe(200);
    await t.db.winnerPost.updateMany({ where: { contestId: c.id }, data: { isPublished: true } });
    const drawn = await publicText();
    const trail = JSON.stringify((await rest(t.db, "GET", `/api/contests/${c.id}/prize-trail`)).body);
    for (const id of [alice.id, bob.id]) {
      expect(drawn).not.toContain(id);
      expect(trail).not.toContain(id);
    }
    // Once sales closed the names are published, masked.
    expect(drawn).toContain("Alice S.");
    expect(drawn).not.toContain("Smith");
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    const winner = row.winnerId === alice.id ? alice : bob;
    const loser = winner === alice ? bob : alice;
    const mine = async (u: User) =>
      (await rest(t.db, "GET", "/api/user/purchases", { user: u })).body.filter(
        (p: { contestId: string }) => p.contestId === c.id,
      );
    for (const p of await mine(winner)) expect(p).toMatchObject({ status: "won", result: winner.id });
    for (const p of await mine(loser)) expect(p).toMatchObject({ status: "lost", result: null });
    const admins = (await rest(t.db, "GET", "/api/admin/winner-posts", { user: admin })).body;
    expect(admins.find((p: { contestId: string }) => p.contestId === c.id)?.winnerId).toBe(winner.id);
  });
});
