/**
 * Referral and cashback paid as spend-only credit (docs/retention.md; src/server/services/retention/):
 * a referred player's qualifying cash purchases credit both players once, also when two purchases
 * commit at once; linked, excluded and capped cases get what the rules say and the row says why; the
 * window passes; the credit cannot be withdrawn. Cashback pays each player once per week whether the
 * job runs twice, at once, or after a crash half-way; a blocked player's week is suppressed; the
 * expiry reminder is sent once. Every balance moves through REST rows, callers or the services.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { checkout } from "../../src/server/services/checkout";
import { applyBalanceChange } from "../../src/server/services/kernel";
import { checkLedgerInvariants, runLedgerChecks } from "../../src/server/services/money";
import { JOB, runCashbackJob } from "../../src/server/jobs/app-jobs";
import {
  isoWeek,
  lastEndedWeek,
  remindCashbackExpiry,
  runCashback,
  settlePendingReferrals,
  settleReferral,
} from "../../src/server/services/retention";
import { SECURITY_QUESTIONS } from "../../src/shared/constants";
import { WITHDRAWAL_MESSAGES } from "../../src/shared/withdrawals";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { testQueue, waitFor } from "../helpers/jobs";
import { callerFor, createContest, createUser, FIXTURE_PASSWORD, rest } from "../helpers/fixtures";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const DAY_MS = 86_400_000;

describe(`referral and cashback (${dbKind()})`, () => {
  let t: TestDb;
  let contestId: string;
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 6 });
    contestId = (await createContest(t.db, { ticketPrice: "10.00", maxTickets: 100_000 })).id;
  });
  beforeEach(() => {
    Object.assign(process.env, {
      REFERRAL_QUALIFYING_USD: "10",
      REFERRAL_WINDOW_DAYS: "30",
      REFERRAL_REFERRER_CREDIT_USD: "5",
      REFERRAL_REFERRED_CREDIT_USD: "3",
      REFERRAL_MONTHLY_CAP: "10",
      REFERRAL_CREDIT_EXPIRY_DAYS: "30",
      CASHBACK_PERCENT: "5",
      CASHBACK_MIN_USD: "0.50",
      CASHBACK_EXPIRY_DAYS: "30",
      CASHBACK_REMINDER_DAYS: "3",
    });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await t.close();
  });

  const codeOf = async (u: User) => (await (await callerFor(t.db, u)).retention.referral()).code;
  let seq = 0;
  /** Signs up through the REST row with the cookies a browser that followed the link would send; with cash to spend. */
  async function signUpThrough(code: string, opts: { device?: string; cash?: string; firstName?: string } = {}): Promise<User> {
    const email = `referred-${Date.now()}-${seq++}@example.com`;
    const cookies = [`ref=${code}`, ...(opts.device ? [`device=${opts.device}`] : [])].join("; ");
    const res = await rest(t.db, "POST", "/api/auth/signup", {
      body: {
        firstName: opts.firstName ?? "Zoe",
        lastName: "Friend",
        email,
        password: FIXTURE_PASSWORD,
        confirmPassword: FIXTURE_PASSWORD,
        securityQuestion: SECURITY_QUESTIONS[0],
        securityAnswer: "rex",
      },
      headers: { cookie: cookies },
    });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie().join(";")).toContain("ref=; SameSite=Lax; Path=/; Max-Age=0");
    const user = await t.db.user.update({ where: { email }, data: { emailVerifiedAt: new Date() } });
    if (opts.cash) {
      await t.db.$transaction((tx) =>
        applyBalanceChange(tx, { userId: user.id, amount: opts.cash ?? "0", kind: "adjustment", reference: `cash-${user.id}` }),
      );
    }
    return user;
  }
  const buy = (u: User, quantity: number) =>
    callerFor(t.db, u).then((c) => c.cart.checkout({ items: [{ contestId, quantity }] }));
  const referralOf = (u: User) => t.db.referral.findUniqueOrThrow({ where: { referredId: u.id } });
  const creditRows = (userIds: string[], kind: "referral_credit" | "cashback_credit") =>
    t.db.ledgerEntry.findMany({ where: { userId: { in: userIds }, kind } });
  const creditOf = async (u: User) => (await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).creditBalance.toFixed(2);

  it("a player's code is stable and 8 base32 characters; an unknown or malformed code records nothing", async () => {
    const a = await createUser(t.db);
    const code = await codeOf(a);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await codeOf(a)).toBe(code);
    const rows = await rest(t.db, "GET", "/api/user/referral", { user: a });
    expect(rows.status).toBe(200);
    expect(rows.body).toMatchObject({ code, link: expect.stringMatching(new RegExp(`/r/${code}$`)), referrals: [] });
    expect((await rest(t.db, "GET", "/api/user/referral")).status).toBe(401);

    const nobody = await signUpThrough("ZZZZZZZZ");
    expect(await t.db.referral.findUnique({ where: { referredId: nobody.id } })).toBeNull();
    const garbage = await signUpThrough("<script>");
    expect(await t.db.referral.findUnique({ where: { referredId: garbage.id } })).toBeNull();
  });

  it("two qualifying purchases committing at once credit both players exactly once, as expiring spend-only credit", async () => {
    const referrer = await createUser(t.db, { balance: "6" });
    const referred = await signUpThrough(await codeOf(referrer), { cash: "40", firstName: "zed" });
    expect(await referralOf(referred)).toMatchObject({ referrerId: referrer.id, status: "pending" });

    // One ticket alone ($10) qualifies: both purchases race to settle it.
    await Promise.all([buy(referred, 1), buy(referred, 1)]);
    await settlePendingReferrals(t.db); // the sweep finds nothing left to pay
    expect(await settleReferral(t.db, referred.id)).toBeNull();

    const row = await referralOf(referred);
    expect(row).toMatchObject({ status: "qualified", reason: null });
    expect(row.referrerCredit?.toFixed(2)).toBe("5.00");
    expect(row.referredCredit?.toFixed(2)).toBe("3.00");
    const rows = await creditRows([referrer.id, referred.id], "referral_credit");
    expect(
      rows
        .map((r) => `${r.userId === referrer.id ? "referrer" : "referred"}:${r.amount.toFixed(2)}:${r.cashAmount.toFixed(2)}`)
        .sort(),
    ).toEqual(["referred:3.00:0.00", "referrer:5.00:0.00"]);
    expect(await creditOf(referrer)).toBe("5.00");
    expect(await creditOf(referred)).toBe("3.00");
    const lots = await t.db.creditLot.findMany({ where: { ledgerEntryId: { in: rows.map((r) => r.id) } } });
    expect(lots).toHaveLength(2);
    for (const lot of lots) expect(lot.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    // Spend-only: the referrer has $6 cash and $5 credit; withdrawing $11 is refused, nothing held.
    const out = await rest(t.db, "POST", "/api/withdrawals", {
      body: { amount: "11", cryptoCurrency: "USDT", network: "TRC20", address: TRON },
      user: referrer,
    });
    expect(out).toMatchObject({ status: 409, body: { message: WITHDRAWAL_MESSAGES.creditNotWithdrawable("6.00") } });
    expect(await t.db.withdrawal.count({ where: { userId: referrer.id } })).toBe(0);

    // Both see it in their account: the referrer the initial only, the referred their own status.
    const mine = await rest(t.db, "GET", "/api/user/referral", { user: referrer });
    expect(mine.body).toMatchObject({ earned: "5.00", referrals: [{ initial: "Z.", status: "qualified", credit: "5.00" }] });
    expect(JSON.stringify(mine.body)).not.toContain("Friend");
    const theirs = await rest(t.db, "GET", "/api/user/referral", { user: referred });
    expect(theirs.body).toMatchObject({ earned: "3.00", referredBy: { status: "qualified", credit: "3.00" } });
  });

  it("purchases short of the setting leave the referral pending; paid from credit they do not count", async () => {
    const referrer = await createUser(t.db);
    const referred = await signUpThrough(await codeOf(referrer));
    // $20 of site credit, no cash: two tickets bought with credit only.
    await t.db.$transaction((tx) =>
      applyBalanceChange(tx, { userId: referred.id, amount: "20", kind: "credit_grant", reference: `gift-${referred.id}` }),
    );
    await buy(referred, 2);
    expect(await referralOf(referred)).toMatchObject({ status: "pending" });
    expect(await creditRows([referrer.id, referred.id], "referral_credit")).toEqual([]);
  });

  it("accounts linked by a device cookie get nothing, and the row says refused: linked", async () => {
    const device = "fedcba9876543210fedcba9876543210";
    const referrer = await createUser(t.db);
    const login = await rest(t.db, "POST", "/api/auth/login", {
      body: { email: referrer.email, password: FIXTURE_PASSWORD },
      headers: { cookie: `device=${device}` },
    });
    expect(login.status).toBe(200);
    const referred = await signUpThrough(await codeOf(referrer), { device, cash: "20" });
    await buy(referred, 1);
    expect(await referralOf(referred)).toMatchObject({ status: "refused", reason: "linked", referrerCredit: null });
    expect(await creditRows([referrer.id, referred.id], "referral_credit")).toEqual([]);
    const shown = await rest(t.db, "GET", "/api/user/referral", { user: referrer });
    expect(shown.body.referrals).toMatchObject([{ status: "refused", reason: "linked", credit: null }]);
  });

  it("a self-excluded referrer, or a closed one, gets nothing and neither does the referred player", async () => {
    const referrer = await createUser(t.db);
    const referred = await signUpThrough(await codeOf(referrer), { cash: "20" });
    await t.db.user.update({ where: { id: referrer.id }, data: { selfExcludedUntil: new Date(Date.now() + 180 * DAY_MS) } });
    await buy(referred, 1);
    expect(await referralOf(referred)).toMatchObject({ status: "refused", reason: "referrer_self_excluded" });

    const closing = await createUser(t.db);
    const other = await signUpThrough(await codeOf(closing), { cash: "20" });
    await t.db.user.update({ where: { id: closing.id }, data: { closedAt: new Date() } });
    await buy(other, 1);
    expect(await referralOf(other)).toMatchObject({ status: "refused", reason: "referrer_closed" });
    expect(await creditRows([referrer.id, referred.id, closing.id, other.id], "referral_credit")).toEqual([]);
  });

  it("a referred player who reached a spend limit is refused (no incentive past a limit)", async () => {
    const referrer = await createUser(t.db);
    const referred = await signUpThrough(await codeOf(referrer), { cash: "20" });
    await t.db.user.update({ where: { id: referred.id }, data: { dailyLimit: "10" } });
    await buy(referred, 1); // the $10 purchase uses the whole daily limit
    expect(await referralOf(referred)).toMatchObject({ status: "refused", reason: "referred_limit_reached" });
    expect(await creditRows([referrer.id, referred.id], "referral_credit")).toEqual([]);
  });

  it("the referrer is paid for REFERRAL_MONTHLY_CAP referrals a month; past it the referred player still gets theirs", async () => {
    process.env.REFERRAL_MONTHLY_CAP = "1";
    const referrer = await createUser(t.db);
    const code = await codeOf(referrer);
    const first = await signUpThrough(code, { cash: "10" });
    const second = await signUpThrough(code, { cash: "10" });
    await Promise.all([buy(first, 1), buy(second, 1)]);
    const rows = [await referralOf(first), await referralOf(second)];
    expect(rows.map((r) => r.status)).toEqual(["qualified", "qualified"]);
    expect(rows.map((r) => r.referrerCredit?.toFixed(2)).sort()).toEqual(["0.00", "5.00"]);
    expect(rows.map((r) => r.reason).sort()).toEqual(["monthly_cap", null].sort());
    expect(await creditOf(referrer)).toBe("5.00");
    expect(await creditOf(first)).toBe("3.00");
    expect(await creditOf(second)).toBe("3.00");
  });

  it("spend after the window does not count: the sweep expires it; a purchase whose settle was lost is qualified by the sweep", async () => {
    const referrer = await createUser(t.db);
    const late = await signUpThrough(await codeOf(referrer), { cash: "20" });
    await t.db.referral.update({ where: { referredId: late.id }, data: { createdAt: new Date(Date.now() - 31 * DAY_MS) } });
    await buy(late, 1);
    expect(await referralOf(late)).toMatchObject({ status: "expired", reason: "window_passed" });

    // A purchase through the service alone (auto-entry's path, or a process gone before its settle).
    const quiet = await signUpThrough(await codeOf(referrer), { cash: "20" });
    await checkout(t.db, quiet.id, [{ contestId, quantity: 1 }]);
    expect(await referralOf(quiet)).toMatchObject({ status: "pending" });
    expect(await settlePendingReferrals(t.db)).toBeGreaterThanOrEqual(1);
    expect(await referralOf(quiet)).toMatchObject({ status: "qualified" });
    expect(await creditRows([quiet.id], "referral_credit")).toHaveLength(1);
  });

  describe("cashback", () => {
    const week = isoWeek(new Date());
    const afterWeek = () => new Date(week.end.getTime() + 3_600_000);
    const cashbackOf = (u: User) => t.db.cashback.findMany({ where: { userId: u.id } });

    it("ISO weeks (UTC): Monday to Monday, named by the year of their Thursday", () => {
      expect(isoWeek(new Date("2026-11-29T23:59:59Z"))).toMatchObject({
        period: "2026-W48",
        start: new Date("2026-11-23T00:00:00Z"),
      });
      expect(isoWeek(new Date("2027-01-01T12:00:00Z")).period).toBe("2026-W53");
      expect(isoWeek(new Date("2024-12-30T00:00:00Z")).period).toBe("2025-W01");
    });

    it("runs twice and at once: each player is paid once, 5% of net cash spend as expiring credit; below the minimum is recorded unpaid", async () => {
      const big = await createUser(t.db, { balance: "100" });
      const small = await createUser(t.db, { balance: "10" });
      await buy(big, 4); // $40 → $2.00
      await buy(small, 1); // $10 → $0.50, the minimum itself
      const tiny = await createUser(t.db, { balance: "30", credit: "20" });
      await buy(tiny, 3); // $20 of credit, $10 cash → $0.50
      await expect(runCashback(t.db, { period: week })).rejects.toThrow(/has not ended/);

      await Promise.all([
        runCashback(t.db, { now: afterWeek(), period: week }),
        runCashback(t.db, { now: afterWeek(), period: week }),
      ]);
      await runCashback(t.db, { now: afterWeek(), period: week });

      for (const [u, spend, credit] of [
        [big, "40.00", "2.00"],
        [small, "10.00", "0.50"],
        [tiny, "10.00", "0.50"],
      ] as const) {
        const rows = await cashbackOf(u);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ period: week.period, status: "credited" });
        expect(rows[0]?.spend.toFixed(2)).toBe(spend);
        expect(rows[0]?.amount.toFixed(2)).toBe(credit);
        const ledger = await creditRows([u.id], "cashback_credit");
        expect(ledger.map((l) => [l.amount.toFixed(2), l.cashAmount.toFixed(2), l.reference])).toEqual([
          [credit, "0.00", rows[0]?.id],
        ]);
      }
      const shown = await rest(t.db, "GET", "/api/user/cashback", { user: big });
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({
        percent: "5",
        periods: [{ period: week.period, spend: "40.00", credit: "2.00", status: "credited", remaining: "2.00" }],
      });

      process.env.CASHBACK_MIN_USD = "1";
      const below = await createUser(t.db, { balance: "10" });
      await buy(below, 1); // $0.50 < $1
      await runCashback(t.db, { now: afterWeek(), period: week });
      expect(await cashbackOf(below)).toMatchObject([{ status: "below_minimum" }]);
      expect(await creditRows([below.id], "cashback_credit")).toEqual([]);
    });

    it("a run that crashed after its first player resumes: the rest are paid, nobody twice", async () => {
      const players = await Promise.all([1, 2, 3].map(() => createUser(t.db, { balance: "20" })));
      for (const p of players) await buy(p, 2);
      const before = await t.db.cashback.count({ where: { period: week.period } });
      await expect(
        runCashback(t.db, {
          now: afterWeek(),
          period: week,
          afterEach: () => {
            throw new Error("instance killed");
          },
        }),
      ).rejects.toThrow("instance killed");
      expect(await t.db.cashback.count({ where: { period: week.period } })).toBe(before + 1);
      // The restart (the job's retry, or the next hour's run on any instance).
      expect(await runCashback(t.db, { now: afterWeek(), period: week })).toBe(2);
      for (const p of players) {
        expect(await cashbackOf(p)).toHaveLength(1);
        expect(await creditRows([p.id], "cashback_credit")).toHaveLength(1);
        expect(await creditOf(p)).toBe("1.00");
      }
    });

    it("suppressed for a self-excluded player and one whose limit is reached: a row with the reason, no credit", async () => {
      const excluded = await createUser(t.db, { balance: "20" });
      const limited = await createUser(t.db, { balance: "20" });
      await buy(excluded, 2);
      await buy(limited, 2);
      await t.db.user.update({ where: { id: excluded.id }, data: { selfExcludedUntil: new Date(Date.now() + 365 * DAY_MS) } });
      await t.db.user.update({ where: { id: limited.id }, data: { monthlyLimit: "20" } });
      await runCashback(t.db, { now: afterWeek(), period: week });
      expect(await cashbackOf(excluded)).toMatchObject([{ status: "suppressed", reason: "self_excluded" }]);
      expect((await cashbackOf(limited))[0]?.status).toBe("suppressed");
      expect(await creditRows([excluded.id, limited.id], "cashback_credit")).toEqual([]);
    });

    it("the ledger invariant ties each cashback credit row to its credited week: an altered amount is found", async () => {
      const p = await createUser(t.db, { balance: "20" });
      await buy(p, 2);
      await runCashback(t.db, { now: afterWeek(), period: week });
      const [row] = await cashbackOf(p);
      if (!row) throw new Error("no cashback row");
      const violations = async () =>
        (await runLedgerChecks(t.db)).find((c) => c.name === "incentive-credit-once")?.violations.map((v) => v.detail) ?? [];
      expect(await violations()).toEqual([]);
      await t.db.cashback.update({ where: { id: row.id }, data: { amount: "9.99" } });
      const [ledgerRow] = await creditRows([p.id], "cashback_credit");
      expect(await violations()).toEqual([`${ledgerRow?.id}: cashback row without its credited week`]);
      await t.db.cashback.update({ where: { id: row.id }, data: { amount: row.amount } });
      expect(await violations()).toEqual([]);
    });

    it("the cashback.run job on two instances, then again after a restart: last week is paid once", async () => {
      const last = lastEndedWeek(new Date());
      const players = await Promise.all([1, 2].map(() => createUser(t.db, { balance: "40" })));
      for (const p of players) await buy(p, 4);
      // Their purchases fell last week (the job pays the last ended week).
      await t.db.ledgerEntry.updateMany({
        where: { userId: { in: players.map((p) => p.id) }, kind: "purchase" },
        data: { createdAt: new Date(last.start.getTime() + DAY_MS) },
      });
      const runs: string[] = [];
      const instance = async (name: string) => {
        const q = testQueue(t);
        q.register(JOB.cashbackRun, async () => {
          await runCashbackJob();
          runs.push(name);
        });
        await q.work();
        return q;
      };
      const [a, b] = await Promise.all([instance("a"), instance("b")]);
      await Promise.all([a.enqueue(JOB.cashbackRun, {}), b.enqueue(JOB.cashbackRun, {})]);
      await waitFor(() => runs.length >= 2, 30_000, "two cashback runs");
      await Promise.all([a.stop(1000), b.stop(1000)]);
      // The restart: a new instance runs the job again.
      const c = await instance("c");
      await c.enqueue(JOB.cashbackRun, {});
      await waitFor(() => runs.includes("c"), 30_000, "the cashback run after the restart");
      await c.stop(1000);
      for (const p of players) {
        expect(await cashbackOf(p)).toMatchObject([{ period: last.period, status: "credited" }]);
        expect(await creditRows([p.id], "cashback_credit")).toHaveLength(1);
        expect(await creditOf(p)).toBe("2.00");
      }
    });

    it("the expiry reminder is sent once, only while credit is left, never to a blocked player", async () => {
      const p = await createUser(t.db, { balance: "20" });
      const blocked = await createUser(t.db, { balance: "20" });
      await buy(p, 2);
      await buy(blocked, 2);
      await runCashback(t.db, { now: afterWeek(), period: week });
      await t.db.user.update({ where: { id: blocked.id }, data: { selfExcludedUntil: new Date(Date.now() + 365 * DAY_MS) } });
      const [row] = await cashbackOf(p);
      if (!row?.expiresAt) throw new Error("no cashback expiry");
      const reminders = (u: User) => t.db.notification.count({ where: { userId: u.id, title: "Cashback Expiring Soon" } });

      // Too early for this player. (Counted on the player, not on the run's total: the cashback job's
      // test above credits players at the real clock, and in the first hour of a Monday (UTC) their
      // credit expires inside this window, so the total read 2 on the night of 2026-11-30.)
      await remindCashbackExpiry(t.db, new Date(row.expiresAt.getTime() - 10 * DAY_MS));
      expect(await reminders(p)).toBe(0);
      const soon = new Date(row.expiresAt.getTime() - 2 * DAY_MS);
      await remindCashbackExpiry(t.db, soon);
      await remindCashbackExpiry(t.db, soon);
      expect(await reminders(p)).toBe(1);
      expect(await reminders(blocked)).toBe(0);
      expect((await t.db.cashback.findUniqueOrThrow({ where: { id: row.id } })).remindedAt).not.toBeNull();
    });
  });
});
