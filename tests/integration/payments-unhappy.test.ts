/**
 * Real money's unhappy paths for top-ups, each replayed through the real OxaPay client
 * against a local HTTP stand-in answering in OxaPay's documented v1 shapes: late money on an expired
 * invoice, paid after an admin reject, a refund after a credit, a partial payment valued from what
 * the payer sent (webhook and polling agree), and the review queue that settles them once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { hmacSha512Hex } from "../../src/server/gateways/gateway";
import { OxaPayGateway } from "../../src/server/gateways/oxapay/payments";
import {
  checkLedgerInvariants,
  createPayment,
  processWebhook,
  reconcileOpenPayments,
  rejectPayment,
} from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";
import { type LocalServer, oxaPayAnswer, startStandIn } from "../helpers/servers";

const KEY = "test-merchant";

/**
 * OxaPay's documented "Paid IPN" sample (docs.oxapay.com, Webhook, Sample Payment IPN data), as JSON
 * without the page's type annotations: replayed exactly as these bytes, signed over them.
 */
const DOCS_PAID_IPN =
  '{"track_id":"151811887","status":"Paid","type":"invoice","module_name":"OxaPay","amount":10,"value":3.6839,"sent_value":3.6839,"currency":"POL","order_id":"ORD-12345","email":"customer@oxapay.com","note":"","fee_paid_by_payer":0,"under_paid_coverage":0,"description":"Test Description","date":1738493900,"txs":[{"status":"confirmed","tx_hash":"x","sent_amount":10,"received_amount":9.85,"value":3.6839,"sent_value":3.6839,"currency":"POL","network":"Polygon Network","sender_address":"x","address":"x","rate":0.36839,"confirmations":10,"auto_convert_amount":0,"auto_convert_currency":"USDT","date":1738494035}]}';

describe(`top-ups: late, rejected, refunded and partial money (${dbKind()})`, () => {
  let t: TestDb;
  let standIn: LocalServer;
  let admin: User;
  let nextTrackId = 290000001;
  /** GET /v1/payment/{track_id} answers, per track id (OxaPay's documented payment-information shape). */
  const info = new Map<string, Record<string, unknown>>();
  beforeAll(async () => {
    delete process.env.AUTO_APPROVE_PAID;
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    standIn = await startStandIn((req, res, text) => {
      const ok = (data: unknown) => oxaPayAnswer(res, data);
      if (req.headers.merchant_api_key !== KEY) return oxaPayAnswer(res, {}, 401, "Invalid merchant API key");
      if (req.method === "POST" && req.url === "/v1/payment/white-label") {
        const sent = JSON.parse(text);
        // OxaPay's documented white-label answer; the crypto amount is the invoice's at a 0.9987 rate.
        return ok({
          track_id: String(nextTrackId++),
          amount: sent.amount,
          currency: sent.currency,
          pay_amount: Number((sent.amount / 0.9987).toFixed(2)),
          pay_currency: sent.pay_currency,
          network: sent.network,
          address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
          callback_url: sent.callback_url,
          fee_paid_by_payer: sent.fee_paid_by_payer,
          under_paid_coverage: sent.under_paid_coverage,
          lifetime: sent.lifetime,
          order_id: sent.order_id,
          rate: 0.9987,
          expired_at: 1900000000,
          date: 1899996400,
        });
      }
      if (req.method === "GET" && (req.url ?? "").startsWith("/v1/payment?")) {
        // Payment History: { list, meta } (every invoice this stand-in knows).
        const list = [...info.values()];
        return ok({ list, meta: { page: 1, last_page: 1, total: list.length } });
      }
      const found = req.method === "GET" ? info.get((req.url ?? "").replace("/v1/payment/", "")) : undefined;
      if (found) return ok(found);
      oxaPayAnswer(res, {}, 404, "Not found");
    });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await standIn.close();
    await t.close();
  });

  const gateway = () => new OxaPayGateway({ merchantApiKey: KEY, baseUrl: standIn.url, timeoutMs: 2000 });
  const balance = async (u: User) => (await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).balance.toFixed(2);
  const topUp = (user: User, amount: string) =>
    createPayment(
      t.db,
      user,
      { amount, currency: "USD", cryptoCurrency: "USDT", network: "TRC20" },
      {
        origin: "https://app.example",
        gateway: gateway(),
      },
    );
  /** A webhook exactly as OxaPay sends it: the raw bytes are what is signed and parsed. */
  const deliver = (rawBody: string, opts: { autoApprove?: boolean } = {}) =>
    processWebhook(t.db, rawBody, hmacSha512Hex(KEY, rawBody), { gateway: gateway(), autoApprove: opts.autoApprove ?? false });
  const paidWebhook = (p: { trackId: string; paymentId: string }, usd: number, status: string, sent: number, received: number) =>
    `{"track_id":"${p.trackId}","status":"${status}","type":"white_label","module_name":"OxaPay","amount":${usd},"value":${usd},"sent_value":${sent},"currency":"USD","order_id":"${p.paymentId}","email":"payer@example.com","note":"","fee":0.12,"rate":1,"description":"Balance top-up","date":1738493900,"txs":[{"status":"confirmed","tx_hash":"0x7f3e9d2c1b0a","sent_amount":${sent},"received_amount":${received},"value":${sent},"sent_value":${sent},"currency":"USDT","network":"TRC20","sender_address":"TXa1b2c3","address":"TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE","rate":1,"confirmations":19,"auto_convert_amount":0,"auto_convert_currency":"","date":1738493890}]}`;

  it("15.02 USDT arriving on an expired $15 invoice goes to the review queue and is credited once, with a reason, audited, the player told", async () => {
    const player = await createUser(t.db);
    const p = await topUp(player, "15.00");
    expect(p.payAmount).toBe("15.02");
    // The invoice expires unpaid (the reconcile job asks OxaPay).
    info.set(p.trackId, { track_id: p.trackId, status: "Expired", amount: 15, currency: "USD", order_id: p.paymentId, txs: [] });
    await reconcileOpenPayments(t.db, { gateway: gateway(), now: new Date(Date.now() + 2 * 3600_000) });
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: p.paymentId } })).status).toBe("expired");

    // Then the money arrives: OxaPay reports it paid.
    const body = paidWebhook(p, 15, "Paid", 15.02, 14.9);
    expect(await deliver(body)).toMatchObject({ changed: true, status: "paid" });
    expect(await deliver(body)).toMatchObject({ changed: false }); // a repeat opens nothing new
    const row = await t.db.payment.findUniqueOrThrow({ where: { id: p.paymentId } });
    expect(row).toMatchObject({ status: "expired", gatewayStatus: "paid" });
    expect(await balance(player)).toBe("0.00");

    const list = await rest(t.db, "GET", "/api/admin/review", { user: admin });
    expect(list.status).toBe(200);
    const entry = list.body.find((e: { paymentId: string }) => e.paymentId === p.paymentId);
    expect(entry).toMatchObject({ kind: "late_payment", status: "open", amount: "15.00", actions: ["credit", "dismiss"] });
    expect((await rest(t.db, "GET", "/api/admin/review", { user: player })).status).toBe(403);
    // Admins were alerted.
    expect(await t.db.notification.count({ where: { userId: admin.id, title: "Review Needed" } })).toBeGreaterThan(0);

    const credit = (body: object, user: User = admin) =>
      rest(t.db, "POST", `/api/admin/review/${entry.id}/credit`, { user, body });
    expect((await credit({})).status).toBe(400); // a reason is required
    expect((await credit({ reason: "late" }, player)).status).toBe(403);
    const done = await Promise.all([credit({ reason: "Arrived 2 h late" }), credit({ reason: "Arrived 2 h late" })]);
    expect(done.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance(player)).toBe("15.00");
    expect(await t.db.ledgerEntry.count({ where: { kind: "review_credit", reference: entry.id } })).toBe(1);
    expect(await t.db.auditLog.count({ where: { action: "review.credit", targetId: p.paymentId } })).toBe(1);
    expect(await t.db.notification.count({ where: { userId: player.id, title: "Payment Credited" } })).toBe(1);
    // The expiry message no longer told the player "nothing was charged" for money that then came: the credit says so.
    expect((await credit({ reason: "again" })).status).toBe(409);
  });

  it("paid after an admin reject: recorded, nothing credited automatically, a review entry opens", async () => {
    const player = await createUser(t.db);
    const p = await topUp(player, "20.00");
    await rejectPayment(t.db, admin.id, p.paymentId, "Looked like a duplicate");
    expect(await deliver(paidWebhook(p, 20, "Paid", 20.03, 19.9), { autoApprove: true })).toMatchObject({ changed: true });
    expect(await balance(player)).toBe("0.00");
    const entry = await t.db.reviewItem.findFirstOrThrow({ where: { paymentId: p.paymentId } });
    expect(entry).toMatchObject({ kind: "late_payment", status: "open" });
    expect(entry.amount?.toFixed(2)).toBe("20.00");
  });

  it("a refund after an auto-approved credit raises a review entry; take back debits what the balance covers and records the rest as a claim", async () => {
    const player = await createUser(t.db);
    const p = await topUp(player, "30.00");
    expect(await deliver(paidWebhook(p, 30, "Paid", 30.04, 29.9), { autoApprove: true })).toMatchObject({ approved: true });
    expect(await balance(player)).toBe("30.00");
    // The player withdraws 20 of it before the refund (the hold leaves 10 on the balance).
    const w = await rest(t.db, "POST", "/api/withdrawals", {
      user: player,
      body: { amount: "20", cryptoCurrency: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    });
    expect(w.status).toBe(201);
    const refund = `{"track_id":"${p.trackId}","status":"Refunded","type":"white_label","amount":30,"currency":"USD","order_id":"${p.paymentId}","date":1738499900,"txs":[]}`;
    expect(await deliver(refund, { autoApprove: true })).toMatchObject({ changed: true, status: "refunded" });
    expect(await deliver(refund, { autoApprove: true })).toMatchObject({ changed: false });
    const entry = await t.db.reviewItem.findFirstOrThrow({ where: { paymentId: p.paymentId, kind: "refund_after_credit" } });
    expect(entry.amount?.toFixed(2)).toBe("30.00");
    const takeBack = () =>
      rest(t.db, "POST", `/api/admin/review/${entry.id}/take-back`, { user: admin, body: { reason: "Refunded to the sender" } });
    const res = await takeBack();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ taken: "10.00", claim: "20.00" });
    expect(await balance(player)).toBe("0.00"); // never negative
    expect((await t.db.reviewItem.findUniqueOrThrow({ where: { id: entry.id } })).claimAmount?.toFixed(2)).toBe("20.00");
    expect((await takeBack()).status).toBe(409);
    expect(await t.db.ledgerEntry.count({ where: { kind: "review_take_back", reference: entry.id } })).toBe(1);
    // check:ledger notices a review credit that no entry explains.
    await t.db.$executeRaw`INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "cashAmount", "creditAmount",
        "balanceAfter", "cashAfter", "creditAfter", "reference")
      VALUES ('bogus-review-credit', ${player.id}, 'review_credit', 0, 0, 0, 0, 0, 0, 'no-such-entry')`;
    expect((await checkLedgerInvariants(t.db)).map((v) => v.check)).toContain("review-ledger-once");
    await t.db.$executeRaw`DELETE FROM "LedgerEntry" WHERE "id" = 'bogus-review-credit'`;
  });

  it("OxaPay's documented Paid IPN, byte for byte: parsed from what was sent (sent_amount, not the fee-net received_amount), checked against payment information, recorded once", async () => {
    const { parseWebhookBody } = await import("../../src/server/gateways/gateway");
    const notice = parseWebhookBody(DOCS_PAID_IPN);
    expect(notice).toMatchObject({ trackId: "151811887", status: "paid", amount: "10", currency: "POL", orderId: "ORD-12345" });
    expect(notice?.txs).toEqual([{ amount: "10", currency: "POL", status: "confirmed" }]);
    const player = await createUser(t.db);
    const payment = await t.db.payment.create({
      data: {
        userId: player.id,
        amount: "10",
        cryptoCurrency: "USDT",
        provider: "oxapay",
        trackId: "151811887",
        payLink: "https://app.example/pay/151811887",
      },
    });
    // The sample's amount is in POL and its order id is OxaPay's: the payment-information endpoint confirms it.
    info.set("151811887", { track_id: "151811887", status: "Paid", amount: 10, currency: "USD", order_id: payment.id, txs: [] });
    expect(await deliver(DOCS_PAID_IPN)).toMatchObject({ changed: true, status: "paid" });
    expect(await deliver(DOCS_PAID_IPN)).toMatchObject({ changed: false });
    const row = await t.db.payment.findUniqueOrThrow({ where: { id: payment.id }, include: { events: true } });
    expect(row).toMatchObject({ gatewayStatus: "paid", status: "pending" });
    expect(row.events).toHaveLength(1);
  });

  it("a partial payment is valued from what the payer sent, the same through the webhook and through polling", async () => {
    const player = await createUser(t.db);
    const a = await topUp(player, "15.00"); // pay_amount 15.02
    const b = await topUp(player, "15.00");
    // 7.51 USDT sent, 7.39 received after OxaPay's fee: the player is owed what they sent.
    expect(await deliver(paidWebhook(a, 15, "Underpaid", 7.51, 7.39))).toMatchObject({ changed: true, status: "underpaid" });
    info.set(b.trackId, {
      track_id: b.trackId,
      status: "Underpaid",
      amount: 15,
      currency: "USD",
      order_id: b.paymentId,
      txs: [{ status: "confirmed", sent_amount: 7.51, received_amount: 7.39, currency: "USDT", network: "TRC20" }],
    });
    await reconcileOpenPayments(t.db, { gateway: gateway(), now: new Date(Date.now() + 3600_000) });
    const [ra, rb] = await Promise.all([a, b].map((x) => t.db.payment.findUniqueOrThrow({ where: { id: x.paymentId } })));
    expect(ra?.receivedAmount?.toFixed(2)).toBe("7.50"); // 15 x 7.51 / 15.02, rounded down
    expect(rb?.receivedAmount?.toFixed(2)).toBe("7.50");
  });

  it("the daily reconciliation records a status we missed through the state machine and lists an invoice we have no record of, once", async () => {
    const { reconcileWithGateway } = await import("../../src/server/services/money");
    const player = await createUser(t.db);
    const p = await topUp(player, "12.00");
    // The paid webhook never came and the invoice was not polled: only OxaPay's history knows.
    info.set(p.trackId, { track_id: p.trackId, status: "Paid", amount: 12, currency: "USD", order_id: p.paymentId, txs: [] });
    info.set("777000111", {
      track_id: "777000111",
      status: "Paid",
      amount: 50,
      currency: "USD",
      order_id: "someone-else",
      txs: [],
    });
    const run = () =>
      reconcileWithGateway(t.db, {
        gateway: gateway(),
        payoutGateway: null,
        days: 1,
        settleMinutes: 0,
        now: new Date(Date.now() + 60_000),
      });
    const tally = await run();
    expect(tally.settled).toBeGreaterThanOrEqual(1);
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: p.paymentId } })).gatewayStatus).toBe("paid");
    expect(await t.db.reviewItem.count({ where: { dedupeKey: "reconcile:payment:777000111" } })).toBe(1);
    expect((await run()).differences).toBe(0);
  });
});
