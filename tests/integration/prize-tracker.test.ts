/**
 * The prize-delivery tracker through REST and tRPC (docs/fair-play.md "Prize delivery"): the trail of
 * a cash prize (the ledger entry's id) and of a delivered one (carrier and tracking), the public trail
 * without personal data, the winner's confirmation and dispute (a complaint), moves the state machine
 * refuses (409, nothing written), a race between confirm and dispute, and overdue fulfilments.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { drawContest } from "../../src/server/services/draws";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { checkout } from "../../src/server/services/checkout";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, FIXTURE_DELIVERY, rest } from "../helpers/fixtures";

describe(`prize-delivery tracker (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
  });
  afterEach(() => {
    delete process.env.PRIZE_FULFILMENT_TARGET_DAYS;
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await t.close();
  });

  async function win(cashAlternative: string | null = null) {
    const winner = await createUser(t.db, { balance: "10", firstName: "Annabel", lastName: "Leeward" });
    const contest = await createContest(t.db, { title: `Bike ${Math.random()}`, ticketPrice: "1.00", cashAlternative });
    await checkout(t.db, winner.id, [{ contestId: contest.id, quantity: 1 }]);
    await drawContest(t.db, contest.id);
    const prize = await t.db.prize.findFirstOrThrow({ where: { contestId: contest.id, instantPrizeId: null } });
    return { winner, contest, prize };
  }

  async function requested() {
    const w = await win();
    const res = await rest(t.db, "POST", `/api/user/prizes/${w.prize.id}/claim`, {
      user: w.winner,
      body: { choice: "prize", delivery: FIXTURE_DELIVERY },
    });
    expect(res.status).toBe(200);
    return w;
  }

  const ship = (id: string, body: Record<string, unknown> = { carrier: "DHL", trackingRef: "JD0123456789" }) =>
    rest(t.db, "POST", `/api/admin/prizes/${id}/status`, { user: admin, body: { status: "shipped", ...body } });
  const deliver = (id: string) =>
    rest(t.db, "POST", `/api/admin/prizes/${id}/status`, { user: admin, body: { status: "delivered" } });
  const kinds = (trail: { kind: string }[]) => trail.map((s) => s.kind);

  it("cash: the trail is won → cash paid with the ledger entry's id, in public and in the winner's account", async () => {
    const { winner, contest, prize } = await win("500.00");
    const claimed = await rest(t.db, "POST", `/api/user/prizes/${prize.id}/claim`, { user: winner, body: { choice: "cash" } });
    expect(claimed.status).toBe(200);
    const entry = await t.db.ledgerEntry.findUniqueOrThrow({
      where: { kind_reference: { kind: "prize_cash", reference: prize.id } },
    });
    expect(kinds(claimed.body.trail)).toEqual(["won", "cash_paid"]);
    expect(claimed.body.trail[1].transactionId).toBe(entry.id);

    const pub = await rest(t.db, "GET", `/api/contests/${contest.id}/prize-trail`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ contestId: contest.id, winner: "Annabel L.", status: "cash_credited" });
    expect(kinds(pub.body.trail)).toEqual(["won", "cash_paid"]);
    expect(pub.body.trail[1].transactionId).toBe(entry.id);
    expect(new Date(pub.body.trail[0].at).getTime()).toBeLessThanOrEqual(new Date(pub.body.trail[1].at).getTime());
  });

  it("delivery: requested → shipped (carrier, tracking) → delivered → receipt confirmed; the public trail shows no personal data", async () => {
    const { winner, contest, prize } = await requested();
    expect((await ship(prize.id)).status).toBe(200);
    expect((await deliver(prize.id)).status).toBe(200);
    const confirmed = await rest(t.db, "POST", `/api/user/prizes/${prize.id}/confirm`, { user: winner });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toMatch(/Thank you/);

    // The winner's own trail (tRPC): the tracking reference in full.
    const mine = await (await callerFor(t.db, winner)).prizes.mine({});
    expect(mine[0]?.status).toBe("received");
    expect(kinds(mine[0]?.trail ?? [])).toEqual(["won", "prize_requested", "shipped", "delivered", "received"]);
    expect(mine[0]?.trail[2]).toMatchObject({ carrier: "DHL", trackingRef: "JD0123456789" });

    const pub = await rest(t.db, "GET", `/api/contests/${contest.id}/prize-trail`);
    expect(pub.body.status).toBe("received");
    expect(kinds(pub.body.trail)).toEqual(["won", "prize_requested", "shipped", "delivered", "received"]);
    expect(pub.body.trail[2]).toMatchObject({ carrier: "DHL", trackingRef: "••••6789" });
    // The name as on the public draw record (first name, last initial): never the whole name.
    expect(pub.body.winner).toBe("Annabel L.");
    const text = JSON.stringify(pub.body);
    for (const secret of ["Leeward", winner.email, winner.id, "High St", "LS1 4AB", "Leeds", "+44", "JD0123456789"]) {
      expect(text, secret).not.toContain(secret);
    }
    const audit = await t.db.auditLog.findMany({ where: { targetId: prize.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["prize.status", "prize.status", "prize.confirm"]);
    expect(audit[0]?.after).toMatchObject({ status: "shipped", carrier: "DHL", trackingRef: "JD0123456789" });
  });

  it("moves the state machine does not allow are 409 and write nothing", async () => {
    const { winner, prize } = await requested();
    const events = () => t.db.prizeEvent.count({ where: { prizeId: prize.id } });
    const before = await events();
    // Not shipped yet: no confirmation, no dispute, no delivery.
    const early = await rest(t.db, "POST", `/api/user/prizes/${prize.id}/confirm`, { user: winner });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Prize is prize requested; you can confirm receipt only after it has shipped");
    expect(
      (await rest(t.db, "POST", `/api/user/prizes/${prize.id}/dispute`, { user: winner, body: { body: "Where is it?" } })).status,
    ).toBe(409);
    const d = await deliver(prize.id);
    expect(d.status).toBe(409);
    expect(d.body.message).toBe("Prize is prize requested; it can be marked delivered only when shipped or disputed");
    expect(await events()).toBe(before);
    expect(await t.db.complaint.count({ where: { userId: winner.id } })).toBe(0);

    // Someone else's prize is not found; an admin cannot confirm for the winner either.
    expect((await rest(t.db, "POST", `/api/user/prizes/${prize.id}/confirm`, { user: admin })).status).toBe(404);
    expect((await ship(prize.id, { carrier: "DHL", trackingRef: "x".repeat(61) })).status).toBe(400);
    expect((await ship(prize.id)).status).toBe(200);
    expect((await ship(prize.id)).status).toBe(409);
    expect((await rest(t.db, "POST", `/api/user/prizes/${prize.id}/confirm`, { user: winner })).status).toBe(200);
    // Received is final.
    expect((await rest(t.db, "POST", `/api/user/prizes/${prize.id}/confirm`, { user: winner })).status).toBe(409);
    expect(
      (await rest(t.db, "POST", `/api/user/prizes/${prize.id}/dispute`, { user: winner, body: { body: "Broken" } })).status,
    ).toBe(409);
    expect((await ship(prize.id)).status).toBe(409);
    expect((await deliver(prize.id)).status).toBe(409);
    expect(kinds(await t.db.prizeEvent.findMany({ where: { prizeId: prize.id }, orderBy: { createdAt: "asc" } }))).toEqual([
      "prize_requested",
      "shipped",
      "received",
    ]);
  });

  it("a dispute becomes a complaint about the prize; the admin ships again and the winner confirms", async () => {
    const { winner, contest, prize } = await requested();
    await ship(prize.id);
    const disputed = await rest(t.db, "POST", `/api/user/prizes/${prize.id}/dispute`, {
      user: winner,
      body: { body: "The box arrived empty." },
    });
    expect(disputed.status).toBe(200);
    expect(disputed.body.reference).toMatch(/^C-\d{4}-\d{6}$/);
    const complaint = await rest(t.db, "GET", `/api/complaints/${disputed.body.reference}`, { user: winner });
    expect(complaint.body).toMatchObject({
      category: "prize",
      itemId: prize.id,
      body: "The box arrived empty.",
      status: "acknowledged",
    });
    expect((await t.db.prize.findUniqueOrThrow({ where: { id: prize.id } })).status).toBe("disputed");

    const mine = await (await callerFor(t.db, winner)).prizes.mine({});
    expect(mine[0]?.trail.at(-1)).toMatchObject({ kind: "disputed", complaintRef: disputed.body.reference });
    const pub = await rest(t.db, "GET", `/api/contests/${contest.id}/prize-trail`);
    expect(pub.body.trail.at(-1)).toMatchObject({ kind: "disputed", complaintRef: null });

    // Disputed first in the admin list; shipped again, delivered, confirmed.
    expect((await rest(t.db, "GET", "/api/admin/prizes", { user: admin })).body[0]).toMatchObject({
      id: prize.id,
      status: "disputed",
    });
    expect((await ship(prize.id, { carrier: "Royal Mail", trackingRef: "RM998877GB" })).status).toBe(200);
    expect((await deliver(prize.id)).status).toBe(200);
    expect((await rest(t.db, "POST", `/api/user/prizes/${prize.id}/confirm`, { user: winner })).status).toBe(200);
    const trail = (await rest(t.db, "GET", `/api/contests/${contest.id}/prize-trail`)).body.trail;
    expect(kinds(trail)).toEqual(["won", "prize_requested", "shipped", "disputed", "shipped", "delivered", "received"]);
    expect(trail[4]).toMatchObject({ carrier: "Royal Mail", trackingRef: "••••77GB" });
  });

  it("confirm and dispute racing: exactly one wins, and only a dispute that won files a complaint", async () => {
    const { winner, prize } = await requested();
    await ship(prize.id);
    const [a, b] = await Promise.all([
      rest(t.db, "POST", `/api/user/prizes/${prize.id}/confirm`, { user: winner }),
      rest(t.db, "POST", `/api/user/prizes/${prize.id}/dispute`, { user: winner, body: { body: "Late" } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const status = (await t.db.prize.findUniqueOrThrow({ where: { id: prize.id } })).status;
    expect(status).toBe(a.status === 200 ? "received" : "disputed");
    expect(await t.db.complaint.count({ where: { userId: winner.id } })).toBe(b.status === 200 ? 1 : 0);
    expect(await t.db.prizeEvent.count({ where: { prizeId: prize.id, kind: { in: ["received", "disputed"] } } })).toBe(1);
  });

  it("overdue fulfilments: requested longer ago than the target and not yet with the winner", async () => {
    const late = await requested();
    const onTime = await requested();
    const done = await requested();
    const old = new Date(Date.now() - 30 * 86_400_000);
    await t.db.prize.updateMany({ where: { id: { in: [late.prize.id, done.prize.id] } }, data: { claimedAt: old } });
    await ship(done.prize.id);
    await deliver(done.prize.id);

    expect((await rest(t.db, "GET", "/api/admin/prizes/overdue", { user: late.winner })).status).toBe(403);
    const res = await rest(t.db, "GET", "/api/admin/prizes/overdue", { user: admin });
    expect(res.status).toBe(200);
    expect(res.body.targetDays).toBe(28);
    const ids = res.body.prizes.map((p: { id: string }) => p.id);
    expect(ids).toContain(late.prize.id);
    expect(ids).not.toContain(onTime.prize.id);
    expect(ids).not.toContain(done.prize.id);
    expect(res.body.prizes.find((p: { id: string }) => p.id === late.prize.id)).toMatchObject({
      status: "prize_requested",
      daysOverdue: 2,
      user: { email: late.winner.email },
    });

    process.env.PRIZE_FULFILMENT_TARGET_DAYS = "31";
    const relaxed = await rest(t.db, "GET", "/api/admin/prizes/overdue", { user: admin });
    expect(relaxed.body.targetDays).toBe(31);
    expect(relaxed.body.prizes.map((p: { id: string }) => p.id)).not.toContain(late.prize.id);
  });

  it("the public trail of a contest without a prize is 404", async () => {
    const contest = await createContest(t.db);
    const res = await rest(t.db, "GET", `/api/contests/${contest.id}/prize-trail`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No prize has been drawn for this contest");
  });
});
