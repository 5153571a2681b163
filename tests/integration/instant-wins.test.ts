import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { verifyInstantWins } from "../../scripts/tools/verify-instant-wins";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { redrawAllLegacyInstantMaps } from "../../src/server/services/checkout";
import { sha256Hex } from "../../src/shared/draw";
import { deriveInstantMap, INSTANT_MESSAGES, type InstantMap, instantMapHash } from "../../src/shared/instant-wins";
import { moneyString } from "../../src/shared/money";
import { bruteForceInstantMap } from "../helpers/instant-brute-force";
import { dbKind, type TestDb } from "../helpers/db";
import { createContest, rest } from "../helpers/fixtures";
import type { LocalServer } from "../helpers/servers";
import { type DrawScene, openDrawScene } from "../helpers/draw-scene";

const PRIZES = [
  { kind: "cash", label: "$5 cash", amount: "5.00" },
  { kind: "credit", label: "$2 site credit", amount: 2 },
  { kind: "physical", label: "Smart watch", amount: "100.00" },
];

describe(`instant wins (${dbKind()})`, () => {
  let scene: DrawScene;
  let t: TestDb, app: LocalServer, admin: User, ada: User, bob: User;
  beforeAll(async () => {
    scene = await openDrawScene();
    ({ t, app, admin, ada, bob } = scene);
  });
  afterAll(() => scene.close());

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
  /**
   * What the code before the keyed hash left in the database: a map committed under scheme 1
   * (mapHash = SHA-256 of its text), drawn from a seed for which `pick` holds. With `scheme: 2` the
   * row pretends to be keyed for a while, so a test can make sales under that map first (as the old
   * code did) and then mark it scheme 1, as the migration does.
   */
  async function installLegacyMap(contestId: string, pick: (m: InstantMap) => boolean = () => true, scheme: 1 | 2 = 1) {
    const c = await t.db.contest.findUniqueOrThrow({
      where: { id: contestId },
      include: { instantPrizes: { orderBy: { position: "asc" } } },
    });
    const ticketMax = c.instantTicketMax as number;
    const specs = c.instantPrizes.map((p) => ({
      position: p.position,
      kind: p.kind,
      label: p.label,
      amount: p.amount ? moneyString(p.amount) : null,
    }));
    let seed = "";
    let map: InstantMap = new Map();
    for (let i = 0; seed === "" || !pick(map); i++) {
      seed = (await sha256Hex(`legacy ${contestId} ${i}`)).slice(0, 64);
      map = await deriveInstantMap(seed, contestId, ticketMax, specs);
    }
    const mapHash = await instantMapHash({ seed, contestId, ticketMax, prizes: specs, scheme: 1 }, map);
    await t.db.$executeRaw`UPDATE "InstantPrize" SET "winningTicket" = "winningTicket" + 100000 WHERE "contestId" = ${contestId}`;
    for (const p of c.instantPrizes)
      await t.db.instantPrize.update({ where: { id: p.id }, data: { winningTicket: map.get(p.position) as number } });
    await t.db.contest.update({
      where: { id: contestId },
      data: { instantSeed: seed, instantSeedHash: await sha256Hex(seed), instantMapHash: mapHash, instantScheme: scheme },
    });
    return { seed, map, mapHash, specs, ticketMax };
  }

  it("the record before the sale gives a brute force nothing; a scheme-1 map is withheld and decides no sale: re-drawn among unsold tickets, then it verifies", async () => {
    const cash = PRIZES[0];
    const c = await createContest(t.db, { title: "Brute force me", maxTickets: 30, ticketPrice: "1" });
    expect((await setPrizes(c.id, [cash, cash])).status).toBe(200);
    const pub = await record(c.id);
    expect(pub).toMatchObject({ scheme: 2, ticketMax: 30, redraw: null });
    expect(pub.mapHash).toMatch(/^[0-9a-f]{64}$/);
    // Everything public about the contest, and 870 candidate maps: none hashes to mapHash.
    expect(await bruteForceInstantMap({ ...pub, prizes: pub.prizes })).toBeNull();

    // A map committed before the keyed hash: the SHA-256 the old code published gives it away.
    const legacy = await installLegacyMap(c.id);
    const oldTickets = [legacy.map.get(1), legacy.map.get(2)] as number[];
    expect(await bruteForceInstantMap({ ...pub, seedHash: await sha256Hex(legacy.seed), mapHash: legacy.mapHash })).toEqual(
      oldTickets,
    );
    // Now it is withheld while the contest is on sale (admins see it no more than anyone).
    const withheld = await record(c.id);
    expect(withheld).toMatchObject({ scheme: 1, mapHash: null, redraw: null });
    expect((await rest(t.db, "GET", `/api/admin/contests/${c.id}/instant-prizes`, { user: admin })).body.mapHash).toBeNull();

    // The attacker who recovered an old map picks exactly its two winning numbers (under the old
    // code: both prizes, for sure). The sale re-draws the map from a fresh seed first and is judged
    // against it like any sale: a prize only where the new map says, which the old one tells nothing about.
    // Lucky dips sold before the change (scheme 2 then). They win a prize about once in 170 runs, which
    // would carry it through the re-draw: take a contest where they won nothing, as the scene needs.
    let d = await createContest(t.db, { title: "Pick the old winners", pickNumbers: true, maxTickets: 1000, ticketPrice: "1" });
    for (let attempt = 0; ; attempt++) {
      expect((await setPrizes(d.id, [cash, cash])).status).toBe(200);
      expect((await buy(bob, d.id, 3)).status).toBe(200);
      if ((await t.db.instantPrize.count({ where: { contestId: d.id, winnerId: { not: null } } })) === 0) break;
      expect(attempt).toBeLessThan(5);
      d = await createContest(t.db, { title: "Pick the old winners", pickNumbers: true, maxTickets: 1000, ticketPrice: "1" });
    }
    const bobsTickets = (await t.db.ticketEntry.findMany({ where: { contestId: d.id, userId: bob.id } })).map(
      (e) => e.firstTicket,
    );
    const dLegacy = await installLegacyMap(d.id, (m) => [...m.values()].every((n) => !bobsTickets.includes(n)));
    const picks = [dLegacy.map.get(1), dLegacy.map.get(2)] as number[];
    const attack = await rest(t.db, "POST", "/api/cart/add", {
      body: { contestId: d.id, quantity: 2, ticketNumbers: picks },
      user: ada,
    });
    expect(attack.status).toBe(200);
    const after = await record(d.id);
    expect(after).toMatchObject({ scheme: 2, revealed: false });
    expect(after.seedHash).not.toBe(await sha256Hex(dLegacy.seed));
    expect(after.mapHash).toMatch(/^[0-9a-f]{64}$/);
    expect(after.redraw).toMatchObject({
      carried: [],
      excludedCount: 3, // bob's three: sold before this sale
      previousSeedHash: await sha256Hex(dLegacy.seed),
      excluded: null,
      previousSeed: null,
      previousMapHash: null,
    });
    const newTickets = (await t.db.instantPrize.findMany({ where: { contestId: d.id }, orderBy: { position: "asc" } })).map(
      (p) => p.winningTicket,
    );
    for (const n of newTickets) expect(bobsTickets).not.toContain(n);
    // The attacker won exactly what the fresh map gives their numbers (both: one chance in ~500,000).
    const won = attack.body.instantWins.map((w: { ticket: number }) => w.ticket).sort();
    expect(won).toEqual(newTickets.filter((n) => picks.includes(n)).sort());
    expect(won.length).toBeLessThan(2);
    const audit = await t.db.auditLog.findFirst({ where: { action: "contest.instant_redraw", targetId: d.id } });
    expect(audit).toMatchObject({ actorId: null, actorEmail: "system" });

    // Sales end: the reveal verifies the new map and the replaced one (excluded ⊆ sold, read from the entry list).
    expect(
      (await rest(t.db, "POST", `/api/admin/contests/${d.id}/status`, { body: { status: "ended" }, user: admin })).status,
    ).toBe(200);
    const revealed = await record(d.id);
    expect(revealed).toMatchObject({ revealed: true });
    expect(revealed.redraw).toMatchObject({
      excluded: [...bobsTickets].sort((a, b) => a - b).join(","),
      previousSeed: dLegacy.seed,
      previousMapHash: dLegacy.mapHash,
    });
    const v = await verifyInstantWins(app.url, d.id);
    expect(v.lines.join("\n")).not.toContain("FAIL");
    expect(v.lines.join("\n")).toContain("the replaced map recomputes and hashes to its mapHash");
    expect(v.ok).toBe(true);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    // A forged replaced commitment is caught.
    await t.db
      .$executeRaw`UPDATE "Contest" SET "instantRedraw" = jsonb_set("instantRedraw", '{previous,mapHash}', '"00"') WHERE "id" = ${d.id}`;
    expect((await verifyInstantWins(app.url, d.id)).ok).toBe(false);
  });

  it("a scheme-1 map already partly won: the won prize keeps its ticket and winner, the others move to unsold tickets; both maps verify", async () => {
    const cash = PRIZES[0];
    const c = await createContest(t.db, { title: "Partly won", maxTickets: 20, ticketPrice: "1" });
    expect((await setPrizes(c.id, [cash, cash])).status).toBe(200);
    // Under the old code: prize 1's ticket comes first and is sold (won), prize 2's is not.
    const legacy = await installLegacyMap(c.id, (m) => (m.get(1) as number) < (m.get(2) as number) - 1, 2);
    const first = legacy.map.get(1) as number;
    expect((await buy(ada, c.id, first)).body.instantWins).toHaveLength(1);
    await t.db.contest.update({ where: { id: c.id }, data: { instantScheme: 1 } }); // what the migration does

    expect(await redrawAllLegacyInstantMaps(t.db)).toBeGreaterThanOrEqual(1);
    const r = await record(c.id);
    expect(r).toMatchObject({ scheme: 2, left: 1 });
    expect(r.redraw).toMatchObject({ carried: [1], excludedCount: first });
    expect(r.prizes[0]).toMatchObject({ awarded: true, winningTicket: first });
    const moved = await t.db.instantPrize.findFirstOrThrow({ where: { contestId: c.id, position: 2 } });
    expect(moved.winningTicket).toBeGreaterThan(first);
    expect(await redrawAllLegacyInstantMaps(t.db)).toBe(0); // once

    expect((await buy(bob, c.id, 20 - first)).body.instantWins).toHaveLength(1);
    const v = await verifyInstantWins(app.url, c.id);
    expect(v.lines.join("\n")).not.toContain("FAIL");
    expect(v.lines.join("\n")).toContain(`carried prize 1: ticket #${first} in the replaced map`);
    expect(v.ok).toBe(true);
  });

  it("old maps still verify: a scheme-1 contest revealed before the change keeps its SHA-256 mapHash, published and checked", async () => {
    const cash = PRIZES[0];
    const c = await createContest(t.db, { title: "Old and done", maxTickets: 4, ticketPrice: "1" });
    expect((await setPrizes(c.id, [cash])).status).toBe(200);
    const legacy = await installLegacyMap(c.id, () => true, 2);
    expect((await buy(ada, c.id, 4)).body.instantWins).toHaveLength(1); // sold out: drawn, revealed
    await t.db.contest.update({ where: { id: c.id }, data: { instantScheme: 1 } });
    expect(await redrawAllLegacyInstantMaps(t.db)).toBe(0); // a revealed map is left as it was
    const r = await record(c.id);
    expect(r).toMatchObject({ scheme: 1, revealed: true, mapHash: legacy.mapHash, redraw: null });
    const v = await verifyInstantWins(app.url, c.id);
    expect(v.lines.join("\n")).not.toContain("FAIL");
    expect(v.ok).toBe(true);
  });
});
