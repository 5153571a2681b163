/**
 * No staff member decides on their own account (src/server/services/accounts/staff.ts
 * `refuseOwnAccount`; docs/admin.md "Own account"): an admin who plays may request a withdrawal or
 * a top-up like anyone, but approving, rejecting, crediting, taking back, dismissing or deciding an
 * identity check about their own account is 403 and changes nothing; another admin may.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { OWN_ACCOUNT_MESSAGES } from "../../src/server/services/accounts";
import { openReview } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe(`no admin decides on their own account (${dbKind()})`, () => {
  let t: TestDb;
  let ada: User;
  let grace: User;
  beforeAll(async () => {
    t = await createTestDb();
    ada = await createUser(t.db, { role: "owner", balance: "100" });
    grace = await createUser(t.db, { role: "owner" });
  });
  afterAll(() => t.close());

  const balanceOf = async (u: User) => (await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).balance.toFixed(2);

  it("a withdrawal: its owner can neither approve nor reject it (403, still pending, nothing moved); another admin approves it", async () => {
    const asked = await rest(t.db, "POST", "/api/withdrawals", {
      user: ada,
      body: { amount: "20", cryptoCurrency: "USDT", network: "TRC20", address: TRON },
    });
    expect(asked.status).toBe(201);
    const id = asked.body.id as string;
    const before = await balanceOf(ada);
    for (const [path, body] of [
      [`/api/admin/withdrawals/${id}/approve`, {}],
      [`/api/admin/withdrawals/${id}/reject`, { reason: "mine" }],
    ] as const) {
      const res = await rest(t.db, "POST", path, { user: ada, body });
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe(OWN_ACCOUNT_MESSAGES.withdrawal);
    }
    expect((await t.db.withdrawal.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
    expect(await balanceOf(ada)).toBe(before);
    expect(await t.db.auditLog.count({ where: { targetId: id, actorId: ada.id } })).toBe(0);
    const approved = await rest(t.db, "POST", `/api/admin/withdrawals/${id}/approve`, { user: grace, body: {} });
    expect(approved.status).toBe(200);
  });

  it("a top-up: its owner can neither approve nor reject it; another admin approves and it is credited once", async () => {
    const created = await rest(t.db, "POST", "/api/payments/create", {
      user: ada,
      body: { amount: "15", currency: "USD", cryptoCurrency: "USDT", network: "TRC20" },
    });
    expect(created.status).toBe(200);
    const payment = await t.db.payment.findFirstOrThrow({ where: { userId: ada.id, status: "pending" } });
    const before = await balanceOf(ada);
    for (const path of [`/api/payments/${payment.id}/approve`, `/api/payments/${payment.id}/reject`]) {
      const res = await rest(t.db, "POST", path, { user: ada, body: { override: true, reason: "the gateway said paid" } });
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe(OWN_ACCOUNT_MESSAGES.payment);
    }
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("pending");
    expect(await balanceOf(ada)).toBe(before);
    // The sandbox has not said paid: another admin approves with an override and its reason.
    const approved = await rest(t.db, "POST", `/api/payments/${payment.id}/approve`, {
      user: grace,
      body: { override: true, reason: "checked by hand" },
    });
    expect(approved.status).toBe(200);
    expect(await balanceOf(ada)).toBe((Number(before) + 15).toFixed(2));
  });

  it("site credit to oneself is refused; to another account it is given", async () => {
    const before = await balanceOf(ada);
    const own = await rest(t.db, "POST", `/api/admin/users/${ada.id}/credit`, {
      user: ada,
      body: { amount: "5", reason: "goodwill" },
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(OWN_ACCOUNT_MESSAGES.credit);
    expect(await balanceOf(ada)).toBe(before);
    const given = await rest(t.db, "POST", `/api/admin/users/${ada.id}/credit`, {
      user: grace,
      body: { amount: "5", reason: "goodwill" },
    });
    expect(given.status).toBe(200);
  });

  it("a review entry about one's own account cannot be credited, taken back or dismissed by its subject", async () => {
    const entry = async (kind: "late_payment" | "refund_after_credit") => {
      await t.db.$transaction((tx) =>
        openReview(tx, { kind, dedupeKey: `own-account-${kind}-${ada.id}`, userId: ada.id, amount: "7", summary: kind }),
      );
      return (await t.db.reviewItem.findFirstOrThrow({ where: { userId: ada.id, kind, status: "open" } })).id;
    };
    const late = await entry("late_payment");
    const refunded = await entry("refund_after_credit");
    const before = await balanceOf(ada);
    for (const [id, action] of [
      [late, "credit"],
      [late, "dismiss"],
      [refunded, "take-back"],
      [refunded, "dismiss"],
    ] as const) {
      const res = await rest(t.db, "POST", `/api/admin/review/${id}/${action}`, { user: ada, body: { reason: "mine" } });
      expect(res.status, action).toBe(403);
      expect(res.body.message).toBe(OWN_ACCOUNT_MESSAGES.review);
    }
    expect(await t.db.reviewItem.count({ where: { userId: ada.id, status: "open" } })).toBe(2);
    expect(await balanceOf(ada)).toBe(before);
    const credited = await rest(t.db, "POST", `/api/admin/review/${late}/credit`, {
      user: grace,
      body: { reason: "late money is theirs" },
    });
    expect(credited.status).toBe(200);
    expect(await balanceOf(ada)).toBe((Number(before) + 7).toFixed(2));
  });

  it("an identity check: its subject cannot decide it", async () => {
    const res = await rest(t.db, "POST", `/api/admin/identity/${ada.id}/decision`, {
      user: ada,
      body: { decision: "approved", reason: "it is me" },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(OWN_ACCOUNT_MESSAGES.identity);
    expect(await t.db.auditLog.count({ where: { action: "identity.decide", actorId: ada.id } })).toBe(0);
  });
});
