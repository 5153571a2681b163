import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma, type User } from "../../src/generated/prisma/client";
import type { PayoutGateway } from "../../src/server/gateways/payouts";
import { SandboxPayoutGateway } from "../../src/server/gateways/sandbox/payouts";
import { quoteWithdrawal } from "../../src/server/services/money";
import { getSnapshot, takeLiabilitySnapshot } from "../../src/server/services/proofs";
import { CRYPTO_CURRENCIES } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";

/** A payout wallet holding only `usdt` USDT (priced 1:1), as OxaPay's balance call would report it. */
function walletHolding(usdt: string, opts: { fail?: boolean } = {}): PayoutGateway {
  return {
    name: "oxapay",
    walletBalance: async (coin: string) => {
      if (opts.fail) throw new Error("Payout gateway timed out");
      return coin === "USDT" ? usdt : "0";
    },
    quote: async (_coin: string, usd: string) => new Prisma.Decimal(usd).toFixed(2),
  } as unknown as PayoutGateway;
}

const WITHDRAWAL = {
  amount: "20",
  cryptoCurrency: "USDT",
  network: "TRC20",
  address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
} as never;

describe(`solvency beside the proof of liabilities (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let player: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    player = await createUser(t.db, { balance: "150" });
    await createUser(t.db, { balance: "50" });
  });
  afterAll(async () => {
    await t.close();
  });

  const alerts = () => t.db.notification.count({ where: { userId: admin.id, title: "Assets below what is owed" } });

  it("the sandbox's payout wallet is the assets: valued in USD, published as a percentage of what is owed", async () => {
    const { id } = await takeLiabilitySnapshot(t.db, {
      trigger: "schedule",
      payoutGateway: new SandboxPayoutGateway("x".repeat(32)),
    });
    const s = (await rest(t.db, "GET", `/api/proof-of-liabilities/${id}`)).body;
    expect(s.total).toBe("200.000");
    expect(s.solvency).toMatchObject({ source: "sandbox", problem: null, status: "ok" });
    expect(s.solvency.detail.map((d: { coin: string }) => d.coin)).toEqual([...CRYPTO_CURRENCIES]);
    // $1,000,000 of each coin at the demo rates, each rounded down a little by the coin's decimals.
    const assets = new Prisma.Decimal(s.solvency.assets);
    expect(assets.lte(1_000_000 * CRYPTO_CURRENCIES.length)).toBe(true);
    expect(assets.gt(1_000_000 * CRYPTO_CURRENCIES.length - 10)).toBe(true);
    expect(s.solvency.percent).toBe(assets.mul(100).div(200).toDecimalPlaces(2, Prisma.Decimal.ROUND_DOWN).toFixed(2));
    expect(await alerts()).toBe(0);
  });

  it("below 100%: a warning state, every admin alerted, and automatic payouts paused (the solvency rule)", async () => {
    const before = await quoteWithdrawal(t.db, player.id, WITHDRAWAL, walletHolding("1000"));
    expect(before.checks.find((c) => c.rule === "solvency")?.ok).toBe(true);

    const { id } = await takeLiabilitySnapshot(t.db, { trigger: "schedule", payoutGateway: walletHolding("150") });
    const s = await getSnapshot(t.db, id);
    expect(s.solvency).toMatchObject({ assets: "150.000", percent: "75.00", status: "warning", source: "oxapay" });
    expect(await alerts()).toBe(1);
    const note = await t.db.notification.findFirstOrThrow({ where: { userId: admin.id, title: "Assets below what is owed" } });
    expect(note).toMatchObject({ type: "warning" });
    expect(note.message).toContain("$150.000 against $200.000 owed to players (75.00%)");

    // The payout wallet itself covers this $20, but the last published cover is 75% < 100%: reviewed.
    const q = await quoteWithdrawal(t.db, player.id, WITHDRAWAL, walletHolding("1000"));
    expect(q.route).toBe("review");
    expect(q.failed).toContain("solvency");
    expect(q.checks.find((c) => c.rule === "solvency")?.message).toBe(
      "Automatic payouts are paused: assets cover 75.00% of what is owed, below 100%",
    );

    // Covered again: the next snapshot lifts the pause, and no new alert.
    await takeLiabilitySnapshot(t.db, { trigger: "schedule", payoutGateway: walletHolding("200") });
    expect(
      (await quoteWithdrawal(t.db, player.id, WITHDRAWAL, walletHolding("1000"))).checks.find((c) => c.rule === "solvency")?.ok,
    ).toBe(true);
    expect(await alerts()).toBe(1);
  });

  it("a wallet that cannot be read leaves the assets unknown: the snapshot is still published, with the reason, and pauses nothing", async () => {
    const { id } = await takeLiabilitySnapshot(t.db, { trigger: "schedule", payoutGateway: walletHolding("1", { fail: true }) });
    const s = await getSnapshot(t.db, id);
    expect(s.solvency).toMatchObject({
      assets: null,
      percent: null,
      status: "unknown",
      problem: "The payout wallet's balance could not be read just now",
    });
    const none = await takeLiabilitySnapshot(t.db, { trigger: "schedule", payoutGateway: null });
    expect((await getSnapshot(t.db, none.id)).solvency).toMatchObject({
      status: "unknown",
      problem: "Payouts are not configured",
    });
    expect(
      (await quoteWithdrawal(t.db, player.id, WITHDRAWAL, walletHolding("1000"))).checks.find((c) => c.rule === "solvency")?.ok,
    ).toBe(true);
  });
});
