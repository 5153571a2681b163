/**
 * Pricing, instant wins and odds together, through REST as a player and an admin would use them: a player
 * picks numbers and takes a lucky dip in a contest with instant prizes and a bundle tier, pays the
 * bundle price with a promo code, wins the instant prize their picked number holds at checkout, and
 * the instant-win verifier and the draw verifier both confirm it all after the end; a second player
 * enters for free online and is in the draw's entry list like a paid ticket.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { verifyDraw } from "../../scripts/tools/verify-draw";
import { verifyInstantWins } from "../../scripts/tools/verify-instant-wins";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, rest } from "../helpers/fixtures";
import type { LocalServer } from "../helpers/servers";
import { type DrawScene, openDrawScene } from "../helpers/draw-scene";

describe(`entering: picked numbers, instant win, bundle and promo, online free entry (${dbKind()})`, () => {
  let scene: DrawScene;
  let t: TestDb, app: LocalServer, admin: User, ada: User, bob: User;
  beforeAll(async () => {
    scene = await openDrawScene({ bob: { balance: "0" } });
    ({ t, app, admin, ada, bob } = scene);
  });
  afterAll(() => scene.close());

  it("picks + lucky dip win the committed instant prize once, at the bundle and promo price; both verifiers agree", async () => {
    const c = await createContest(t.db, { title: "Everything Car", pickNumbers: true, maxTickets: 40, ticketPrice: "2" });
    const admin_ = { user: admin };
    expect(
      (
        await rest(t.db, "PUT", `/api/admin/contests/${c.id}/instant-prizes`, {
          ...admin_,
          body: { prizes: [{ kind: "cash", label: "$10 cash", amount: "10.00" }] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await rest(t.db, "PUT", `/api/admin/contests/${c.id}/bundle-tiers`, {
          ...admin_,
          body: { tiers: [{ quantity: 3, percentOff: 10 }] },
        })
      ).status,
    ).toBe(200);
    const promo = await rest(t.db, "POST", "/api/admin/promo-codes", {
      ...admin_,
      body: { code: "WELCOME5", kind: "fixed", amountOff: "1.00", maxUses: 1 },
    });
    expect(promo.status).toBe(201);

    // The committed map's winning number (secret until the end: the test reads the database).
    const [prize] = await t.db.instantPrize.findMany({ where: { contestId: c.id } });
    const winning = prize?.winningTicket as number;
    const other = winning === 1 ? 2 : 1;

    // Ada picks the winning number and another, plus one lucky dip: 3 tickets at 10% off, then $1 off.
    // (the cart sends a picked line and a lucky-dip line: checkoutLines in src/components/common/cartStore.ts)
    const caller = await callerFor(t.db, ada);
    const checkout = {
      body: await caller.cart.checkout({
        items: [
          { contestId: c.id, quantity: 2, ticketNumbers: [winning, other] },
          { contestId: c.id, quantity: 1 },
        ],
        promoCode: "welcome5",
      }),
    };
    expect(checkout.body.pricing).toEqual({
      subtotal: "6.00",
      bundleSaving: "0.60",
      promoSaving: "1.00",
      promoCode: "WELCOME5",
      total: "4.40",
    });
    const numbers = checkout.body.entries
      .map((e: { firstTicket: number }) => e.firstTicket)
      .sort((a: number, b: number) => a - b);
    expect(numbers).toHaveLength(3);
    expect(numbers).toEqual(expect.arrayContaining([winning, other]));
    expect(checkout.body.instantWins).toHaveLength(1);
    expect(checkout.body.instantWins[0]).toMatchObject({ kind: "cash", amount: "10.00", ticket: winning });
    // 100 − 4.40 + 10.00 instant cash
    expect(checkout.body.balance).toBe("105.60");
    // The entries hold exactly what was paid, and the code is used up.
    const paid = await t.db.ticketEntry.aggregate({ where: { contestId: c.id, userId: ada.id }, _sum: { totalAmount: true } });
    expect(paid._sum.totalAmount?.toString()).toBe("4.4");
    // The code had one use: a second checkout with it is refused and changes nothing.
    await expect(caller.cart.checkout({ items: [{ contestId: c.id, quantity: 1 }], promoCode: "WELCOME5" })).rejects.toThrow();
    expect(await t.db.ticketEntry.count({ where: { contestId: c.id } })).toBe(3);

    // Bob enters for free online: a $0 ticket in the same list, with the same odds.
    const free = await rest(t.db, "POST", `/api/contests/${c.id}/free-entry`, { user: bob, body: {} });
    expect(free.status).toBe(201);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    expect(
      (await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { ...admin_, body: { status: "ended" } })).status,
    ).toBe(200);
    const instant = await verifyInstantWins(app.url, c.id);
    expect(instant.lines.join("\n")).not.toContain("FAIL");
    expect(instant.ok).toBe(true);
    const draw = await verifyDraw(app.url, c.id);
    expect(draw.lines.join("\n")).not.toContain("FAIL");
    expect(draw.ok).toBe(true);
    const record = (await rest(t.db, "GET", `/api/contests/${c.id}/draw`)).body;
    expect(record.soldTickets).toBe(4);
    expect(record.entries.map((e: { name: string }) => e.name).sort()).toEqual(["Ada L.", "Ada L.", "Ada L.", "Bob J."]);
  });
});
