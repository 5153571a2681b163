import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { runDueDraws } from "../../src/server/services/draws";
import { computeWinningTicket, entriesHashOf, sha256Hex } from "../../src/shared/draw";
import { verifyDraw } from "../../scripts/tools/verify-draw";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { buyTickets } from "../helpers/entries";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { type LocalServer, QUICKNET_ROUND_123, startDrandRelay, startRestServer } from "../helpers/servers";

describe(`draws no one can steer; public draw record; verifier (${dbKind()})`, () => {
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
    bob = await createUser(t.db, { balance: "100", firstName: "Bob", lastName: "jones" });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });
  afterEach(() => {
    delete process.env.DRAW_BEACON;
  });

  const end = (id: string) => rest(t.db, "POST", `/api/admin/contests/${id}/status`, { body: { status: "ended" }, user: admin });
  const record = async (id: string) => (await rest(t.db, "GET", `/api/contests/${id}/draw`)).body;

  it("offline mode: the winner mixes the seed with the final entry list; an early End is recorded; the verifier agrees", async () => {
    const c = await createContest(t.db, { title: "Offline Draw", maxTickets: 100 });
    await buyTickets(t.db, ada, c, 3);
    await buyTickets(t.db, bob, c, 4);
    const before = await record(c.id);
    expect(before).toMatchObject({ method: null, seed: null, soldTickets: 7, winningTicket: null, awaitingResults: false });
    // On sale: tickets listed, nobody named (docs/fair-play.md).
    expect(before.entries.map((e: { name: string | null }) => e.name)).toEqual([null, null]);

    expect((await end(c.id)).status).toBe(200);
    const r = await record(c.id);
    expect(r).toMatchObject({ method: "entries", soldTickets: 7, awaitingResults: false, beacon: null });
    expect(r.endedEarlyAt).not.toBeNull();
    expect(r.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await sha256Hex(r.seed)).toBe(r.seedHash);
    expect(r.scheme).toBe(2); // a Merkle root (src/shared/merkle.ts)
    expect(r.entries.map((e: { name: string | null }) => e.name)).toEqual(["Ada L.", "Bob J."]); // named once closed
    expect(await entriesHashOf(r.entries, r.scheme)).toBe(r.entriesHash);
    // The seed alone (the old formula) is not what decides any more: the entry list is mixed in.
    expect(await computeWinningTicket(r.seed, c.id, 7, [r.entriesHash])).toBe(r.winningTicket);
    expect(r.entries[0]).toEqual({ id: expect.any(String), firstTicket: 1, lastTicket: 3, name: "Ada L." });
    expect(JSON.stringify(r)).not.toContain(ada.id); // no user ids, no emails
    expect(JSON.stringify(r)).not.toContain(ada.email);
    const pub = (await rest(t.db, "GET", `/api/contests/${c.id}`)).body;
    expect(pub.endedEarlyAt).toBe(r.endedEarlyAt);

    const verified = await verifyDraw(app.url, c.id);
    expect(verified.lines.join("\n")).not.toContain("FAIL");
    expect(verified).toMatchObject({ ok: true, winningTicket: r.winningTicket });
    expect(verified.winnerName).toBe(r.winningTicket <= 3 ? "Ada L." : "Bob J.");
    expect(app.hits).toContain(`GET /api/contests/${c.id}/draw`);

    // A record that was tampered with after the draw no longer verifies.
    const other = r.winningTicket === 1 ? 2 : 1;
    await t.db.contest.update({ where: { id: c.id }, data: { winningTicket: other } });
    expect((await verifyDraw(app.url, c.id)).ok).toBe(false);
    await t.db.contest.update({ where: { id: c.id }, data: { winningTicket: r.winningTicket } });
    // The published list is the stored file (src/server/services/draws/public-files.ts): forge an
    // entry and publish the list again from it.
    await t.db.ticketEntry.update({ where: { id: r.entries[0].id }, data: { id: "forged-entry-id" } });
    await t.db.publicFile.deleteMany({ where: { contestId: c.id } });
    const forged = await verifyDraw(app.url, c.id);
    expect(forged.ok).toBe(false);
    expect(forged.lines.join("\n")).toContain("FAIL entry list's Merkle root is entriesHash");
  });

  it("pick your numbers: the draw's position names the k-th sold number, and the verifier agrees", async () => {
    const c = await createContest(t.db, { title: "Picked Draw", pickNumbers: true, maxTickets: 500, ticketPrice: "1" });
    const pick = (user: User, ticketNumbers: number[]) =>
      rest(t.db, "POST", "/api/cart/add", { body: { contestId: c.id, quantity: ticketNumbers.length, ticketNumbers }, user });
    expect((await pick(ada, [7, 150, 499])).status).toBe(200);
    expect((await pick(bob, [42, 300])).status).toBe(200);
    expect((await end(c.id)).status).toBe(200);
    const r = await record(c.id);
    expect([7, 42, 150, 300, 499]).toContain(r.winningTicket); // a number somebody holds, not a position
    const verified = await verifyDraw(app.url, c.id);
    expect(verified.lines.join("\n")).not.toContain("FAIL");
    expect(verified).toMatchObject({ ok: true, winningTicket: r.winningTicket });
    expect(verified.winnerName).toBe([42, 300].includes(r.winningTicket) ? "Bob J." : "Ada L.");
    // Announcing the position instead of the number is caught.
    const sorted = [7, 42, 150, 300, 499];
    await t.db.contest.update({ where: { id: c.id }, data: { winningTicket: sorted.indexOf(r.winningTicket) + 1 } });
    expect((await verifyDraw(app.url, c.id)).ok).toBe(false);
  });

  it("free-entry parity: the record counts postal and online entries, the verifier finds each in the committed list and gives their share", async () => {
    const c = await createContest(t.db, { title: "Free Parity", maxTickets: 100 });
    await buyTickets(t.db, ada, c, 3);
    const postal = await rest(t.db, "POST", `/api/admin/contests/${c.id}/free-entries`, {
      body: { userId: bob.id, quantity: 2 },
      user: admin,
    });
    expect(postal.status).toBe(201);
    expect((await rest(t.db, "POST", `/api/contests/${c.id}/free-entry`, { body: {}, user: ada })).status).toBe(201);
    await buyTickets(t.db, bob, c, 2);
    expect((await end(c.id)).status).toBe(200);
    const r = await record(c.id);
    expect(r.freeEntries).toMatchObject({ postal: 1, online: 1, tickets: 3, sharePercent: "37.50" });
    expect(r.freeEntries.parity).toContain("same chance");
    const file = await rest(t.db, "GET", r.freeEntries.file);
    expect(String(file.body).split("\n")).toEqual([
      expect.stringMatching(/^4-5:.+:postal$/),
      expect.stringMatching(/^6-6:.+:online$/),
    ]);

    const v = await verifyDraw(app.url, c.id);
    const text = v.lines.join("\n");
    expect(text).not.toContain("FAIL");
    expect(text).toContain(
      "2 free entries (1 by post, 1 online) hold 3 of the 8 tickets (37.50%), each in the committed list as published",
    );
    expect(text).toContain("each online free entry is one ticket");
    expect(text).toContain("with the same chance as a paid one (1 in 8)");
    expect(v.ok).toBe(true);

    // A site that names a free entry the committed list does not hold, or miscounts them, is caught;
    // a server from before this change (no freeEntries in the record) still verifies.
    const lying = await startRestServer((url, body) =>
      url.endsWith("/draw/free-entries") ? `${body}\n7-7:ghost-entry:online` : body,
    );
    const miscount = await startRestServer((url, body) =>
      url.endsWith("/draw") ? JSON.stringify({ ...JSON.parse(body), freeEntries: { ...r.freeEntries, postal: 0 } }) : body,
    );
    const older = await startRestServer((url, body) => {
      if (!url.endsWith("/draw")) return body;
      const { freeEntries: _dropped, ...rest } = JSON.parse(body);
      return JSON.stringify(rest);
    });
    try {
      const lie = await verifyDraw(lying.url, c.id);
      expect(lie.ok).toBe(false);
      expect(lie.lines.join("\n")).toContain("FAIL free entries not in the committed list as published: 7-7:ghost-entry:online");
      expect((await verifyDraw(miscount.url, c.id)).lines.join("\n")).toContain("FAIL the record's free-entry counts");
      const old = await verifyDraw(older.url, c.id);
      expect(old.ok).toBe(true);
      expect(old.lines.join("\n")).toContain("does not list free entries");
    } finally {
      await Promise.all([lying.close(), miscount.close(), older.close()]);
    }
  });

  it("a scheduled draw (end date passed) is not marked early", async () => {
    const c = await createContest(t.db, { title: "Timed", endDate: new Date(Date.now() + 60 * 60_000) });
    await buyTickets(t.db, ada, c, 2);
    await t.db.contest.update({ where: { id: c.id }, data: { endDate: new Date(Date.now() - 1000) } });
    const done = await runDueDraws(t.db);
    expect(done.map((d) => d.contestId)).toContain(c.id);
    const r = await record(c.id);
    expect(r).toMatchObject({ method: "entries", endedEarlyAt: null, soldTickets: 2 });
    expect((await verifyDraw(app.url, c.id)).ok).toBe(true);
  });

  it("legacy contests (drawn from seed and soldTickets only) still verify", async () => {
    const c = await createContest(t.db, { title: "Old Draw" });
    await buyTickets(t.db, bob, c, 5);
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    const ticket = await computeWinningTicket(row.drawSeed, c.id, 5);
    await t.db.contest.update({
      where: { id: c.id },
      data: { status: "ended", drawnAt: new Date(), winningTicket: ticket, winnerId: bob.id },
    });
    const r = await record(c.id);
    expect(r.method).toBe("legacy");
    const v = await verifyDraw(app.url, c.id);
    expect(v).toMatchObject({ ok: true, winningTicket: ticket, winnerName: "Bob J." });
  });

  it("beacon mode: awaiting results until the round fixed at close is published and its signature verifies", async () => {
    const forged = await startDrandRelay({ forge: true });
    process.env.DRAW_BEACON = forged.url;
    const c = await createContest(t.db, { title: "Beacon Draw" });
    await buyTickets(t.db, ada, c, 2);
    await buyTickets(t.db, bob, c, 2);
    const closedAt = Date.now();
    expect((await end(c.id)).status).toBe(200);

    let r = await record(c.id);
    expect(r).toMatchObject({ method: "beacon", awaitingResults: true, seed: null, winningTicket: null });
    // The round is one emitted after the close (quicknet: 3 s rounds from 1692803367).
    const currentRound = Math.floor((closedAt / 1000 - 1692803367) / 3) + 1;
    expect(r.beacon.round).toBeGreaterThan(currentRound);
    expect(r.beacon.chainHash).toBe("52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971");
    const pub = (await rest(t.db, "GET", `/api/contests/${c.id}`)).body;
    expect(pub).toMatchObject({ status: "ended", awaitingResults: true, winningTicket: null, drawSeed: null });
    // No more sales, no re-opening while the beacon is awaited.
    const buy = await rest(t.db, "POST", "/api/cart/add", { body: { contestId: c.id, quantity: 1 }, user: ada });
    expect(buy.status).toBe(409);
    const reopen = await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "active" }, user: admin });
    expect(reopen.status).toBe(409);

    // A relay answering with a signature that does not verify for the round is refused.
    expect(await runDueDraws(t.db)).toEqual([]);
    expect(forged.hits.some((h) => h.endsWith(`/public/${r.beacon.round}`))).toBe(true);
    expect((await record(c.id)).awaitingResults).toBe(true);
    await forged.close();

    // Replay the recorded round 123 through a real relay: the contest is re-pointed at it, as if it had closed then.
    const relay = await startDrandRelay();
    process.env.DRAW_BEACON = relay.url;
    expect(await runDueDraws(t.db)).toEqual([]); // its own round is not published: still awaiting
    await t.db.contest.update({ where: { id: c.id }, data: { beaconRound: 123 } });
    const done = await runDueDraws(t.db);
    expect(done.map((d) => d.contestId)).toEqual([c.id]);
    await relay.close();

    r = await record(c.id);
    expect(r).toMatchObject({ method: "beacon", awaitingResults: false });
    expect(r.beacon).toEqual({
      chainHash: expect.any(String),
      round: 123,
      ...{ randomness: QUICKNET_ROUND_123.randomness, signature: QUICKNET_ROUND_123.signature },
    });
    expect(await computeWinningTicket(r.seed, c.id, 4, [r.entriesHash, QUICKNET_ROUND_123.randomness])).toBe(r.winningTicket);
    const v = await verifyDraw(app.url, c.id);
    expect(v.lines.join("\n")).not.toContain("FAIL");
    expect(v.ok).toBe(true);
  });

  it("an awaited draw can still be cancelled with refunds", async () => {
    process.env.DRAW_BEACON = "http://127.0.0.1:9"; // nothing listens: the round never arrives
    const c = await createContest(t.db, { title: "Beacon Never Comes" });
    await buyTickets(t.db, ada, c, 1);
    expect((await end(c.id)).status).toBe(200);
    expect((await record(c.id)).awaitingResults).toBe(true);
    const cancel = await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "cancelled" }, user: admin });
    expect(cancel.status).toBe(200);
    expect((await t.db.ticketEntry.findFirstOrThrow({ where: { contestId: c.id } })).result).toBe("refunded");
  });
});
