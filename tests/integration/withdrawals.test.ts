/**
 * Withdrawals through REST (and the services behind them): the hold, validation messages, the
 * admin queue, approval through the sandbox (paid at once), rejection (hold back once), a payout
 * failure (hold back once), retry through the job handler, and OxaPay's payout exchange replayed
 * from its documented example through the real client against a local node:http server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { hmacSha512Hex } from "../../src/server/gateways/gateway";
import { OxaPayPayoutGateway, type PayoutGateway, SandboxPayoutGateway } from "../../src/server/gateways/payouts";
import {
  checkLedgerInvariants,
  approveWithdrawal,
  PAYOUT_RETRY_LIMIT,
  processPayoutWebhook,
  reconcileProcessingWithdrawals,
  runPayoutJob,
} from "../../src/server/services/money";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";
import { type LocalServer, startStandIn } from "../helpers/servers";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const BTC = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

describe("withdrawals", () => {
  let t: TestDb;
  let player: User;
  let admin: User;
  const balance = async (u: User) => (await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).balance.toFixed(2);
  const request = (u: User, body: object) => rest(t.db, "POST", "/api/withdrawals", { user: u, body });

  beforeAll(async () => {
    t = await createTestDb();
    player = await createUser(t.db, { balance: "100" });
    admin = await createUser(t.db, { role: "owner" });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await t.close();
  });

  it("POST /api/withdrawals holds the amount at once and answers 201 with the documented shape", async () => {
    const res = await request(player, { amount: "25.00", cryptoCurrency: "USDT", network: "TRC20", address: TRON });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      "address",
      "amount",
      "createdAt",
      "cryptoCurrency",
      "id",
      "network",
      "reasons",
      "route",
      "status",
    ]);
    expect(res.body).toMatchObject({
      status: "pending",
      amount: "25.00",
      cryptoCurrency: "USDT",
      network: "TRC20",
      address: TRON,
    });
    expect(await balance(player)).toBe("75.00");
    const hold = await t.db.ledgerEntry.findUniqueOrThrow({
      where: { kind_reference: { kind: "withdrawal_hold", reference: res.body.id } },
    });
    expect(hold.amount.toFixed(2)).toBe("-25.00");
    const notes = await t.db.notification.findMany({ where: { userId: player.id, title: "Withdrawal Requested" } });
    expect(notes).toHaveLength(1);
  });

  it("a clear 400 for each rule, 409 beyond the balance, 401 signed out", async () => {
    const cases: [object, RegExp][] = [
      [{ amount: "5" }, /Minimum withdrawal is \$10\.00/],
      [{ amount: "9999" }, /Maximum withdrawal is \$5,000\.00/],
      [{ amount: "12.345" }, /at most 2 decimals/],
      [{ cryptoCurrency: "DOGE" }, /Currency must be one of/],
      [{ network: "MATIC" }, /Network must be one of/],
      [{ network: "SOL" }, /USDT can be sent on TRC20, ERC20, BEP20 only/],
      [{ cryptoCurrency: "ETH" }, /ETH can be sent on ERC20 only/],
      [{ address: `${TRON.slice(0, -1)}u` }, /Invalid Tron \(TRC20\) address/],
      [{ network: "ERC20", address: "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" }, /EIP-55/],
      [{ address: "" }, /wallet address/],
    ];
    for (const [change, message] of cases) {
      const res = await request(player, { amount: "20", cryptoCurrency: "USDT", network: "TRC20", address: TRON, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const over = await request(player, { amount: "80", cryptoCurrency: "USDT", network: "TRC20", address: TRON });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe("Insufficient balance for this withdrawal");
    expect(await balance(player)).toBe("75.00");
    const anon = await rest(t.db, "POST", "/api/withdrawals", { body: { amount: "20" } });
    expect(anon.status).toBe(401);
  });

  it("GET /api/withdrawals lists the player's own, newest first; the admin list puts pending first", async () => {
    const second = await request(player, { amount: "10", cryptoCurrency: "ETH", network: "ERC20", address: EVM });
    expect(second.status).toBe(201);
    const other = await createUser(t.db, { balance: "50" });
    await request(other, { amount: "10", cryptoCurrency: "BTC", network: "BTC", address: BTC });
    const mine = await rest(t.db, "GET", "/api/withdrawals", { user: player });
    expect(mine.status).toBe(200);
    expect(mine.body.map((w: { amount: string }) => w.amount)).toEqual(["10.00", "25.00"]);
    expect(mine.body[0]).toMatchObject({ status: "pending", txid: null });
    expect((await rest(t.db, "GET", "/api/admin/withdrawals", { user: player })).status).toBe(403);
    const all = await rest(t.db, "GET", "/api/admin/withdrawals", { user: admin });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(3);
    expect(all.body.every((w: { status: string }) => w.status === "pending")).toBe(true);
    expect(all.body[0].user.email).toBe(player.email);
  });

  it("approve through the sandbox pays at once with a txid; a second approval is 409", async () => {
    const [w] = (await rest(t.db, "GET", "/api/withdrawals", { user: player })).body as { id: string }[];
    const res = await rest(t.db, "POST", `/api/admin/withdrawals/${w?.id}/approve`, { user: admin });
    expect(res.status).toBe(200);
    expect(res.body.withdrawal).toMatchObject({ status: "paid", payAmount: expect.any(String) });
    expect(res.body.withdrawal.txid).toMatch(/^sandbox-/);
    const again = await rest(t.db, "POST", `/api/admin/withdrawals/${w?.id}/approve`, { user: admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Withdrawal already paid");
    const titles = (await t.db.notification.findMany({ where: { userId: player.id }, orderBy: { createdAt: "asc" } })).map(
      (n) => n.title,
    );
    expect(titles).toEqual(expect.arrayContaining(["Withdrawal Approved", "Withdrawal Paid"]));
    const listed = (await rest(t.db, "GET", "/api/withdrawals", { user: player })).body[0];
    expect(listed).toMatchObject({ status: "paid", txid: res.body.withdrawal.txid });
  });

  it("reject needs a reason and returns the hold exactly once", async () => {
    const w = (await request(player, { amount: "10", cryptoCurrency: "USDT", network: "BEP20", address: EVM })).body;
    const before = await balance(player);
    const noReason = await rest(t.db, "POST", `/api/admin/withdrawals/${w.id}/reject`, { user: admin, body: {} });
    expect(noReason.status).toBe(400);
    const [a, b] = await Promise.all([
      rest(t.db, "POST", `/api/admin/withdrawals/${w.id}/reject`, {
        user: admin,
        body: { reason: "Address on a sanctions list" },
      }),
      rest(t.db, "POST", `/api/admin/withdrawals/${w.id}/reject`, { user: admin, body: { reason: "again" } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balance(player)).toBe((Number(before) + 10).toFixed(2));
    const releases = await t.db.ledgerEntry.count({ where: { kind: "withdrawal_release", reference: w.id } });
    expect(releases).toBe(1);
    const approveRejected = await rest(t.db, "POST", `/api/admin/withdrawals/${w.id}/approve`, { user: admin });
    expect(approveRejected.status).toBe(409);
    expect((await rest(t.db, "POST", "/api/admin/withdrawals/nope/approve", { user: admin })).status).toBe(404);
  });

  it("real top-ups without a payout key: approval answers 503 'Withdrawals are not configured' and changes nothing (never a sandbox txid)", async () => {
    const w = (await request(player, { amount: "10", cryptoCurrency: "USDT", network: "TRC20", address: TRON })).body;
    process.env.OXAPAY_MERCHANT_API_KEY = "real-merchant-key";
    process.env.APP_URL = "https://prizes.example";
    try {
      const res = await rest(t.db, "POST", `/api/admin/withdrawals/${w.id}/approve`, { user: admin });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe("Withdrawals are not configured");
    } finally {
      delete process.env.OXAPAY_MERCHANT_API_KEY;
      delete process.env.APP_URL;
    }
    const row = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(row).toMatchObject({ status: "pending", txid: null, trackId: null });
    // Back in demo mode the same approval goes through the sandbox.
    expect((await rest(t.db, "POST", `/api/admin/withdrawals/${w.id}/approve`, { user: admin })).status).toBe(200);
  });

  const unreachable = async () => {
    throw new (await import("../../src/server/gateways/gateway")).GatewayError("down", { retryable: true, outcome: "unknown" });
  };

  it("a gateway that cannot even quote is retried by the job; after the last attempt (nothing sent) the withdrawal fails and the hold returns once", async () => {
    let sends = 0;
    const down: PayoutGateway = {
      name: "sandbox",
      walletBalance: async () => "1000000",
      quote: unreachable,
      createPayout: async () => {
        sends++;
        throw new Error("never reached");
      },
      verifySignature: () => false,
      getPayout: async () => null,
      findPayoutByReference: async () => "absent",
      listPayouts: async () => [],
    };
    const w = (await request(player, { amount: "10", cryptoCurrency: "USDT", network: "TRC20", address: TRON })).body;
    const before = await balance(player);
    const queued: unknown[] = [];
    const res = await approveWithdrawal(t.db, admin.id, w.id, {
      origin: "http://localhost:3000",
      gateway: down,
      enqueueInTx: async (_tx, d) => queued.push(d),
    });
    expect(res.withdrawal.status).toBe("processing");
    expect(queued).toEqual([{ id: w.id, origin: "http://localhost:3000" }]);
    // An attempt that is not the last throws (the queue retries it later).
    await expect(runPayoutJob(t.db, { id: w.id, origin: "x" }, { retryCount: 1 }, { gateway: down })).rejects.toThrow(/retry/);
    // The last attempt gives up: failed, hold back once; running it again changes nothing.
    await runPayoutJob(t.db, { id: w.id, origin: "x" }, { retryCount: PAYOUT_RETRY_LIMIT }, { gateway: down });
    await runPayoutJob(t.db, { id: w.id, origin: "x" }, { retryCount: PAYOUT_RETRY_LIMIT }, { gateway: down });
    const after = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(after.status).toBe("failed");
    expect(sends).toBe(0);
    expect(await balance(player)).toBe((Number(before) + 10).toFixed(2));
    expect(await t.db.ledgerEntry.count({ where: { kind: "withdrawal_release", reference: w.id } })).toBe(1);
  });

  it("a payout sent without an answer is looked up, never resent blind; still unknown after the last attempt it goes to review and the hold stays", async () => {
    let sends = 0;
    let lookups = 0;
    const silent: PayoutGateway = {
      name: "sandbox",
      walletBalance: async () => "1000000",
      quote: async () => "10.00",
      createPayout: async () => {
        sends++;
        return unreachable();
      },
      verifySignature: () => false,
      getPayout: async () => null,
      findPayoutByReference: async () => {
        lookups++;
        return unreachable();
      },
      listPayouts: async () => [],
    };
    const w = (await request(player, { amount: "10", cryptoCurrency: "USDT", network: "TRC20", address: TRON })).body;
    const before = await balance(player);
    await approveWithdrawal(t.db, admin.id, w.id, { origin: "http://x", gateway: silent });
    const stored = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(stored.payoutRequest).toMatchObject({
      address: TRON,
      currency: "USDT",
      amount: 10,
      network: "TRC20",
      description: `withdrawal ${w.id}`,
    });
    expect(stored.outcomeUnknownSince).not.toBeNull();
    await expect(runPayoutJob(t.db, { id: w.id, origin: "x" }, { retryCount: 1 }, { gateway: silent })).rejects.toThrow(/retry/);
    await runPayoutJob(t.db, { id: w.id, origin: "x" }, { retryCount: PAYOUT_RETRY_LIMIT }, { gateway: silent });
    expect(sends).toBe(1);
    expect(lookups).toBe(2);
    const after = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(after.status).toBe("processing");
    expect(await balance(player)).toBe(before);
    const entry = await t.db.reviewItem.findUniqueOrThrow({ where: { dedupeKey: `payout_unknown:${w.id}` } });
    expect(entry).toMatchObject({ kind: "payout_unknown", status: "open", withdrawalId: w.id });
    // The admin settles it as failed from the review queue: the hold comes back once.
    const settle = (body: object) => rest(t.db, "POST", `/api/admin/review/${entry.id}/settle-payout`, { user: admin, body });
    expect((await settle({ outcome: "paid", reason: "seen in panel" })).status).toBe(400); // paid needs the txid
    expect((await settle({ outcome: "failed", reason: "not in OxaPay's panel" })).status).toBe(200);
    expect((await settle({ outcome: "failed", reason: "again" })).status).toBe(409);
    expect((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe("failed");
    expect(await balance(player)).toBe((Number(before) + 10).toFixed(2));
    expect(await t.db.ledgerEntry.count({ where: { kind: "withdrawal_release", reference: w.id } })).toBe(1);
    expect(await t.db.auditLog.count({ where: { action: "review.settle_payout", targetId: w.id } })).toBe(1);
  });

  it("a definite 'not there' after an unknown send lets the job send again, and a recovered gateway pays", async () => {
    const w = (await request(player, { amount: "10", cryptoCurrency: "USDT", network: "TRC20", address: TRON })).body;
    const down: PayoutGateway = {
      ...new SandboxPayoutGateway("k"),
      name: "sandbox",
      walletBalance: async () => "1000000",
      quote: async () => "10",
      verifySignature: () => false,
      getPayout: async () => null,
      findPayoutByReference: async () => "absent",
      listPayouts: async () => [],
      createPayout: unreachable,
    };
    await approveWithdrawal(t.db, admin.id, w.id, { origin: "http://x", gateway: down });
    // Too soon after the send, "absent" is not trusted (history may lag): nothing is sent.
    await expect(
      runPayoutJob(
        t.db,
        { id: w.id, origin: "http://x" },
        { retryCount: 1 },
        { gateway: new SandboxPayoutGateway("k"), absentAfterMs: 3_600_000 },
      ),
    ).rejects.toThrow(/retry/);
    expect((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe("processing");
    await runPayoutJob(
      t.db,
      { id: w.id, origin: "http://x" },
      { retryCount: 1 },
      { gateway: new SandboxPayoutGateway("k"), absentAfterMs: 0 },
    );
    expect((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe("paid");
  });
});

describe("OxaPay payout exchange (documented example, real client, local server)", () => {
  let t: TestDb;
  let standIn: LocalServer;
  const seen: { method: string; url: string; key?: string; body: unknown }[] = [];
  const KEY = "test-payout-key";
  const GENERAL_KEY = "test-general-key";
  let payouts = 0; // the first answer is the documented example's track id; later ones count up
  beforeAll(async () => {
    t = await createTestDb();
    standIn = await startStandIn((req, res, text) => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        key: (req.headers.payout_api_key ?? req.headers.general_api_key) as string,
        body: text ? JSON.parse(text) : null,
      });
      res.setHeader("content-type", "application/json");
      if (req.method === "GET" && req.url?.startsWith("/v1/general/account/balance")) {
        if (req.headers.general_api_key !== GENERAL_KEY) {
          res.statusCode = 401;
          return res.end(JSON.stringify({ data: {}, message: "Invalid general API key", error: {}, status: 401 }));
        }
        // OxaPay v1 "Account Balance": `data` maps each currency symbol to its amount (?currency narrows it).
        const all: Record<string, number> = { BTC: 0.0125, ETH: 0.5, USDT: 150.5, TRX: 1200 };
        const currency = new URL(req.url, "http://x").searchParams.get("currency");
        return res.end(
          JSON.stringify({
            data: currency ? (currency in all ? { [currency]: all[currency] } : {}) : all,
            message: "Operation completed successfully!",
            error: {},
            status: 200,
            version: "1.0.0",
          }),
        );
      }
      if (req.headers.payout_api_key !== KEY) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ data: {}, message: "Invalid payout API key", error: {}, status: 401 }));
      }
      if (req.method === "POST" && req.url === "/v1/payout") {
        // OxaPay v1 "Generate Payout" response example.
        return res.end(
          JSON.stringify({
            data: { track_id: String(258298351 + payouts++), status: "processing" },
            message: "Operation completed successfully!",
            error: {},
            status: 200,
            version: "1.0.0",
          }),
        );
      }
      if (req.method === "GET" && req.url?.startsWith("/v1/payout/")) {
        // OxaPay v1 "Payout Information" response example.
        return res.end(
          JSON.stringify({
            data: {
              track_id: req.url.slice("/v1/payout/".length),
              address: TRON,
              currency: "USDT",
              network: "TRC20",
              amount: 15,
              fee: 1,
              status: "confirmed",
              tx_hash: "b1c2d3e4f5a6978812345678901234567890abcdefabcdefabcdefabcdefabcd",
              description: "withdrawal",
              internal: false,
              memo: "",
              date: 1736500000,
            },
            message: "Operation completed successfully!",
            error: {},
            status: 200,
            version: "1.0.3",
          }),
        );
      }
      if (req.method === "GET" && req.url === "/v1/common/prices") {
        return res.end(
          JSON.stringify({
            data: { BTC: 50000, ETH: 2500, BNB: 500, USDT: 1, USDC: 1, LTC: 80, TRX: 0.125, SOL: 160, TON: 5 },
            message: "ok",
            error: {},
            status: 200,
          }),
        );
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ data: {}, message: "Not found", error: {}, status: 404 }));
    });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await standIn.close();
    await t.close();
  });

  it("Account Balance: the payout wallet's amount of a coin through the General API key; unknown without one", async () => {
    const gateway = new OxaPayPayoutGateway({ payoutApiKey: KEY, generalApiKey: GENERAL_KEY, baseUrl: standIn.url });
    expect(await gateway.walletBalance("USDT")).toBe("150.5");
    const asked = seen.filter((s) => s.url.startsWith("/v1/general/account/balance"));
    expect(asked.at(-1)).toMatchObject({ method: "GET", url: "/v1/general/account/balance?currency=USDT", key: GENERAL_KEY });
    expect(await gateway.walletBalance("BNB")).toBe("0"); // not listed: nothing of it in the wallet
    expect(await new OxaPayPayoutGateway({ payoutApiKey: KEY, baseUrl: standIn.url }).walletBalance("USDT")).toBeNull();
    const wrong = new OxaPayPayoutGateway({ payoutApiKey: KEY, generalApiKey: "wrong", baseUrl: standIn.url });
    await expect(wrong.walletBalance("USDT")).rejects.toThrow();
  });

  it("sends the payout, stays processing, then the signed payout webhook marks it paid with the tx hash (once)", async () => {
    const gateway = new OxaPayPayoutGateway({ payoutApiKey: KEY, baseUrl: standIn.url });
    const player = await createUser(t.db, { balance: "200" });
    const admin = await createUser(t.db, { role: "owner" });
    const w = (
      await rest(t.db, "POST", "/api/withdrawals", {
        user: player,
        body: { amount: "100.00", cryptoCurrency: "BTC", network: "BTC", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa" },
      })
    ).body;
    const res = await approveWithdrawal(t.db, admin.id, w.id, { origin: "https://prizes.example", gateway });
    expect(res.withdrawal).toMatchObject({ status: "processing", payAmount: "0.002" });
    const payout = seen.find((s) => s.url === "/v1/payout");
    expect(payout?.key).toBe(KEY);
    expect(payout?.body).toEqual({
      address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
      currency: "BTC",
      amount: 0.002,
      // BTC travels on one chain: `network` is left out and OxaPay picks it.
      callback_url: "https://prizes.example/api/withdrawals/webhook",
      description: `withdrawal ${w.id}`,
    });
    const row = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(row.trackId).toBe("258298351");

    // OxaPay's payout webhook sample, signed with the payout API key.
    const body = JSON.stringify({
      track_id: "258298351",
      status: "Confirmed",
      type: "payout",
      address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
      amount: 0.002,
      currency: "BTC",
      network: "Bitcoin Network",
      tx_hash: "9f2c6b0a5e1d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b",
      description: `withdrawal ${w.id}`,
      date: 1736500000,
    });
    const bad = await processPayoutWebhook(t.db, body, "00".repeat(64), { gateway }).catch((e: Error) => e.message);
    expect(bad).toMatch(/Unauthorized/);
    const sig = hmacSha512Hex(KEY, body);
    expect((await processPayoutWebhook(t.db, body, sig, { gateway })).changed).toBe(true);
    expect((await processPayoutWebhook(t.db, body, sig, { gateway })).changed).toBe(false);
    const paid = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(paid.status).toBe("paid");
    expect(paid.txid).toBe("9f2c6b0a5e1d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b");
  });

  it("a rejected payout webhook fails the withdrawal and returns the hold once; the REST row checks the signature", async () => {
    const gateway = new OxaPayPayoutGateway({ payoutApiKey: KEY, baseUrl: standIn.url });
    const player = await createUser(t.db, { balance: "50" });
    const admin = await createUser(t.db, { role: "owner" });
    const w = (
      await rest(t.db, "POST", "/api/withdrawals", {
        user: player,
        body: { amount: "20", cryptoCurrency: "USDT", network: "TRC20", address: TRON },
      })
    ).body;
    await approveWithdrawal(t.db, admin.id, w.id, { origin: "https://prizes.example", gateway });
    expect((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).trackId).toBe("258298352");
    const mine = JSON.stringify({ track_id: "258298352", status: "Rejected", type: "payout" });
    const viaRest = await rest(t.db, "POST", "/api/withdrawals/webhook", { rawBody: mine, headers: { hmac: "bad" } });
    expect(viaRest.status).toBe(401);
    await processPayoutWebhook(t.db, mine, hmacSha512Hex(KEY, mine), { gateway });
    await processPayoutWebhook(t.db, mine, hmacSha512Hex(KEY, mine), { gateway });
    const row = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(row.status).toBe("failed");
    expect((await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toFixed(2)).toBe("50.00");
  });

  it("a payout whose webhook never came is settled by the reconcile job through GET /v1/payout/{track_id}", async () => {
    const gateway = new OxaPayPayoutGateway({ payoutApiKey: KEY, baseUrl: standIn.url });
    const player = await createUser(t.db, { balance: "15" });
    const admin = await createUser(t.db, { role: "owner" });
    const w = (
      await rest(t.db, "POST", "/api/withdrawals", {
        user: player,
        body: { amount: "15", cryptoCurrency: "USDT", network: "TRC20", address: TRON },
      })
    ).body;
    await approveWithdrawal(t.db, admin.id, w.id, { origin: "https://prizes.example", gateway });
    expect(await reconcileProcessingWithdrawals(t.db, { gateway })).toEqual({ checked: 0, settled: 0 }); // too early
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await reconcileProcessingWithdrawals(t.db, { gateway, now: later })).toEqual({ checked: 1, settled: 1 });
    const row = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(row.status).toBe("paid");
    expect(row.txid).toBe("b1c2d3e4f5a6978812345678901234567890abcdefabcdefabcdefabcdefabcd");
    expect(seen.some((s) => s.method === "GET" && s.url === `/v1/payout/${row.trackId}` && s.key === KEY)).toBe(true);
    expect(await reconcileProcessingWithdrawals(t.db, { gateway, now: later })).toEqual({ checked: 0, settled: 0 });
  });
  it("the coins beside the spec's four: each payout in its own decimals, USDC naming its chain, the others none", async () => {
    const gateway = new OxaPayPayoutGateway({ payoutApiKey: KEY, baseUrl: standIn.url });
    const admin = await createUser(t.db, { role: "owner" });
    const cases = [
      { coin: "LTC", network: "LTC", address: "LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz", amount: 0.25, sentNetwork: undefined },
      { coin: "TRX", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", amount: 160, sentNetwork: undefined },
      {
        coin: "SOL",
        network: "SOL",
        address: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
        amount: 0.125,
        sentNetwork: undefined,
      },
      {
        coin: "TON",
        network: "TON",
        address: "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N",
        amount: 4,
        sentNetwork: undefined,
      },
      {
        coin: "USDC",
        network: "SOL",
        address: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
        amount: 20,
        sentNetwork: "Solana Network",
      },
    ] as const;
    for (const c of cases) {
      const player = await createUser(t.db, { balance: "50" });
      const asked = await rest(t.db, "POST", "/api/withdrawals", {
        user: player,
        body: { amount: "20.00", cryptoCurrency: c.coin, network: c.network, address: c.address },
      });
      expect(asked.status, c.coin).toBe(201);
      await approveWithdrawal(t.db, admin.id, asked.body.id, { origin: "https://prizes.example", gateway });
      const sent = seen.filter((s) => s.url === "/v1/payout").at(-1)?.body as Record<string, unknown>;
      expect(sent, c.coin).toMatchObject({ address: c.address, currency: c.coin, amount: c.amount });
      if (c.sentNetwork) expect(sent.network).toBe(c.sentNetwork);
      else expect(sent, c.coin).not.toHaveProperty("network");
    }
  });
});
