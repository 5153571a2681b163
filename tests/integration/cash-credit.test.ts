/**
 * Two balances in one ledger (docs/payments.md "Cash and credit"): cash is withdrawable, credit is
 * spend-only and spent first; a refund returns each part to where it came from; expiring credit
 * leaves once. Every balance here moves through the REST rows or the services, never by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { cancelContest } from "../../src/server/services/draws";
import { applyBalanceChange, expireCreditLots } from "../../src/server/services/kernel";
import { checkLedgerInvariants, openReview, rejectWithdrawal, takeBackReview } from "../../src/server/services/money";
import { spin } from "../../src/server/services/wheel";
import { WITHDRAWAL_MESSAGES } from "../../src/shared/withdrawals";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { clientSeedFor, forceSeed } from "../helpers/wheel";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe(`cash and credit (${dbKind()})`, () => {
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

  const balances = async (u: User) => {
    const row = await t.db.user.findUniqueOrThrow({ where: { id: u.id } });
    return { balance: row.balance.toFixed(2), cash: row.cashBalance.toFixed(2), credit: row.creditBalance.toFixed(2) };
  };
  const buy = (user: User, contestId: string, quantity: number, ticketNumbers?: number[]) =>
    rest(t.db, "POST", "/api/cart/add", { body: { contestId, quantity, ...(ticketNumbers ? { ticketNumbers } : {}) }, user });
  const withdraw = (user: User, amount: string) =>
    rest(t.db, "POST", "/api/withdrawals", { body: { amount, cryptoCurrency: "USDT", network: "TRC20", address: TRON }, user });

  /** A one-ticket contest whose only ticket wins $20 of site credit. */
  async function creditPrizeContest(): Promise<string> {
    const c = await createContest(t.db, { title: "Credit Drop", maxTickets: 1, ticketPrice: "1" });
    const set = await rest(t.db, "PUT", `/api/admin/contests/${c.id}/instant-prizes`, {
      body: { prizes: [{ kind: "credit", label: "$20 site credit", amount: "20" }] },
      user: admin,
    });
    expect(set.status).toBe(200);
    return c.id;
  }

  it("a $20 instant-win credit prize cannot be withdrawn as cash: 409 naming the withdrawable cash, nothing held", async () => {
    const player = await createUser(t.db, { balance: "1" });
    const won = await buy(player, await creditPrizeContest(), 1);
    expect(won.status).toBe(200);
    expect(won.body.instantWins).toMatchObject([{ kind: "credit", amount: "20.00" }]);
    expect(await balances(player)).toEqual({ balance: "20.00", cash: "0.00", credit: "20.00" });

    // The attack: the whole balance out as cash. Refused, and nothing moved.
    const out = await withdraw(player, "20");
    expect(out).toMatchObject({ status: 409, body: { message: WITHDRAWAL_MESSAGES.creditNotWithdrawable("0.00") } });
    expect(out.body.message).toBe(
      "Only cash can be withdrawn: your withdrawable balance is $0.00 (site credit is for tickets and spins)",
    );
    expect(await t.db.withdrawal.count({ where: { userId: player.id } })).toBe(0);
    expect(await balances(player)).toEqual({ balance: "20.00", cash: "0.00", credit: "20.00" });

    // Cash beside the credit: only the cash part can leave.
    await t.db.$transaction((tx) =>
      applyBalanceChange(tx, { userId: player.id, amount: "15", kind: "adjustment", reference: `cash-${player.id}` }),
    );
    expect((await withdraw(player, "20")).status).toBe(409);
    const ok = await withdraw(player, "15");
    expect(ok.status).toBe(201);
    expect(await balances(player)).toEqual({ balance: "20.00", cash: "0.00", credit: "20.00" });
    const hold = await t.db.ledgerEntry.findFirstOrThrow({ where: { kind: "withdrawal_hold", reference: ok.body.id } });
    expect([hold.cashAmount.toFixed(2), hold.creditAmount.toFixed(2)]).toEqual(["-15.00", "0.00"]);

    // Rejected: the hold comes back to cash, where it came from.
    await rejectWithdrawal(t.db, admin.id, ok.body.id, "test");
    expect(await balances(player)).toEqual({ balance: "35.00", cash: "15.00", credit: "20.00" });
  });

  it("GET /api/auth/user keeps balance (the spendable total) and adds cashBalance and creditBalance", async () => {
    const player = await createUser(t.db, { balance: "7.5", credit: "2.25" });
    const me = await rest(t.db, "GET", "/api/auth/user", { user: player });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ balance: "9.75", cashBalance: "7.50", creditBalance: "2.25" });
  });

  it("checkout spends credit first; a cancelled contest returns each part to where it came from", async () => {
    const player = await createUser(t.db, { balance: "10", credit: "5" });
    const c = await createContest(t.db, { title: "Split Cart", ticketPrice: "2" });
    const bought = await buy(player, c.id, 3);
    expect(bought.status).toBe(200);
    expect(bought.body.balance).toBe("9.00");
    expect(await balances(player)).toEqual({ balance: "9.00", cash: "9.00", credit: "0.00" });
    const row = await t.db.ledgerEntry.findFirstOrThrow({ where: { userId: player.id, kind: "purchase" } });
    expect([row.cashAmount.toFixed(2), row.creditAmount.toFixed(2)]).toEqual(["-1.00", "-5.00"]);

    // A pick-your-numbers line: one entry per ticket, the credit part over them in ticket order.
    await t.db.$transaction((tx) =>
      applyBalanceChange(tx, { userId: player.id, amount: "3", kind: "credit_grant", reference: `goodwill-${player.id}` }),
    );
    const pick = await createContest(t.db, { title: "Pick Split", ticketPrice: "2", maxTickets: 50, pickNumbers: true });
    expect((await buy(player, pick.id, 3, [30, 10, 20])).status).toBe(200);
    const entries = await t.db.ticketEntry.findMany({ where: { contestId: pick.id }, orderBy: { firstTicket: "asc" } });
    expect(entries.map((e) => [e.firstTicket, e.creditAmount.toFixed(2)])).toEqual([
      [10, "2.00"],
      [20, "1.00"],
      [30, "0.00"],
    ]);
    expect(await balances(player)).toEqual({ balance: "6.00", cash: "6.00", credit: "0.00" });

    // My Purchases shows what each entry was paid with.
    const mine = await rest(t.db, "GET", "/api/user/purchases", { user: player });
    const paid = Object.fromEntries(
      mine.body.map((e: { contestTitle: string; firstTicket: number; paidWithCredit: string }) => [
        `${e.contestTitle} #${e.firstTicket}`,
        e.paidWithCredit,
      ]),
    );
    expect(paid).toMatchObject({ "Split Cart #1": "5.00", "Pick Split #10": "2.00", "Pick Split #30": "0.00" });

    await cancelContest(t.db, c.id);
    expect(await balances(player)).toEqual({ balance: "12.00", cash: "7.00", credit: "5.00" });
    await cancelContest(t.db, pick.id);
    expect(await balances(player)).toEqual({ balance: "18.00", cash: "10.00", credit: "8.00" });
    const refunds = await t.db.ledgerEntry.findMany({ where: { userId: player.id, kind: "refund" } });
    expect(refunds.map((r) => r.creditAmount.toFixed(2)).sort()).toEqual(["0.00", "1.00", "2.00", "5.00"]);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it("a paid wheel spin takes credit first, and a wheel prize is credit", async () => {
    const player = await createUser(t.db, { balance: "1", credit: "0.001" });
    await forceSeed(t.db, player.id, await clientSeedFor(["prize"]));
    const r = await spin(t.db, player.id, true);
    expect(r.outcome).toBe("prize");
    const rows = await t.db.ledgerEntry.findMany({ where: { reference: r.spinId }, orderBy: { seq: "asc" } });
    expect(rows.map((l) => [l.kind, l.cashAmount.toFixed(3), l.creditAmount.toFixed(3)])).toEqual([
      ["wheel_spin", "0.000", "-0.001"],
      ["wheel_prize", "0.000", Number(r.prize).toFixed(3)],
    ]);
    const after = await t.db.user.findUniqueOrThrow({ where: { id: player.id } });
    expect(after.cashBalance.toFixed(3)).toBe("1.000");
    expect(after.creditBalance.eq(r.prize)).toBe(true);
  });

  it("a take back of a refunded top-up comes out of cash only; the rest is the claim, credit untouched", async () => {
    const player = await createUser(t.db, { balance: "3", credit: "10" });
    await t.db.$transaction((tx) =>
      openReview(tx, {
        kind: "refund_after_credit",
        dedupeKey: `refund:${player.id}`,
        userId: player.id,
        amount: "5",
        summary: "refunded top-up",
      }),
    );
    const item = await t.db.reviewItem.findUniqueOrThrow({ where: { dedupeKey: `refund:${player.id}` } });
    const r = await takeBackReview(t.db, admin.id, item.id, "refunded by OxaPay");
    expect(r).toMatchObject({ taken: "3.00", claim: "2.00" });
    expect(await balances(player)).toEqual({ balance: "10.00", cash: "0.00", credit: "10.00" });
  });

  it("an admin gives goodwill credit: spend-only, optionally expiring, audited; bad input is 400 naming the field, nothing booked", async () => {
    const player = await createUser(t.db);
    const grant = (body: Record<string, unknown>, user: User = admin) =>
      rest(t.db, "POST", `/api/admin/users/${player.id}/credit`, { body, user });
    const ok = await grant({ amount: "12.50", reason: "Sorry for the outage", expiresInDays: 30 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      message: "Credit granted",
      user: { balance: "12.50", cashBalance: "0.00", creditBalance: "12.50" },
    });
    const lot = await t.db.creditLot.findFirstOrThrow({ where: { userId: player.id } });
    expect(lot.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: "credit.grant", targetId: player.id } });
    expect(audit).toMatchObject({ actorId: admin.id, reason: "Sorry for the outage" });
    expect((await grant({ amount: "1", reason: "no expiry" })).status).toBe(200);

    const before = await balances(player);
    expect(await grant({ amount: "500.01", reason: "x" })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/credit amount must be at most \$500\.00/i) },
    });
    expect(await grant({ amount: "5" })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/reason/i) } });
    expect(await grant({ amount: "5", reason: "x", expiresInDays: 0 })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/expiresInDays.*1 to 365/) },
    });
    expect((await grant({ amount: "5", reason: "x" }, player)).status).toBe(403);
    await t.db.user.update({ where: { id: player.id }, data: { closedAt: new Date() } });
    expect(await grant({ amount: "5", reason: "x" })).toMatchObject({
      status: 409,
      body: { message: "This account is closed: it cannot receive credit" },
    });
    expect(await balances(player)).toEqual(before);
  });

  it("expiring credit is spent first and what is left leaves once at expiry, the player told", async () => {
    const player = await createUser(t.db, { credit: "5" });
    await t.db.$transaction((tx) =>
      applyBalanceChange(tx, {
        userId: player.id,
        amount: "10",
        kind: "credit_grant",
        reference: `expiring-${player.id}`,
        creditExpiresAt: new Date(Date.now() - 1000),
      }),
    );
    const c = await createContest(t.db, { title: "Spend Expiring", ticketPrice: "4" });
    expect((await buy(player, c.id, 1)).status).toBe(200);
    const lot = await t.db.creditLot.findFirstOrThrow({ where: { userId: player.id } });
    expect(lot.remaining.toFixed(2)).toBe("6.00");

    expect(await expireCreditLots(t.db)).toBeGreaterThanOrEqual(1);
    expect(await balances(player)).toEqual({ balance: "5.00", cash: "0.00", credit: "5.00" });
    const before = await t.db.ledgerEntry.count({ where: { userId: player.id } });
    await expireCreditLots(t.db);
    expect(await t.db.ledgerEntry.count({ where: { userId: player.id } })).toBe(before);
    const note = await t.db.notification.findFirstOrThrow({ where: { userId: player.id, title: "Site Credit Expired" } });
    expect(note.message).toContain("$6.00");
  });
});
