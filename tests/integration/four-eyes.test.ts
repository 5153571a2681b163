/**
 * Four eyes on withdrawals (docs/admin.md "Four eyes"; src/server/services/accounts/four-eyes.ts):
 * at or over FOUR_EYES_USD the first approval only proposes, a different staff member's
 * approval pays (once, even when two confirm at the same moment), the proposer can never confirm,
 * the rules never pay such a withdrawal alone, and a rejection lapses the proposal.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { FOUR_EYES_MESSAGES, OWN_ACCOUNT_MESSAGES, SIGN_IN_AGAIN } from "../../src/server/services/accounts";
import { createSession } from "../../src/server/auth/session";
import { openReview } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe(`four eyes on withdrawals (${dbKind()})`, () => {
  let t: TestDb;
  let ana: User; // finance
  let ben: User; // finance
  let cleo: User; // owner
  let sam: User; // support
  beforeAll(async () => {
    t = await createTestDb();
    ana = await createUser(t.db, { role: "finance", email: "ana-finance@example.com" });
    ben = await createUser(t.db, { role: "finance" });
    cleo = await createUser(t.db, { role: "owner" });
    sam = await createUser(t.db, { role: "support" });
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.FOUR_EYES_USD;
    delete process.env.AUTO_WITHDRAW_MAX_USD;
  });

  async function askWithdrawal(amount: string, who?: User): Promise<{ id: string; player: User }> {
    const player = who ?? (await createUser(t.db, { balance: "200" }));
    const asked = await rest(t.db, "POST", "/api/withdrawals", {
      user: player,
      body: { amount, cryptoCurrency: "USDT", network: "TRC20", address: TRON },
    });
    expect(asked.status).toBe(201);
    return { id: asked.body.id as string, player };
  }
  const approve = (id: string, user: User) => rest(t.db, "POST", `/api/admin/withdrawals/${id}/approve`, { user, body: {} });
  const statusOf = async (id: string) => (await t.db.withdrawal.findUniqueOrThrow({ where: { id } })).status;

  it("over the threshold: one approval proposes, the proposer cannot confirm, a second finance member pays it once", async () => {
    process.env.FOUR_EYES_USD = "50";
    const { id, player } = await askWithdrawal("60");
    expect(await statusOf(id)).toBe("pending");

    const first = await approve(id, ana);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(FOUR_EYES_MESSAGES.proposed);
    expect(await statusOf(id)).toBe("pending");
    const proposed = await t.db.auditLog.findFirstOrThrow({ where: { targetId: id, action: "withdrawal.propose" } });
    expect(proposed).toMatchObject({ actorId: ana.id, actorRole: "finance" });

    // The queue says who proposed what and when.
    const queue = await rest(t.db, "GET", "/api/admin/approvals", { user: ben });
    expect(queue.status).toBe(200);
    expect(queue.body).toEqual([
      expect.objectContaining({
        action: "withdrawals.approve",
        subjectId: id,
        status: "waiting",
        proposedById: ana.id,
        proposedByEmail: "ana-finance@example.com",
        proposedRole: "finance",
        summary: expect.objectContaining({ amount: "60.00", player: player.email, address: TRON }),
      }),
    ]);
    // Support may not see money waiting for approval, nor approve it.
    expect((await rest(t.db, "GET", "/api/admin/approvals", { user: sam })).status).toBe(403);
    expect((await approve(id, sam)).status).toBe(403);

    // The proposer asking again is refused and changes nothing.
    const again = await approve(id, ana);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(FOUR_EYES_MESSAGES.ownProposal);
    expect(await statusOf(id)).toBe("pending");

    // Two others confirm at the same moment: one pays, the other is told it is done.
    const [a, b] = await Promise.all([approve(id, ben), approve(id, cleo)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const paid = [a, b].find((r) => r.status === 200);
    expect(paid?.body.message).toBe("Withdrawal approved");
    expect(await statusOf(id)).toBe("paid");
    const approvals = await t.db.auditLog.findMany({ where: { targetId: id, action: "withdrawal.approve" } });
    expect(approvals).toHaveLength(1);
    expect(approvals[0]?.after).toMatchObject({ proposedById: ana.id });
    expect(await t.db.ledgerEntry.count({ where: { userId: player.id, kind: "withdrawal_hold" } })).toBe(1);
    expect(await t.db.staffProposal.count({ where: { subjectId: id, status: "confirmed" } })).toBe(1);
    expect((await rest(t.db, "GET", "/api/admin/approvals", { user: ben })).body).toEqual([]);
  });

  it("below the threshold one approval pays, as before", async () => {
    process.env.FOUR_EYES_USD = "50";
    const { id } = await askWithdrawal("40");
    const res = await approve(id, ana);
    expect(res.body.message).toBe("Withdrawal approved");
    expect(await statusOf(id)).toBe("paid");
    expect(await t.db.staffProposal.count({ where: { subjectId: id } })).toBe(0);
  });

  it("nobody proposes or confirms their own withdrawal", async () => {
    process.env.FOUR_EYES_USD = "50";
    // A finance member who also plays.
    const dan = await createUser(t.db, { role: "finance", balance: "100" });
    const { id } = await askWithdrawal("60", dan);
    const own = await approve(id, dan);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(OWN_ACCOUNT_MESSAGES.withdrawal);
    expect(await t.db.staffProposal.count({ where: { subjectId: id } })).toBe(0);
    expect((await approve(id, ana)).body.message).toBe(FOUR_EYES_MESSAGES.proposed);
    const confirmOwn = await approve(id, dan);
    expect(confirmOwn.status).toBe(403);
    expect(confirmOwn.body.message).toBe(OWN_ACCOUNT_MESSAGES.withdrawal);
    expect(await statusOf(id)).toBe("pending");
  });

  it("a rejection lapses the proposal; only the proposer may withdraw one", async () => {
    process.env.FOUR_EYES_USD = "50";
    const { id } = await askWithdrawal("60");
    await approve(id, ana);
    const proposal = await t.db.staffProposal.findFirstOrThrow({ where: { subjectId: id, status: "waiting" } });
    const byOther = await rest(t.db, "POST", `/api/admin/approvals/${proposal.id}/cancel`, { user: ben });
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(FOUR_EYES_MESSAGES.notProposer);
    const rejected = await rest(t.db, "POST", `/api/admin/withdrawals/${id}/reject`, {
      user: ben,
      body: { reason: "Address on a sanctions list" },
    });
    expect(rejected.status).toBe(200);
    expect((await t.db.staffProposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe("cancelled");
    // Withdrawn by its proposer: audited, and the next approval proposes afresh.
    const next = await askWithdrawal("70");
    await approve(next.id, ana);
    const open = await t.db.staffProposal.findFirstOrThrow({ where: { subjectId: next.id, status: "waiting" } });
    const cancelled = await rest(t.db, "POST", `/api/admin/approvals/${open.id}/cancel`, { user: ana });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.proposal.status).toBe("cancelled");
    expect(await t.db.auditLog.count({ where: { action: "proposal.cancel", targetId: open.id, actorRole: "finance" } })).toBe(1);
    expect((await approve(next.id, ben)).body.message).toBe(FOUR_EYES_MESSAGES.proposed);
  });

  it("the payout rules never send a withdrawal that needs two approvers on their own", async () => {
    process.env.FOUR_EYES_USD = "50";
    process.env.AUTO_WITHDRAW_MAX_USD = "500";
    const player = await createUser(t.db, { balance: "200" });
    await t.db.user.update({ where: { id: player.id }, data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } });
    const quote = await rest(t.db, "POST", "/api/withdrawals/quote", {
      user: player,
      body: { amount: "60", cryptoCurrency: "USDT", network: "TRC20", address: TRON },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.route).not.toBe("instant");
    expect(JSON.stringify(quote.body.checks)).toContain("$49.99");
  });

  it("role changes: with a second owner one proposes and a different owner applies the same change; a step down needs nobody", async () => {
    const dora = await createUser(t.db, { role: "owner" }); // cleo and dora: two owners
    const player = await createUser(t.db);
    const toggle = (user: User, body: Record<string, unknown>) =>
      rest(t.db, "POST", `/api/admin/users/${player.id}/toggle-admin`, { user, body });
    const first = await toggle(cleo, { isAdmin: true, role: "finance" });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(FOUR_EYES_MESSAGES.proposed);
    expect(first.body.user.staffRole).toBeNull();
    expect((await toggle(cleo, { isAdmin: true, role: "finance" })).body.message).toBe(FOUR_EYES_MESSAGES.ownProposal);
    // The second owner cannot apply a different change than the one proposed.
    const other = await toggle(dora, { isAdmin: true, role: "owner" });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(FOUR_EYES_MESSAGES.differentChange);
    // Finance cannot confirm a role change at all, nor see it waiting.
    expect((await toggle(ana, { isAdmin: true, role: "finance" })).status).toBe(403);
    const financeQueue = await rest(t.db, "GET", "/api/admin/approvals", { user: ana });
    expect(financeQueue.body.some((p: { action: string }) => p.action === "admin.toggleAdmin")).toBe(false);
    const ownerQueue = await rest(t.db, "GET", "/api/admin/approvals", { user: dora });
    expect(ownerQueue.body).toContainEqual(
      expect.objectContaining({
        action: "admin.toggleAdmin",
        subjectId: player.id,
        summary: expect.objectContaining({ to: "finance" }),
      }),
    );
    const applied = await toggle(dora, { isAdmin: true, role: "finance" });
    expect(applied.body).toMatchObject({ message: "User updated", user: { staffRole: "finance" } });
    const row = await t.db.auditLog.findFirstOrThrow({ where: { action: "user.role", targetId: player.id } });
    expect(row).toMatchObject({ actorId: dora.id, actorRole: "owner" });
    expect(row.after).toMatchObject({ role: "finance", proposedById: cleo.id });
    // Stepping down from one's own role needs nobody.
    const stepDown = await rest(t.db, "POST", `/api/admin/users/${dora.id}/toggle-admin`, {
      user: dora,
      body: { isAdmin: false },
    });
    expect(stepDown.body).toMatchObject({ message: "User updated", user: { staffRole: null } });
  });

  it("role changes need a sign-in of the last 15 minutes", async () => {
    const player = await createUser(t.db);
    const { token } = await createSession(t.db, cleo.id, new Date(Date.now() - 20 * 60_000));
    // The session is still alive (a staff session idles out after 30 minutes) but too old to hand out roles.
    await t.db.session.updateMany({ where: { userId: cleo.id }, data: { expiresAt: new Date(Date.now() + 10 * 60_000) } });
    const res = await rest(t.db, "POST", `/api/admin/users/${player.id}/toggle-admin`, {
      token,
      body: { isAdmin: true, role: "viewer" },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SIGN_IN_AGAIN);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).role).toBe("user");
  });

  it("a top-up approved by override over the threshold is credited once, by a second approver; a gateway-confirmed one needs one", async () => {
    process.env.FOUR_EYES_USD = "50";
    const player = await createUser(t.db);
    const created = await rest(t.db, "POST", "/api/payments/create", {
      user: player,
      body: { amount: "80", currency: "USD", cryptoCurrency: "USDT", network: "TRC20" },
    });
    expect(created.status).toBe(200);
    const payment = await t.db.payment.findFirstOrThrow({ where: { userId: player.id, status: "pending" } });
    const body = { override: true, reason: "seen on chain by hand" };
    const first = await rest(t.db, "POST", `/api/payments/${payment.id}/approve`, { user: ana, body });
    expect(first.body.message).toBe(FOUR_EYES_MESSAGES.proposed);
    expect(first.body.payment.status).toBe("pending");
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toFixed(2)).toBe("0.00");
    expect((await rest(t.db, "POST", `/api/payments/${payment.id}/approve`, { user: ana, body })).status).toBe(403);
    const [a, b] = await Promise.all([
      rest(t.db, "POST", `/api/payments/${payment.id}/approve`, { user: ben, body }),
      rest(t.db, "POST", `/api/payments/${payment.id}/approve`, { user: cleo, body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toFixed(2)).toBe("80.00");
    expect(await t.db.ledgerEntry.count({ where: { userId: player.id, kind: "topup" } })).toBe(1);
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { targetId: payment.id, action: "payment.override" } });
    expect(audit.after).toMatchObject({ proposedById: ana.id });
  });

  it("a review credit over the threshold waits for a second approver; under it one is enough", async () => {
    process.env.FOUR_EYES_USD = "50";
    const player = await createUser(t.db);
    const entry = async (amount: string) => {
      const key = `four-eyes-${amount}-${player.id}`;
      await t.db.$transaction((tx) =>
        openReview(tx, { kind: "late_payment", dedupeKey: key, userId: player.id, amount, summary: "late" }),
      );
      return (await t.db.reviewItem.findFirstOrThrow({ where: { dedupeKey: key } })).id;
    };
    const big = await entry("75");
    const credit = (id: string, user: User) =>
      rest(t.db, "POST", `/api/admin/review/${id}/credit`, { user, body: { reason: "late money is theirs" } });
    const first = await credit(big, ana);
    expect(first.body.message).toBe(FOUR_EYES_MESSAGES.proposed);
    expect(first.body.entry.status).toBe("open");
    expect((await credit(big, ana)).status).toBe(403);
    expect((await credit(big, ben)).body.message).toBe("Credited");
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toFixed(2)).toBe("75.00");
    const small = await entry("20");
    expect((await credit(small, ana)).body.message).toBe("Credited");
    // A proposal lapses when its entry is closed another way: it leaves the queue.
    const dismissed = await entry("90");
    expect((await credit(dismissed, ana)).body.message).toBe(FOUR_EYES_MESSAGES.proposed);
    const closed = await rest(t.db, "POST", `/api/admin/review/${dismissed}/dismiss`, {
      user: ben,
      body: { reason: "duplicate" },
    });
    expect(closed.status).toBe(200);
    expect(await t.db.staffProposal.findFirst({ where: { subjectId: dismissed } })).toMatchObject({ status: "cancelled" });
    const queue = await rest(t.db, "GET", "/api/admin/approvals", { user: ben });
    expect(queue.body.some((p: { subjectId: string }) => p.subjectId === dismissed)).toBe(false);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toFixed(2)).toBe("95.00");
  });

  it("terms: wheel economics, instant prizes worth the threshold and a large promo code are set by a second staff member", async () => {
    process.env.FOUR_EYES_USD = "50";
    const eve = await createUser(t.db, { role: "owner" });
    const carl = await createUser(t.db, { role: "content" });
    // The wheel: only owners may confirm.
    const caller = (u: User) => callerFor(t.db, u);
    const config = await (await caller(cleo)).wheel.config();
    const changed = { ...config, spinPrice: (Number(config.spinPrice) + 1).toFixed(2) };
    const proposed = await (await caller(cleo)).wheel.setEconomics(changed);
    expect(proposed.proposed).toBe(true);
    expect((await (await caller(cleo)).wheel.config()).spinPrice).toBe(config.spinPrice);
    await expect((await caller(cleo)).wheel.setEconomics(changed)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const applied = await (await caller(eve)).wheel.setEconomics(changed);
    expect(applied.proposed).toBe(false);
    expect((await (await caller(cleo)).wheel.config()).spinPrice).toBe(changed.spinPrice);

    // Instant prizes worth $60 on a contest: content proposes, an owner sets the same list.
    const contest = await createContest(t.db, { maxTickets: 100 });
    const prizes = [{ kind: "cash" as const, label: "$60 cash", amount: "60" }];
    const first = await (await caller(carl)).instantWins.set({ contestId: contest.id, prizes });
    expect(first).toMatchObject({ proposed: true, total: 0 });
    await expect(
      (await caller(eve)).instantWins.set({ contestId: contest.id, prizes: [{ kind: "cash", label: "$60 cash", amount: "61" }] }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: FOUR_EYES_MESSAGES.differentChange });
    const set = await (await caller(eve)).instantWins.set({ contestId: contest.id, prizes });
    expect(set).toMatchObject({ proposed: false, total: 1 });
    // Small prizes need one.
    const small = await createContest(t.db, { maxTickets: 100 });
    expect(
      await (await caller(carl)).instantWins.set({ contestId: small.id, prizes: [{ kind: "credit", label: "$5", amount: "5" }] }),
    ).toMatchObject({ proposed: false, total: 1 });

    // A 60% code waits; a 10% code does not.
    const big = { code: "HALFPLUS", kind: "percent", percentOff: 60 };
    const p1 = await rest(t.db, "POST", "/api/admin/promo-codes", { user: carl, body: big });
    expect(p1.status).toBe(201);
    expect(p1.body).toEqual({ message: FOUR_EYES_MESSAGES.proposed, promoCode: null });
    expect(await t.db.promoCode.count({ where: { code: "HALFPLUS" } })).toBe(0);
    // Content sees the terms it may confirm waiting, never money.
    const contentQueue = await rest(t.db, "GET", "/api/admin/approvals", { user: carl });
    expect(contentQueue.status).toBe(200);
    expect(contentQueue.body.map((p: { action: string }) => p.action)).toContain("pricing.createPromoCode");
    expect(
      contentQueue.body.every((p: { action: string }) => ["pricing.createPromoCode", "instantWins.set"].includes(p.action)),
    ).toBe(true);
    const p2 = await rest(t.db, "POST", "/api/admin/promo-codes", { user: eve, body: big });
    expect(p2.body.promoCode).toMatchObject({ code: "HALFPLUS", percentOff: 60 });
    const row = await t.db.auditLog.findFirstOrThrow({ where: { action: "promo.create", targetId: p2.body.promoCode.id } });
    expect(row.after).toMatchObject({ proposedById: carl.id });
    const smallCode = await rest(t.db, "POST", "/api/admin/promo-codes", {
      user: carl,
      body: { code: "TENOFF", kind: "percent", percentOff: 10 },
    });
    expect(smallCode.body.promoCode).toMatchObject({ code: "TENOFF" });
  });
});
