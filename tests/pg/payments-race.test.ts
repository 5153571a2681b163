import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { hmacSha512Hex } from "../../src/server/gateways/gateway";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { LIMITS } from "../../src/shared/constants";

describe("payments under concurrency (PostgreSQL)", () => {
  let t: TestDb;
  let admins: User[];
  beforeAll(async () => {
    delete process.env.OXAPAY_MERCHANT_API_KEY;
    delete process.env.AUTO_APPROVE_PAID;
    t = await createTestDb({ poolSize: 20 });
    admins = [await createUser(t.db, { role: "owner" }), await createUser(t.db, { role: "owner" })];
  });
  afterAll(() => t.close());

  async function newPayment(user: User, amount: string) {
    const res = await rest(t.db, "POST", "/api/payments/create", {
      user,
      body: { amount, currency: "USD", cryptoCurrency: "BTC" },
    });
    expect(res.status).toBe(200);
    // The player pays (sandbox 'Paid' webhook), so approval is the gateway-confirmed path.
    expect((await rest(t.db, "POST", `/api/payments/sandbox/${res.body.trackId}/pay`, { user })).status).toBe(200);
    return t.db.payment.findUniqueOrThrow({ where: { trackId: res.body.trackId } });
  }

  it("two admins approving at once: exactly one credit, the loser gets 409", async () => {
    for (let round = 0; round < 5; round++) {
      const player = await createUser(t.db, { balance: "2" });
      const payment = await newPayment(player, "10.10");
      const results = await Promise.all(
        admins.map((a) => rest(t.db, "POST", `/api/payments/${payment.id}/approve`, { user: a })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const credits = await t.db.ledgerEntry.findMany({ where: { kind: "topup", reference: payment.id } });
      expect(credits).toHaveLength(1);
      expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toString()).toBe("12.1");
      expect(await t.db.notification.count({ where: { userId: player.id, title: "Payment Approved" } })).toBe(1);
    }
  });

  it("approve racing reject: one wins, the other 409, money only if approve won", async () => {
    for (let round = 0; round < 5; round++) {
      const player = await createUser(t.db);
      const payment = await newPayment(player, "3");
      const [approve, reject] = await Promise.all([
        rest(t.db, "POST", `/api/payments/${payment.id}/approve`, { user: admins[0]! }),
        rest(t.db, "POST", `/api/payments/${payment.id}/reject`, { user: admins[1]!, body: {} }),
      ]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const row = await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } });
      const balance = (await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toString();
      expect(row.status).toBe(approve.status === 200 ? "approved" : "rejected");
      expect(balance).toBe(approve.status === 200 ? "3" : "0");
    }
  });

  it("10 concurrent identical 'paid' webhooks with AUTO_APPROVE_PAID: one status change, one credit", async () => {
    // Auto-approval exists only with a real gateway: an OxaPay payment, webhooks signed with its merchant key.
    const player = await createUser(t.db);
    const payment = await t.db.payment.create({
      data: {
        userId: player.id,
        amount: "5.55",
        cryptoCurrency: "BTC",
        provider: "oxapay",
        trackId: "oxapay-race",
        payLink: "https://pay.test/x",
      },
    });
    Object.assign(process.env, {
      OXAPAY_MERCHANT_API_KEY: "test-merchant",
      APP_URL: "https://app.example",
      AUTO_APPROVE_PAID: "true",
    });
    try {
      const rawBody = JSON.stringify({ track_id: payment.trackId, status: "Paid", amount: 5.55, currency: "USD" });
      const hmac = hmacSha512Hex("test-merchant", rawBody);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => rest(t.db, "POST", "/api/payments/webhook", { rawBody, headers: { hmac } })),
      );
      expect(results.every((r) => r.status === 200 && r.body === "ok")).toBe(true);
      expect(await t.db.paymentEvent.count({ where: { paymentId: payment.id } })).toBe(1);
      expect(await t.db.ledgerEntry.count({ where: { kind: "topup", reference: payment.id } })).toBe(1);
      expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toString()).toBe("5.55");
    } finally {
      delete process.env.AUTO_APPROVE_PAID;
      delete process.env.OXAPAY_MERCHANT_API_KEY;
      delete process.env.APP_URL;
    }
  });

  it("10 concurrent top-ups by one player: exactly LIMITS.openTopUpsMax are stored, the rest 429", async () => {
    const player = await createUser(t.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        rest(t.db, "POST", "/api/payments/create", {
          user: player,
          body: { amount: "2", currency: "USD", cryptoCurrency: "BTC" },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(LIMITS.openTopUpsMax);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10 - LIMITS.openTopUpsMax);
    expect(await t.db.payment.count({ where: { userId: player.id } })).toBe(LIMITS.openTopUpsMax);
  });

  it("ledger sums equal balances for every user", async () => {
    const rows = await t.db.$queryRaw<{ id: string; balance: string; total: string }[]>`
      SELECT u."id", u."balance"::text AS balance, COALESCE(SUM(l."amount"), 0)::numeric(14,3)::text AS total
      FROM "User" u LEFT JOIN "LedgerEntry" l ON l."userId" = u."id" GROUP BY u."id"`;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.total).toBe(r.balance);
  });

  it("leaves every ledger invariant intact (npm run check:ledger)", async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
