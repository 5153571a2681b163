/**
 * The payout rules' decision (src/server/services/money/withdrawals/payout-rules.ts `decidePayout`),
 * pure: every rule holding sends the withdrawal at once; each rule failing alone sends it to the admin
 * queue naming that rule, and only that one; a missing identity holds it instead.
 */
import { describe, expect, it } from "vitest";
import { Prisma } from "../../src/generated/prisma/client";
import { decidePayout, type PayoutFacts, type PayoutSettings } from "../../src/server/services/money";

const D = (v: string | number) => new Prisma.Decimal(v);
const now = new Date("2026-11-28T12:00:00Z");
const settings: PayoutSettings = {
  maxUsd: D(100),
  dailyCount: 3,
  dailyMaxUsd: D(300),
  minAccountAgeHours: 24,
  depositWindowDays: 30,
  solvencyPauseBelowPercent: 100,
};

/** A player every rule lets through: an old account with winnings, nothing odd. */
function facts(over: Partial<PayoutFacts> = {}): PayoutFacts {
  return {
    now,
    amount: D(20),
    cashBalance: D(50),
    accountCreatedAt: new Date(now.getTime() - 3 * 86_400_000),
    last24h: { count: 0, sum: D(0) },
    selfExcluded: false,
    closed: false,
    flags: [],
    openReviews: 0,
    openMoneyComplaints: 0,
    addressSharedWith: 0,
    unplayedDeposits: D(0),
    wallet: { payAmount: "20.00", balance: "1000", problem: null },
    solvency: { percent: D("180.5"), takenAt: new Date(now.getTime() - 3_600_000) },
    identity: { required: 0, verified: 0, emailVerified: true, asks: [], message: "No identity check needed" },
    ...over,
  };
}

const failedOf = (f: PayoutFacts, s = settings) =>
  decidePayout(f, s)
    .checks.filter((c) => !c.ok)
    .map((c) => c.rule);

describe("payout rules (decidePayout)", () => {
  it("sends at once when every rule holds", () => {
    const d = decidePayout(facts(), settings);
    expect(d.route).toBe("instant");
    expect(d.checks.every((c) => c.ok)).toBe(true);
    expect(d.checks.map((c) => c.rule)).toEqual([
      "amount",
      "daily_count",
      "daily_sum",
      "account_age",
      "standing",
      "open_review",
      "shared_address",
      "unplayed_deposit",
      "payout_wallet",
      "email_verified",
      "solvency",
      "identity",
    ]);
  });

  const cases: [string, Partial<PayoutFacts>, string, RegExp][] = [
    ["over the instant limit", { amount: D("100.01"), cashBalance: D(200) }, "amount", /over the instant limit of \$100\.00/],
    ["a fourth withdrawal in 24 hours", { last24h: { count: 3, sum: D(30) } }, "daily_count", /Withdrawal 4 in 24 hours/],
    ["over the daily sum", { last24h: { count: 1, sum: D("290") } }, "daily_sum", /\$310\.00 withdrawn in 24 hours/],
    ["a young account", { accountCreatedAt: new Date(now.getTime() - 3_600_000) }, "account_age", /younger than 24 hours/],
    ["self-excluded", { selfExcluded: true }, "standing", /self-excluded/],
    ["closed", { closed: true }, "standing", /closed/],
    ["flagged", { flags: ["many_top_ups"] }, "standing", /flagged \(many_top_ups\)/],
    ["an open review entry", { openReviews: 1 }, "open_review", /open money review or complaint/],
    ["an open money complaint", { openMoneyComplaints: 1 }, "open_review", /open money review or complaint/],
    ["an address another account used", { addressSharedWith: 1 }, "shared_address", /used by another account/],
    [
      "money in and straight out",
      { unplayedDeposits: D(40) },
      "unplayed_deposit",
      /Takes out \$10\.00 of recent top-ups never played/,
    ],
    [
      "a wallet that cannot cover it",
      { wallet: { payAmount: "20.00", balance: "19.99", problem: null } },
      "payout_wallet",
      /cannot cover/,
    ],
    [
      "a wallet balance nobody could ask",
      { wallet: { payAmount: null, balance: null, problem: "The payout wallet's balance could not be checked just now" } },
      "payout_wallet",
      /could not be checked/,
    ],
    [
      "assets below what is owed",
      { solvency: { percent: D("99.99"), takenAt: now } },
      "solvency",
      /Automatic payouts are paused: assets cover 99\.99% of what is owed, below 100%/,
    ],
  ];
  for (const [what, over, rule, words] of cases) {
    it(`reviews ${what}, naming ${rule} and nothing else`, () => {
      const d = decidePayout(facts(over), settings);
      expect(d.route).toBe("review");
      expect(failedOf(facts(over))).toEqual([rule]);
      expect(d.checks.find((c) => c.rule === rule)?.message).toMatch(words);
    });
  }

  it("winnings beside unplayed top-ups may leave at once: only the top-ups are held back", () => {
    expect(failedOf(facts({ cashBalance: D(100), unplayedDeposits: D(80), amount: D(20) }))).toEqual([]);
    expect(failedOf(facts({ cashBalance: D(100), unplayedDeposits: D(80), amount: D("20.01") }))).toEqual(["unplayed_deposit"]);
  });

  it("holds for identity (not refused) when the tier is missing, whatever else fails", () => {
    const identity = {
      required: 1 as const,
      verified: 0 as const,
      emailVerified: true,
      asks: ["legal name"],
      message: "Needs tier 1",
    };
    expect(decidePayout(facts({ identity }), settings).route).toBe("identity");
    expect(decidePayout(facts({ identity, openReviews: 1 }), settings).route).toBe("identity");
    expect(decidePayout(facts({ identity: { ...identity, verified: 1 } }), settings).route).toBe("instant");
  });

  it("no solvency figure yet, or SOLVENCY_PAUSE_BELOW_PERCENT=0, pauses nothing", () => {
    expect(failedOf(facts({ solvency: null }))).toEqual([]);
    expect(
      failedOf(facts({ solvency: { percent: D(50), takenAt: now } }), { ...settings, solvencyPauseBelowPercent: 0 }),
    ).toEqual([]);
    expect(failedOf(facts({ solvency: { percent: D(100), takenAt: now } }))).toEqual([]);
  });

  it("AUTO_WITHDRAW_MAX_USD=0 reviews every withdrawal", () => {
    expect(failedOf(facts(), { ...settings, maxUsd: D(0) })).toEqual(["amount"]);
  });
});
