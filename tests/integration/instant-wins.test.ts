import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { verifyInstantWins } from "../../scripts/tools/verify-instant-wins";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { sha256Hex } from "../../src/shared/draw";
import { INSTANT_MESSAGES } from "../../src/shared/instant-wins";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { type LocalServer, startRestServer } from "../helpers/servers";

const PRIZES = [
  { kind: "cash", label: "$5 cash", amount: "5.00" },
  { kind: "credit", label: "$2 site credit", amount: 2 },
  { kind: "physical", label: "Smart watch", amount: "100.00" },
];

describe(`instant wins (${dbKind()})`, () => {
  let t: TestDb;
  let app: LocalServer;
  let admin: User;
  let ada: User;
  let bob: User;
  beforeAll(async () => {
    t = await createTestDb();
    app = await startRestServer();
    admin = await createUser(t.db, { role: "admin" });
    ada = await createUser(t.db, { balance: "100", firstName: "Ada", lastName: "Lovelace" });
    bob = await createUser(t.db, { balance: "100", firstName: "Bob", lastName: "Jones" });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const setPrizes = (contestId: string, prizes: unknown, user: User = admin) =>
    rest(t.db, "PUT", `/api/admin/contests/${contestId}/instant-prizes`, { body: { prizes }, user });
  const record = async (id: string) => (await rest(t.db, "GET", `/api/contests/${id}/instant-wins`)).body;
  const buy = (user: User, contestId: string, quantity: number) =>
    rest(t.db, "POST", "/api/cart/add", { body: { contestId, quantity }, user });

  it("commits the map before sales: hashes public, tickets secret (even from admins); bounded and admin-only", async () => {
    const c = await createContest(t.db, { title: "Instant Cars", maxTickets: 50 });
    const set = await setPrizes(c.id, PRIZES);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ total: 3, left: 3, editable: true, ticketMax: 50 });
    expect(set.body.prizes.map((p: { ticket: number | null }) => p.ticket)).toEqual([null, null, null]);
    const r = await record(c.id);
    expect(r).toMatchObject({ total: 3, left: 3, revealed: false, seed: null, ticketMax: 50 });
    expect(r.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.prizes.map((p: { winningTicket: number | null }) => p.winningTicket)).toEqual([null, null, null]);
    expect(r.prizes[1]).toMatchObject({ position: 2, kind: "credit", label: "$2 site credit", amount: "2.00" });
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(await sha256Hex(row.instantSeed as string)).toBe(r.seedHash);
    const audit = await t.db.auditLog.findFirst({ where: { action: "contest.instant_prizes", targetId: c.id } });
    expect(audit?.actorId).toBe(admin.id);

    // Changing the list commits a new map with a new seed.
    expect((await setPrizes(c.id, PRIZES.slice(0, 2))).body.total).toBe(2);
    expect((await record(c.id)).seedHash).not.toBe(r.seedHash);

    expect((await setPrizes(c.id, PRIZES, ada)).status).toBe(403);
    const noMax = await createContest(t.db, { title: "No max" });
    expect(await setPrizes(noMax.id, PRIZES)).toMatchObject({ status: 400, body: { message: INSTANT_MESSAGES.needsTicketMax } });
    const tiny = await createContest(t.db, { title: "Tiny", maxTickets: 2 });
    expect(await setPrizes(tiny.id, PRIZES)).toMatchObject({ status: 400, body: { message: INSTANT_MESSAGES.tooMany(2) } });
    expect((await setPrizes(c.id, [{ kind: "cash", label: "no amount" }])).status).toBe(400);
    expect((await setPrizes(c.id, [{ kind: "cash", label: "tiny", amount: "0.001" }])).status).toBe(400);
    expect((await setPrizes(c.id, [{ kind: "cash", label: "line\nbreak", amount: "1" }])).status).toBe(400);
    expect(
      (
        await setPrizes(
          c.id,
          Array.from({ length: 101 }, () => PRIZES[0]),
        )
      ).status,
    ).toBe(400);
    expect((await setPrizes("nope", PRIZES)).status).toBe(404);
    expect((await record(c.id)).total).toBe(2); // refused calls changed nothing

    // The ticket maximum is what the map was drawn in: it cannot change under it.
    const edit = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    const editRes = await rest(t.db, "PUT", `/api/admin/contests/${c.id}`, {
      user: admin,
      body: {
        title: edit.title,
        description: edit.description,
        category: edit.category,
        ticketPrice: edit.ticketPrice.toString(),
        maxTickets: 60,
      },
    });
    expect(editRes).toMatchObject({ status: 409, body: { message: INSTANT_MESSAGES.ticketMaxFrozen } });
  });

  it("awards at checkout in the purchase's transaction, once; free entries win alike; frozen after the first sale; reveal verifies", async () => {
    // Every ticket wins: as many prizes as tickets.
    const c = await createContest(t.db, { title: "Every Ticket Wins", maxTickets: 3, ticketPrice: "1" });
    expect((await setPrizes(c.id, PRIZES)).status).toBe(200);

    const first = await buy(ada, c.id, 2);
    expect(first.status).toBe(200);
    expect(first.body.instantWins).toHaveLength(2);
    const tickets = first.body.instantWins.map((w: { ticket: number }) => w.ticket).sort();
    expect(tickets).toEqual([1, 2]);
    const credited = first.body.instantWins
      .filter((w: { kind: string }) => w.kind !== "physical")
      .reduce((s: number, w: { amount: string }) => s + Number(w.amount), 0);
    expect(Number(first.body.balance)).toBe(100 - 2 + credited);
    expect(Number((await t.db.user.findUniqueOrThrow({ where: { id: ada.id } })).balance)).toBe(100 - 2 + credited);
    const notes = await t.db.notification.findMany({ where: { userId: ada.id, title: "Instant Win!" } });
    expect(notes).toHaveLength(2);

    // Before the end nothing is revealed (only the won tickets) and the verifier says so.
    const early = await record(c.id);
    expect(early).toMatchObject({ seed: null, revealed: false, left: 1 });
    expect(early.prizes.filter((p: { winningTicket: number | null }) => p.winningTicket !== null)).toHaveLength(2);
    expect((await verifyInstantWins(app.url, c.id)).ok).toBe(false);

    // Frozen from the first sale.
    expect(await setPrizes(c.id, PRIZES)).toMatchObject({ status: 409, body: { message: INSTANT_MESSAGES.frozen } });

    // The last ticket goes by free postal entry to Bob: he wins the last prize.
    const free = await rest(t.db, "POST", `/api/admin/contests/${c.id}/free-entries`, { body: { userId: bob.id }, user: admin });
    expect(free.status).toBe(201);
    const bobWon = await t.db.instantPrize.findMany({ where: { contestId: c.id, winnerId: bob.id } });
    expect(bobWon.map((p) => p.winningTicket)).toEqual([3]);
    const admins = (await rest(t.db, "GET", `/api/admin/contests/${c.id}/instant-prizes`, { user: admin })).body;
    expect(admins).toMatchObject({ total: 3, left: 0, editable: false });
    expect(admins.prizes.map((p: { ticket: number }) => p.ticket).sort()).toEqual([1, 2, 3]);

    // A physical prize is a Prize row the winner claims as usual.
    const physical = await t.db.instantPrize.findFirstOrThrow({ where: { contestId: c.id, kind: "physical" } });
    const prize = await t.db.prize.findUniqueOrThrow({ where: { instantPrizeId: physical.id } });
    expect(prize).toMatchObject({ userId: physical.winnerId, status: "unclaimed" });
    expect(prize.cashAlternative?.toString()).toBe("100");
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    // Sold out: the draw ran after the free entry; the map and seed are public now.
    const r = await record(c.id);
    expect(r).toMatchObject({ revealed: true, left: 0, soldTickets: 3 });
    expect(r.prizes.every((p: { awardedEntry: unknown }) => p.awardedEntry !== null)).toBe(true);
    const v = await verifyInstantWins(app.url, c.id);
    expect(v.lines.join("\n")).not.toContain("FAIL");
    expect(v.ok).toBe(true);

    // Tampering with what was committed is caught: change an awarded prize's stored ticket.
    await t.db.$executeRaw`UPDATE "InstantPrize" SET "winningTicket" = "winningTicket" + 100 WHERE "id" = ${physical.id}`;
    const forged = await verifyInstantWins(app.url, c.id);
    expect(forged.ok).toBe(false);
    expect(forged.lines.join("\n")).toContain("FAIL");
  });

  it("concurrent buyers: each ticket's prize once, the last one to exactly one buyer; a map set racing the first sale stays honest", async () => {
    const cash = PRIZES[0];
    // Two buyers at once, both served: one prize each, never the same one.
    const a = await createContest(t.db, { title: "Race both", maxTickets: 2, ticketPrice: "1" });
    expect((await setPrizes(a.id, [cash, cash])).status).toBe(200);
    const both = await Promise.all([buy(ada, a.id, 1), buy(bob, a.id, 1)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const ids = both.flatMap((r) => r.body.instantWins.map((w: { instantPrizeId: string }) => w.instantPrizeId));
    expect(new Set(ids).size).toBe(2);

    // The last prize: two buyers want the last ticket; exactly one gets it and its prize.
    const b = await createContest(t.db, { title: "Race last", maxTickets: 3, ticketPrice: "1" });
    expect((await setPrizes(b.id, [cash, cash, cash])).status).toBe(200);
    expect((await buy(ada, b.id, 2)).status).toBe(200);
    const last = await Promise.all([buy(ada, b.id, 1), buy(bob, b.id, 1)]);
    expect(last.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(last.find((r) => r.status === 200)?.body.instantWins).toHaveLength(1);
    const awarded = await t.db.instantPrize.findMany({ where: { contestId: b.id } });
    expect(awarded.every((p) => p.awardedAt !== null)).toBe(true);
    const rows = await t.db.ledgerEntry.count({ where: { kind: "instant_cash", reference: { in: awarded.map((p) => p.id) } } });
    expect(rows).toBe(3);

    // Setting the map while the first ticket sells: either the map came first (the ticket wins) or
    // it is refused as frozen; never a map whose sold ticket went unawarded.
    const c = await createContest(t.db, { title: "Race set", maxTickets: 1, ticketPrice: "1" });
    const [set, sale] = await Promise.all([setPrizes(c.id, [cash]), buy(bob, c.id, 1)]);
    expect(sale.status).toBe(200);
    if (set.status === 200) {
      expect(sale.body.instantWins).toHaveLength(1);
    } else {
      expect(set).toMatchObject({ status: 409, body: { message: INSTANT_MESSAGES.frozen } });
      expect(sale.body.instantWins).toHaveLength(0);
    }
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
