/**
 * Approval is decided by the gateway, not the admin's click: 409 unless it says paid; an override
 * needs a reason and is recorded; an underpaid invoice credits what arrived, never more; expired
 * invoices leave the pending list (the reconcile job); every decision lands in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { reconcileOpenPayments } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";

describe(`payment approval guarded by the gateway (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    delete process.env.OXAPAY_MERCHANT_API_KEY;
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner", email: "auditor@example.com" });
  });
  afterAll(() => t.close());

  async function topUp(amount: string, user: User) {
    const res = await rest(t.db, "POST", "/api/payments/create", {
      user,
      body: { amount, currency: "USD", cryptoCurrency: "USDT", network: "BEP20" },
    });
    expect(res.status).toBe(200);
    return t.db.payment.findUniqueOrThrow({ where: { trackId: res.body.trackId } });
  }
  const balance = async (u: User) => (await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).balance.toFixed(2);
  const approve = (id: string, body: Record<string, unknown> = {}) =>
    rest(t.db, "POST", `/api/payments/${id}/approve`, { user: admin, body });

  it("refuses (409) to credit an invoice the gateway has not confirmed; an override needs a reason, is credited once and recorded", async () => {
    const player = await createUser(t.db);
    const p = await topUp("40", player);
    expect(p.network).toBe("BEP20");
    const refused = await approve(p.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "The gateway has not confirmed this payment (status: new). Approve it only with an override and a reason.",
    );
    const noReason = await approve(p.id, { override: true, reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe("Please give a reason for approving without the gateway's confirmation");
    expect(await balance(player)).toBe("0.00");
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("pending");

    const pending = await rest(t.db, "GET", "/api/payments/pending", { user: admin });
    expect(pending.body.find((r: { id: string }) => r.id === p.id)).toMatchObject({
      gatewayStatus: "new",
      network: "BEP20",
      approval: { credit: null, needsOverride: true },
    });

    const ok = await approve(p.id, { override: true, reason: "Seen on-chain: tx 0xabc, 40 USDT" });
    expect(ok.status).toBe(200);
    expect(ok.body.payment).toMatchObject({
      status: "approved",
      creditedAmount: "40.00",
      overrideReason: "Seen on-chain: tx 0xabc, 40 USDT",
    });
    expect(await balance(player)).toBe("40.00");
    expect((await approve(p.id, { override: true, reason: "again" })).status).toBe(409);
    expect(await balance(player)).toBe("40.00");

    const audit = await rest(t.db, "GET", `/api/admin/audit?targetId=${p.id}`, { user: admin });
    expect(audit.status).toBe(200);
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      action: "payment.override",
      actorId: admin.id,
      actorEmail: "auditor@example.com",
      targetType: "payment",
      reason: "Seen on-chain: tx 0xabc, 40 USDT",
      before: { status: "pending", gatewayStatus: "new", amount: "40.00" },
      after: { status: "approved", credited: "40.00" },
    });
  });

  it("a paid invoice approves without override; an underpaid one credits the received value, never more", async () => {
    const player = await createUser(t.db);
    const paid = await topUp("10", player);
    expect((await rest(t.db, "POST", `/api/payments/sandbox/${paid.trackId}/pay`, { user: player })).status).toBe(200);
    expect((await approve(paid.id)).body.payment).toMatchObject({ status: "approved", creditedAmount: "10.00" });

    const short = await topUp("50", player);
    const sent = await rest(t.db, "POST", `/api/payments/sandbox/${short.trackId}/pay`, { user: player, body: { amount: "20" } });
    expect(sent.status).toBe(200);
    expect(sent.body.payment).toMatchObject({ gatewayStatus: "underpaid", receivedAmount: "20.00" });
    const pending = await rest(t.db, "GET", "/api/payments/pending", { user: admin });
    expect(pending.body.find((r: { id: string }) => r.id === short.id)).toMatchObject({
      receivedAmount: "20.00",
      approval: { credit: "20.00", needsOverride: false },
    });
    // Even an override cannot credit more than arrived.
    const ok = await approve(short.id, { override: true, reason: "player says they sent 50" });
    expect(ok.status).toBe(200);
    expect(ok.body.payment).toMatchObject({ creditedAmount: "20.00", overrideReason: null });
    expect(await balance(player)).toBe("30.00");
    const note = await t.db.notification.findFirstOrThrow({
      where: { userId: player.id, title: "Payment Approved" },
      orderBy: { createdAt: "desc" },
    });
    expect(note.message).toBe("Your payment of $50.00 arrived short: the $20.00 received has been added to your balance.");
    const entries = (await rest(t.db, "GET", "/api/admin/audit?action=payment.approve", { user: admin })).body.entries;
    expect(entries.map((e: { targetId: string }) => e.targetId)).toEqual([short.id, paid.id]);
  });

  it("the reconcile job expires invoices past their expiry: off the pending list, the player told, never approvable", async () => {
    const player = await createUser(t.db);
    const p = await topUp("15", player);
    await t.db.payment.update({ where: { id: p.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const tally = await reconcileOpenPayments(t.db);
    expect(tally).toMatchObject({ expired: 1 });
    const after = await t.db.payment.findUniqueOrThrow({ where: { id: p.id } });
    expect(after).toMatchObject({ status: "expired", gatewayStatus: "expired" });
    expect(after.checkedAt).not.toBeNull();
    const pending = await rest(t.db, "GET", "/api/payments/pending", { user: admin });
    expect(pending.body.map((r: { id: string }) => r.id)).not.toContain(p.id);
    const note = await t.db.notification.findFirstOrThrow({ where: { userId: player.id } });
    expect(note).toMatchObject({ type: "warning", title: "Payment Expired" });
    const late = await approve(p.id, { override: true, reason: "late" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Payment already expired");
    // A second run finds nothing new: idempotent.
    expect((await reconcileOpenPayments(t.db)).expired).toBe(0);
    expect(await t.db.notification.count({ where: { userId: player.id } })).toBe(1);
  });

  it("the audit log is append-only and refuses bad filters", async () => {
    await expect(t.db.$executeRawUnsafe(`UPDATE "AuditLog" SET "reason" = 'edited'`)).rejects.toThrow(/append-only/);
    await expect(t.db.$executeRawUnsafe(`DELETE FROM "AuditLog"`)).rejects.toThrow(/append-only/);
    const bad = await rest(t.db, "GET", "/api/admin/audit?action=payment.steal", { user: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Action must be one of");
    const player = await createUser(t.db);
    expect((await rest(t.db, "GET", "/api/admin/audit", { user: player })).status).toBe(403);
    const page = await rest(t.db, "GET", "/api/admin/audit?limit=1", { user: admin });
    expect(page.body.entries).toHaveLength(1);
    const next = await rest(t.db, "GET", `/api/admin/audit?limit=1&cursor=${page.body.nextCursor}`, { user: admin });
    expect(next.body.entries[0].id).not.toBe(page.body.entries[0].id);
  });
});
