/**
 * The payout rules under real concurrency on PostgreSQL (docs/payments.md "Instant payouts"): a
 * player's requests at once count each other (the rules read today's withdrawals under the player's
 * row lock, which the hold takes), so the daily caps let exactly their number through at once and the
 * rest wait for an admin naming the cap; the ledger invariants hold.
 */
import { randomBytes } from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPayoutGateway } from "../../src/server/gateways/payouts";
import { checkLedgerInvariants, createWithdrawal } from "../../src/server/services/money";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser } from "../helpers/fixtures";

const tron = () => createBase58check(sha256).encode(new Uint8Array([0x41, ...randomBytes(20)]));

describe("payout rules under concurrency (postgres)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 20 });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await t.close();
  });

  async function race(count: string, max: string, n: number, amount: string) {
    process.env.AUTO_WITHDRAW_DAILY_COUNT = count;
    process.env.AUTO_WITHDRAW_DAILY_MAX_USD = max;
    const u = await createUser(t.db, { balance: "500" });
    await t.db.user.update({ where: { id: u.id }, data: { createdAt: new Date(Date.now() - 3 * 86_400_000) } });
    const address = tron();
    const gateway = new SandboxPayoutGateway("k".repeat(32));
    const results = await Promise.all(
      Array.from({ length: n }, () =>
        createWithdrawal(
          t.db,
          u.id,
          { amount, cryptoCurrency: "USDT", network: "TRC20", address },
          { origin: "http://x", gateway },
        ),
      ),
    );
    delete process.env.AUTO_WITHDRAW_DAILY_COUNT;
    delete process.env.AUTO_WITHDRAW_DAILY_MAX_USD;
    return results;
  }

  it("10 requests at once with a daily count of 3: exactly 3 paid at once, 7 wait naming the count", async () => {
    const results = await race("3", "1000", 10, "10");
    expect(results.filter((w) => w.route === "instant" && w.status === "paid")).toHaveLength(3);
    const held = results.filter((w) => w.route === "review");
    expect(held).toHaveLength(7);
    expect(new Set(held.flatMap((w) => w.reasons.map((r) => r.rule)))).toEqual(new Set(["daily_count"]));
  });

  it("10 requests of $20 at once with a daily sum of $50: exactly 2 paid at once, 8 wait naming the sum", async () => {
    const results = await race("100", "50", 10, "20");
    expect(results.filter((w) => w.route === "instant")).toHaveLength(2);
    expect(new Set(results.filter((w) => w.route === "review").flatMap((w) => w.reasons.map((r) => r.rule)))).toEqual(
      new Set(["daily_sum"]),
    );
  });
});
