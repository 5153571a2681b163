/**
 * Withdrawals under real concurrency on PostgreSQL: concurrent requests never overdraw the balance,
 * and racing approve / reject of one withdrawal settle it once (the hold comes back at most once).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPayoutGateway } from "../../src/server/gateways/payouts";
import { checkLedgerInvariants, approveWithdrawal, createWithdrawal, rejectWithdrawal } from "../../src/server/services/money";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser } from "../helpers/fixtures";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe("withdrawal concurrency (postgres)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 20 });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await t.close();
  });

  it("40 concurrent $10 withdrawals on a $100 balance: exactly 10 pass, the balance ends at 0", async () => {
    const user = await createUser(t.db, { balance: "100" });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        createWithdrawal(t.db, user.id, { amount: "10", cryptoCurrency: "USDT", network: "TRC20", address: TRON }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error).message)] : []));
    expect(ok).toHaveLength(10);
    expect(new Set(refused), [...new Set(refused)].join(" | ")).toEqual(new Set(["Insufficient balance for this withdrawal"]));
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.balance.toFixed(2)).toBe("0.00");
    expect(await t.db.withdrawal.count({ where: { userId: user.id } })).toBe(10);
  });

  it("approve and reject racing on each of 10 withdrawals: one wins each time, holds come back at most once", async () => {
    const user = await createUser(t.db, { balance: "100" });
    const admin = await createUser(t.db, { role: "owner" });
    const ws = [];
    for (let i = 0; i < 10; i++) {
      ws.push(await createWithdrawal(t.db, user.id, { amount: "10", cryptoCurrency: "USDT", network: "TRC20", address: TRON }));
    }
    const gateway = new SandboxPayoutGateway("k");
    const outcomes = await Promise.all(
      ws.map(async (w) => {
        const r = await Promise.allSettled([
          approveWithdrawal(t.db, admin.id, w.id, { origin: "http://x", gateway }),
          rejectWithdrawal(t.db, admin.id, w.id, "race"),
          rejectWithdrawal(t.db, admin.id, w.id, "race again"),
        ]);
        return r.filter((x) => x.status === "fulfilled").length;
      }),
    );
    expect(outcomes).toEqual(Array(10).fill(1));
    const rows = await t.db.withdrawal.findMany({ where: { userId: user.id } });
    const rejected = rows.filter((w) => w.status === "rejected").length;
    expect(rows.filter((w) => w.status === "paid").length + rejected).toBe(10);
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.balance.toFixed(2)).toBe((rejected * 10).toFixed(2));
  });
});
