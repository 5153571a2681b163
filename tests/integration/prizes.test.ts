/**
 * Prize claims through REST: the draw creates the winner's prize, cash is credited exactly once
 * through the ledger (even when two claims race), the prize choice stores the delivery address,
 * a second claim is 409, the admin moves it to shipped and delivered, and the winner is notified.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { drawContest } from "../../src/server/services/draws";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { checkout } from "../../src/server/services/checkout";
import { createTestDb, type TestDb } from "../helpers/db";
import { createContest, createUser, FIXTURE_DELIVERY, rest } from "../helpers/fixtures";

describe("prize claims", () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await t.close();
  });

  async function win(cashAlternative: string | null = "750.00") {
    const winner = await createUser(t.db, { balance: "10" });
    const contest = await createContest(t.db, { title: `Bike ${Math.random()}`, ticketPrice: "1.00", cashAlternative });
    await checkout(t.db, winner.id, [{ contestId: contest.id, quantity: 1 }]);
    await drawContest(t.db, contest.id);
    return { winner, contest };
  }

  it("the draw creates an unclaimed prize; GET /api/user/prizes shows it in the documented shape", async () => {
    const { winner, contest } = await win();
    const res = await rest(t.db, "GET", "/api/user/prizes", { user: winner });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    // The documented fields, and the rest of the prize as its schema lists it (the delivery trail included).
    expect(Object.keys(res.body[0])).toEqual(
      expect.arrayContaining(["cashAlternative", "claimBy", "contestId", "contestTitle", "id", "status", "trail"]),
    );
    expect(res.body[0]).toMatchObject({
      contestId: contest.id,
      contestTitle: contest.title,
      cashAlternative: "750.00",
      status: "unclaimed",
    });
    expect(new Date(res.body[0].claimBy).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const other = await createUser(t.db);
    expect((await rest(t.db, "GET", "/api/user/prizes", { user: other })).body).toEqual([]);
  });

  it("cash is credited exactly once, even when two claims race; the second is 409", async () => {
    const { winner } = await win("750.00");
    const [prize] = (await rest(t.db, "GET", "/api/user/prizes", { user: winner })).body;
    const [a, b] = await Promise.all([
      rest(t.db, "POST", `/api/user/prizes/${prize.id}/claim`, { user: winner, body: { choice: "cash" } }),
      rest(t.db, "POST", `/api/user/prizes/${prize.id}/claim`, { user: winner, body: { choice: "cash" } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.message).toBe("Prize already claimed");
    const user = await t.db.user.findUniqueOrThrow({ where: { id: winner.id } });
    expect(user.balance.toFixed(2)).toBe("759.00");
    expect(await t.db.ledgerEntry.count({ where: { kind: "prize_cash", reference: prize.id } })).toBe(1);
    const again = await rest(t.db, "POST", `/api/user/prizes/${prize.id}/claim`, {
      user: winner,
      body: {
        choice: "prize",
        delivery: { fullName: "A", addressLine1: "B", city: "C", postcode: "D", country: "E", phone: "+44 1234 5678" },
      },
    });
    expect(again.status).toBe(409);
  });

  it("the prize choice stores the delivery; the admin ships and delivers it; the winner hears each step", async () => {
    const { winner } = await win(null);
    const [prize] = (await rest(t.db, "GET", "/api/user/prizes", { user: winner })).body;
    const noCash = await rest(t.db, "POST", `/api/user/prizes/${prize.id}/claim`, { user: winner, body: { choice: "cash" } });
    expect(noCash.status).toBe(400);
    expect(noCash.body.message).toBe("This prize has no cash alternative");
    const bad = await rest(t.db, "POST", `/api/user/prizes/${prize.id}/claim`, {
      user: winner,
      body: {
        choice: "prize",
        delivery: {
          fullName: "Ann Lee",
          addressLine1: "1 High St",
          city: "Leeds",
          postcode: "LS1",
          country: "UK",
          phone: "call me",
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Phone must be/);
    const notMine = await rest(t.db, "POST", `/api/user/prizes/${prize.id}/claim`, { user: admin, body: { choice: "cash" } });
    expect(notMine.status).toBe(404);
    const delivery = FIXTURE_DELIVERY;
    const ok = await rest(t.db, "POST", `/api/user/prizes/${prize.id}/claim`, {
      user: winner,
      body: { choice: "prize", delivery },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: "prize_requested", delivery });

    expect((await rest(t.db, "GET", "/api/admin/prizes", { user: winner })).status).toBe(403);
    const list = await rest(t.db, "GET", "/api/admin/prizes", { user: admin });
    expect(list.body[0]).toMatchObject({ id: prize.id, status: "prize_requested", user: { email: winner.email } });
    const early = await rest(t.db, "POST", `/api/admin/prizes/${prize.id}/status`, {
      user: admin,
      body: { status: "delivered" },
    });
    expect(early.status).toBe(409);
    const wrong = await rest(t.db, "POST", `/api/admin/prizes/${prize.id}/status`, { user: admin, body: { status: "lost" } });
    expect(wrong.status).toBe(400);
    const untracked = await rest(t.db, "POST", `/api/admin/prizes/${prize.id}/status`, {
      user: admin,
      body: { status: "shipped", note: "DHL 123456" },
    });
    expect(untracked.status).toBe(400);
    expect(untracked.body.message).toMatch(/Carrier is required when marking shipped/);
    const shipped = await rest(t.db, "POST", `/api/admin/prizes/${prize.id}/status`, {
      user: admin,
      body: { status: "shipped", carrier: "DHL", trackingRef: "JD0123456789", note: "Signed for on delivery" },
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: "shipped", note: "Signed for on delivery" });
    const delivered = await rest(t.db, "POST", `/api/admin/prizes/${prize.id}/status`, {
      user: admin,
      body: { status: "delivered" },
    });
    expect(delivered.body.status).toBe("delivered");
    const titles = (await t.db.notification.findMany({ where: { userId: winner.id } })).map((n) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining(["Congratulations! You won!", "Prize Requested", "Prize Shipped", "Prize Delivered"]),
    );
  });
});
