/**
 * Instant payouts by rules (docs/payments.md "Instant payouts"): a withdrawal every rule lets through
 * is paid without a person, end to end; one a rule stops waits for an admin with that rule named, and
 * the player sees which before the click (POST /api/withdrawals/quote). Through the REST rows, with
 * the sandbox and with OxaPay's real client against the payout stand-in (its Account Balance too).
 */
import { randomBytes } from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { OxaPayPayoutGateway } from "../../src/server/gateways/payouts";
import type { Db } from "../../src/server/platform/db";
import { applyBalanceChange } from "../../src/server/services/kernel";
import { checkLedgerInvariants, createWithdrawal, openReview, runPayoutJob } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { OxaPayPayoutStandIn } from "../helpers/oxapay-payout-stand-in";
import { type LocalServer, startRestServer } from "../helpers/servers";

const DAY = 86_400_000;
const base58check = createBase58check(sha256);
/** A fresh, valid TRON address (version 0x41 + 20 random bytes, base58check): one wallet per player. */
const tron = () => base58check.encode(new Uint8Array([0x41, ...randomBytes(20)]));

/** A player every rule lets through: three days old, cash from winnings (not a top-up). */
async function veteran(db: Db, cash = "100"): Promise<User> {
  const u = await createUser(db, { balance: cash });
  return db.user.update({ where: { id: u.id }, data: { createdAt: new Date(Date.now() - 3 * DAY) } });
}

/** A top-up of `usd`, approved and credited as cash (the ledger invariants hold). */
async function topUp(db: Db, user: User, usd: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const p = await tx.payment.create({
      data: {
        userId: user.id,
        amount: usd,
        creditedAmount: usd,
        cryptoCurrency: "USDT",
        provider: "sandbox",
        trackId: `sbx-${user.id}-${usd}-${Date.now()}`,
        payLink: "/pay/x",
        status: "approved",
      },
    });
    await applyBalanceChange(tx, { userId: user.id, amount: usd, kind: "topup", reference: p.id });
  });
}

describe(`instant payouts by rules (${dbKind()})`, () => {
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

  const wallets = new Map<string, string>();
  const walletOf = (user: User) => wallets.get(user.id) ?? wallets.set(user.id, tron()).get(user.id) ?? "";
  const withdraw = (user: User, amount: string, address = walletOf(user)) =>
    rest(t.db, "POST", "/api/withdrawals", { body: { amount, cryptoCurrency: "USDT", network: "TRC20", address }, user });
  const quote = (user: User, amount: string, address = walletOf(user)) =>
    rest(t.db, "POST", "/api/withdrawals/quote", { body: { amount, cryptoCurrency: "USDT", network: "TRC20", address }, user });

  it("a small withdrawal of winnings is paid at once (sandbox): the player sees 'instant' first, is told, and the rules' decision is audited", async () => {
    const player = await veteran(t.db);
    const q = await quote(player, "20");
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({ route: "instant", failed: [], enoughCash: true, cashBalance: "100.00" });
    expect(q.body.summary).toBe("Instant: sent to your wallet as soon as you confirm.");
    expect(q.body.checks).toHaveLength(12); // every rule of src/shared/payout-rules.ts, solvency included
    expect(await t.db.withdrawal.count({ where: { userId: player.id } })).toBe(0); // a quote holds nothing

    const res = await withdraw(player, "20");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "paid", route: "instant", reasons: [] });
    const w = await t.db.withdrawal.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(w).toMatchObject({ status: "paid", autoApproved: true, processedById: null });
    expect(w.txid).toMatch(/^sandbox-/);
    const notes = await t.db.notification.findMany({ where: { userId: player.id }, orderBy: { createdAt: "asc" } });
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(["Withdrawal Requested", "Withdrawal Paid"]));
    expect(notes.find((n) => n.title === "Withdrawal Requested")?.message).toContain("being sent to your wallet now");
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: "withdrawal.auto_approve", targetId: w.id } });
    expect(audit).toMatchObject({ actorId: null, actorEmail: "system" });
  });

  it("over the instant limit: held for an admin with the rule named (quote, answer, list), then paid on approval", async () => {
    const player = await veteran(t.db, "500");
    const q = await quote(player, "150");
    expect(q.body).toMatchObject({ route: "review", failed: ["amount"] });
    expect(q.body.summary).toBe("Reviewed by our team first: $150.00 is over the instant limit of $100.00.");
    const res = await withdraw(player, "150");
    expect(res.body).toMatchObject({
      status: "pending",
      route: "review",
      reasons: [{ rule: "amount", label: "Instant limit", message: "$150.00 is over the instant limit of $100.00" }],
    });
    const mine = await rest(t.db, "GET", "/api/withdrawals", { user: player });
    expect(mine.body[0].reasons.map((r: { rule: string }) => r.rule)).toEqual(["amount"]);
    const queue = await rest(t.db, "GET", "/api/admin/withdrawals", { user: admin });
    expect(queue.body.find((x: { id: string }) => x.id === res.body.id).reasons[0].rule).toBe("amount");
    const approved = await rest(t.db, "POST", `/api/admin/withdrawals/${res.body.id}/approve`, { user: admin });
    expect(approved.body.withdrawal).toMatchObject({ status: "paid" });
  });

  it("money in and straight out is reviewed; once the top-up was played, winnings leave at once", async () => {
    const player = await veteran(t.db, "40");
    await topUp(t.db, player, "50");
    // $90 cash, $50 of it a top-up never played: $40 may leave at once, $60 may not.
    expect((await quote(player, "40")).body).toMatchObject({ route: "instant", failed: [] });
    const held = await withdraw(player, "60");
    expect(held.body).toMatchObject({
      status: "pending",
      reasons: [
        {
          rule: "unplayed_deposit",
          message: "Takes out $20.00 of recent top-ups never played (money in and straight out is reviewed)",
        },
      ],
    });
    await rest(t.db, "POST", `/api/admin/withdrawals/${held.body.id}/reject`, { user: admin, body: { reason: "play first" } });
    const c = await createContest(t.db, { title: "Played", ticketPrice: "1" });
    expect((await rest(t.db, "POST", "/api/cart/add", { body: { contestId: c.id, quantity: 30 }, user: player })).status).toBe(
      200,
    );
    // $60 cash, $20 of the top-up unplayed: $40 leaves at once, $45 does not.
    expect((await quote(player, "45")).body.failed).toEqual(["unplayed_deposit"]);
    expect((await withdraw(player, "40")).body).toMatchObject({ status: "paid", route: "instant" });
  });

  it("daily count and sum, account age, standing, an open review and a shared address each send it to review by name", async () => {
    process.env.AUTO_WITHDRAW_DAILY_COUNT = "2";
    const a = await veteran(t.db, "300");
    expect((await withdraw(a, "10")).body.route).toBe("instant");
    expect((await withdraw(a, "10")).body.route).toBe("instant");
    expect((await withdraw(a, "10")).body.reasons.map((r: { rule: string }) => r.rule)).toEqual(["daily_count"]);
    delete process.env.AUTO_WITHDRAW_DAILY_COUNT;

    // A young account, paying to the wallet another account used.
    const young = await createUser(t.db, { balance: "50" });
    expect((await withdraw(young, "10", walletOf(a))).body.reasons.map((r: { rule: string }) => r.rule)).toEqual([
      "account_age",
      "shared_address",
    ]);

    const excluded = await veteran(t.db, "50");
    await t.db.user.update({ where: { id: excluded.id }, data: { selfExcludedUntil: new Date(Date.now() + DAY) } });
    expect((await quote(excluded, "10")).body.failed).toEqual(["standing"]);

    const reviewed = await veteran(t.db, "50");
    await t.db.$transaction((tx) =>
      openReview(tx, {
        kind: "late_payment",
        dedupeKey: `late:${reviewed.id}`,
        userId: reviewed.id,
        amount: "5",
        summary: "late",
      }),
    );
    expect((await quote(reviewed, "10")).body.failed).toEqual(["open_review"]);
  });
});

describe(`instant payouts through OxaPay's client and the payout stand-in (${dbKind()})`, () => {
  let t: TestDb;
  let app: LocalServer;
  const KEY = "stand-in-payout-key";
  const GENERAL = "stand-in-general-key";
  const standIn = new OxaPayPayoutStandIn(KEY, GENERAL);
  let gateway: OxaPayPayoutGateway;
  beforeAll(async () => {
    t = await createTestDb();
    app = await startRestServer();
    await standIn.start();
    gateway = new OxaPayPayoutGateway({ payoutApiKey: KEY, generalApiKey: GENERAL, baseUrl: standIn.base, timeoutMs: 2_000 });
    // The payout webhook row verifies with the configured payout key (the stand-in signs with it).
    Object.assign(process.env, {
      APP_URL: app.url,
      OXAPAY_PAYOUT_API_KEY: KEY,
      OXAPAY_GENERAL_API_KEY: GENERAL,
      OXAPAY_BASE_URL: standIn.base,
    });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await standIn.stop();
    await app.close();
    await t.close();
  });

  const input = (amount: string) => ({ amount, cryptoCurrency: "USDT" as const, network: "TRC20" as const, address: tron() });

  it("a payout wallet that cannot cover it sends the withdrawal to review; one that can pays it, OxaPay's webhook settles it once", async () => {
    const player = await veteran(t.db);
    standIn.wallet.USDT = 5;
    const short = await createWithdrawal(t.db, player.id, input("20"), { origin: app.url, gateway });
    expect(short).toMatchObject({
      status: "pending",
      reasons: [{ rule: "payout_wallet", message: "The payout wallet cannot cover it right now" }],
    });
    expect(standIn.accepted).toHaveLength(0);

    standIn.wallet.USDT = 100_000;
    standIn.completeAfterMs = 50;
    const w = await createWithdrawal(t.db, player.id, input("15"), { origin: app.url, gateway });
    expect(w).toMatchObject({ status: "processing", route: "instant" });
    expect(standIn.sendsFor(`withdrawal ${w.id}`)).toBe(1);
    for (let i = 0; i < 100; i++) {
      if ((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status === "paid") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const paid = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(paid).toMatchObject({ status: "paid", autoApproved: true });
    expect(await t.db.notification.count({ where: { userId: player.id, title: "Withdrawal Paid" } })).toBe(1);
    standIn.completeAfterMs = null;
  });

  it("at most once on the instant path: an answer that never came is looked up, never resent; a crash before the send leaves one job that sends once", async () => {
    const player = await veteran(t.db);
    standIn.hold();
    const fast = new OxaPayPayoutGateway({ payoutApiKey: KEY, generalApiKey: GENERAL, baseUrl: standIn.base, timeoutMs: 300 });
    const w = await createWithdrawal(t.db, player.id, input("12"), { origin: app.url, gateway: fast });
    expect(w.status).toBe("processing"); // sent, answer unknown
    expect((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).outcomeUnknownSince).not.toBeNull();
    standIn.release();
    await t.db.withdrawal.update({ where: { id: w.id }, data: { sendingUntil: null } });
    await runPayoutJob(t.db, { id: w.id, origin: app.url }, { retryCount: 0 }, { gateway, absentAfterMs: 0 });
    expect(standIn.sendsFor(`withdrawal ${w.id}`)).toBe(1);
    expect((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).trackId).not.toBeNull();

    // The request committed (processing, its job queued) and the process died before the send.
    const crashed = await createWithdrawal(t.db, player.id, input("11"), { origin: app.url, gateway, sendNow: false });
    expect(crashed.status).toBe("processing");
    await Promise.all([
      runPayoutJob(t.db, { id: crashed.id, origin: app.url }, { retryCount: 0 }, { gateway }),
      runPayoutJob(t.db, { id: crashed.id, origin: app.url }, { retryCount: 0 }, { gateway }),
    ]);
    expect(standIn.sendsFor(`withdrawal ${crashed.id}`)).toBe(1);
  });
});
