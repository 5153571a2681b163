import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { hmacSha512Hex } from "../../src/server/gateways/gateway";
import { OxaPayGateway } from "../../src/server/gateways/oxapay/payments";
import { sandboxWebhookKey } from "../../src/server/gateways/sandbox/payments";
import { createPayment, processWebhook, reconcileOpenPayments } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, rest } from "../helpers/fixtures";
import { type LocalServer, startStandIn } from "../helpers/servers";

/** This installation's sandbox key (random, kept in the database; read in beforeAll). */
let SECRET = "";

function webhook(db: TestDb["db"], payload: Record<string, unknown>, opts: { key?: string; signature?: string | null } = {}) {
  const rawBody = JSON.stringify(payload);
  const signature = opts.signature === undefined ? hmacSha512Hex(opts.key ?? SECRET, rawBody) : opts.signature;
  return rest(db, "POST", "/api/payments/webhook", { rawBody, headers: signature ? { hmac: signature } : {} });
}

async function ledgerMatchesBalances(db: TestDb["db"]) {
  const users = await db.user.findMany({ select: { id: true, balance: true } });
  for (const u of users) {
    const sum = await db.ledgerEntry.aggregate({ where: { userId: u.id }, _sum: { amount: true } });
    expect((sum._sum.amount ?? 0).toString()).toBe(u.balance.toString() === "0" ? "0" : u.balance.toString());
  }
}

describe(`payments: create, webhook, approval (${dbKind()})`, () => {
  let t: TestDb;
  let player: User;
  let admin: User;
  beforeAll(async () => {
    delete process.env.OXAPAY_MERCHANT_API_KEY;
    delete process.env.AUTO_APPROVE_PAID;
    t = await createTestDb();
    SECRET = await sandboxWebhookKey(t.db);
    player = await createUser(t.db, { email: "payer@example.com" });
    admin = await createUser(t.db, { role: "owner", email: "boss@example.com" });
  });
  afterEach(() => {
    delete process.env.AUTO_APPROVE_PAID;
  });
  afterAll(() => t.close());

  const create = async (amount = "25.50", cryptoCurrency = "BTC", user = player) =>
    rest(t.db, "POST", "/api/payments/create", { user, body: { amount, currency: "USD", cryptoCurrency } });

  it("POST /api/payments/create answers the creation response of docs/product.md §3 from the sandbox", async () => {
    const res = await create();
    expect(res.status).toBe(200);
    const b = res.body;
    for (const f of ["success", "message", "instructions", "payLink", "qrCode", "address", "trackId", "payAmount", "currency"]) {
      expect(b).toHaveProperty(f);
    }
    expect(b.success).toBe(true);
    expect(b.instructions.en).toContain(b.address);
    expect(b.payLink).toBe(`http://localhost:3000/pay/${b.trackId}`);
    expect(b.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(b.currency).toBe("BTC");
    expect(b.payAmount).toBe("0.00039231");
    const row = await t.db.payment.findUniqueOrThrow({ where: { trackId: b.trackId } });
    expect(row).toMatchObject({ status: "pending", gatewayStatus: "new", provider: "sandbox", userId: player.id });
    expect(row.amount.toString()).toBe("25.5");
  });

  it("validates amount, currency and method with the product's texts; needs a signed-in user", async () => {
    const missing = await rest(t.db, "POST", "/api/payments/create", { user: player, body: { currency: "USD" } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("Please enter amount and select payment method");
    expect((await create("0.5")).body.message).toContain("Minimum amount is 1");
    expect((await create("1.005")).body.message).toContain("at most 2 decimals");
    const eur = await rest(t.db, "POST", "/api/payments/create", {
      user: player,
      body: { amount: "5", currency: "EUR", cryptoCurrency: "ETH" },
    });
    expect(eur.status).toBe(400);
    const anon = await rest(t.db, "POST", "/api/payments/create", {
      body: { amount: "5", currency: "USD", cryptoCurrency: "ETH" },
    });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toContain("Unauthorized");
  });

  it("the webhook accepts only a valid signature (401 otherwise) and records the status", async () => {
    const { body } = await create("10", "ETH");
    const payload = { track_id: body.trackId, status: "Paying", amount: 10, currency: "USD", type: "invoice" };
    expect((await webhook(t.db, payload, { key: "wrong-key" })).status).toBe(401);
    expect((await webhook(t.db, payload, { signature: null })).status).toBe(401);
    const rawBody = JSON.stringify(payload);
    const tampered = await rest(t.db, "POST", "/api/payments/webhook", {
      rawBody: rawBody.replace('"amount":10', '"amount":99'),
      headers: { hmac: hmacSha512Hex(SECRET, rawBody) },
    });
    expect(tampered.status).toBe(401);
    expect(tampered.body.message).toContain("Unauthorized");
    expect((await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } })).gatewayStatus).toBe("new");

    const ok = await webhook(t.db, payload);
    expect(ok.status).toBe(200);
    expect(ok.body).toBe("ok");
    const row = await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId }, include: { events: true } });
    expect(row.gatewayStatus).toBe("paying");
    expect(row.status).toBe("pending");
    expect(row.events.map((e) => e.status)).toEqual(["paying"]);

    // Progress only moves forward: a late 'paying' after 'paid' changes nothing.
    expect((await webhook(t.db, { ...payload, status: "paid" })).status).toBe(200);
    expect((await webhook(t.db, payload)).status).toBe(200);
    expect((await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } })).gatewayStatus).toBe("paid");
  });

  it("the webhook answers 404 for an unknown track id and 400 when amount or currency differ", async () => {
    expect((await webhook(t.db, { track_id: "nope", status: "paid", amount: 1, currency: "USD" })).status).toBe(404);
    const { body } = await create("12");
    const wrongAmount = await webhook(t.db, { track_id: body.trackId, status: "paid", amount: 120, currency: "USD" });
    expect(wrongAmount.status).toBe(400);
    const wrongCurrency = await webhook(t.db, { track_id: body.trackId, status: "paid", amount: 12, currency: "EUR" });
    expect(wrongCurrency.status).toBe(400);
    expect((await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } })).gatewayStatus).toBe("new");
    const malformed = await rest(t.db, "POST", "/api/payments/webhook", {
      rawBody: "{oops",
      headers: { hmac: hmacSha512Hex(SECRET, "{oops") },
    });
    expect(malformed.status).toBe(400);
  });

  it("the same 'paid' webhook delivered 10 times concurrently changes the status once (and credits once with AUTO_APPROVE_PAID)", async () => {
    // Auto-approval exists only with a real gateway: an OxaPay payment, webhooks signed with its merchant key.
    const buyer = await createUser(t.db);
    const trackId = "oxapay-7-25";
    await t.db.payment.create({
      data: {
        userId: buyer.id,
        amount: "7.25",
        cryptoCurrency: "USDT",
        provider: "oxapay",
        trackId,
        payLink: "https://pay.test/x",
      },
    });
    Object.assign(process.env, {
      OXAPAY_MERCHANT_API_KEY: "test-merchant",
      APP_URL: "https://app.example",
      AUTO_APPROVE_PAID: "true",
    });
    const payload = { track_id: trackId, status: "Paid", amount: 7.25, currency: "USD" };
    let results: Awaited<ReturnType<typeof webhook>>[];
    try {
      results = await Promise.all(Array.from({ length: 10 }, () => webhook(t.db, payload, { key: "test-merchant" })));
    } finally {
      delete process.env.AUTO_APPROVE_PAID;
      delete process.env.OXAPAY_MERCHANT_API_KEY;
      delete process.env.APP_URL;
    }
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const row = await t.db.payment.findUniqueOrThrow({ where: { trackId }, include: { events: true } });
    expect(row.events).toHaveLength(1);
    expect(row.gatewayStatus).toBe("paid");
    expect(row.status).toBe("approved");
    expect(row.processedById).toBeNull();
    const credits = await t.db.ledgerEntry.findMany({ where: { kind: "topup", reference: row.id } });
    expect(credits).toHaveLength(1);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: buyer.id } })).balance.toString()).toBe("7.25");
  });

  it("without AUTO_APPROVE_PAID a 'paid' webhook leaves the payment pending for an admin", async () => {
    const { body } = await create("3");
    await webhook(t.db, { track_id: body.trackId, status: "paid", amount: 3, currency: "USD" });
    const row = await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } });
    expect(row.gatewayStatus).toBe("paid");
    expect(row.status).toBe("pending");
  });

  it("GET /api/payments/pending lists docs/product.md §3 fields plus gateway status and email, for admins only", async () => {
    expect((await rest(t.db, "GET", "/api/payments/pending", { user: player })).status).toBe(403);
    expect((await rest(t.db, "GET", "/api/payments/pending")).status).toBe(401);
    const res = await rest(t.db, "GET", "/api/payments/pending", { user: admin });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const p = res.body[0];
    for (const f of [
      "id",
      "amount",
      "cryptoCurrency",
      "createdAt",
      "oxapayTrackId",
      "oxapayPayAmount",
      "gatewayStatus",
      "userEmail",
    ]) {
      expect(p).toHaveProperty(f);
    }
    expect(res.body.every((r: { userEmail: string }) => r.userEmail === "payer@example.com")).toBe(true);
  });

  it("approve credits once (ledger row, notification); a second approval or approving a rejected payment -> 409", async () => {
    const buyer = await createUser(t.db, { balance: "1.5" });
    const { body } = await create("20", "BNB", buyer);
    const row = await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } });
    expect((await rest(t.db, "POST", `/api/payments/${row.id}/approve`, { user: buyer })).status).toBe(403);
    // The buyer pays (the sandbox's signed 'Paid' webhook): now the gateway says paid.
    expect((await rest(t.db, "POST", `/api/payments/sandbox/${body.trackId}/pay`, { user: buyer })).status).toBe(200);
    const ok = await rest(t.db, "POST", `/api/payments/${row.id}/approve`, { user: admin });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Payment approved");
    expect((await t.db.user.findUniqueOrThrow({ where: { id: buyer.id } })).balance.toString()).toBe("21.5");
    const again = await rest(t.db, "POST", `/api/payments/${row.id}/approve`, { user: admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Payment already approved");
    expect((await rest(t.db, "POST", `/api/payments/${row.id}/reject`, { user: admin, body: {} })).status).toBe(409);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: buyer.id } })).balance.toString()).toBe("21.5");
    const notes = await t.db.notification.findMany({ where: { userId: buyer.id } });
    expect(notes.map((n) => [n.type, n.title])).toEqual([["success", "Payment Approved"]]);
    const after = await t.db.payment.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.processedById).toBe(admin.id);
    expect(after.processedAt).not.toBeNull();

    const second = await create("5", "BTC", buyer);
    const row2 = await t.db.payment.findUniqueOrThrow({ where: { trackId: second.body.trackId } });
    const rejected = await rest(t.db, "POST", `/api/payments/${row2.id}/reject`, { user: admin, body: {} });
    expect(rejected.status).toBe(200);
    const r2 = await t.db.payment.findUniqueOrThrow({ where: { id: row2.id } });
    expect(r2.status).toBe("rejected");
    expect(r2.rejectionReason).toBe("Manual rejection by admin");
    expect((await rest(t.db, "POST", `/api/payments/${row2.id}/approve`, { user: admin })).status).toBe(409);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: buyer.id } })).balance.toString()).toBe("21.5");
    const rejNote = await t.db.notification.findFirstOrThrow({ where: { userId: buyer.id, type: "error" } });
    expect(rejNote.title).toBe("Payment Rejected");
    expect((await rest(t.db, "POST", "/api/payments/missing/approve", { user: admin })).status).toBe(404);
  });

  it("reject keeps a given reason", async () => {
    const { body } = await create("4");
    const row = await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } });
    await rest(t.db, "POST", `/api/payments/${row.id}/reject`, { user: admin, body: { reason: "Underpaid" } });
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: row.id } })).rejectionReason).toBe("Underpaid");
  });

  it("a player sees only their own payment history and pay pages", async () => {
    const other = await createUser(t.db);
    const { body } = await create("9", "ETH", other);
    const caller = await callerFor(t.db, other);
    const mine = await caller.payments.mine();
    expect(mine.map((p) => p.trackId)).toEqual([body.trackId]);
    expect(mine[0]).toMatchObject({ amount: "9.00", status: "pending", cryptoCurrency: "ETH" });
    const page = await caller.payments.byTrackId({ trackId: body.trackId });
    expect(page.isSandbox).toBe(true);
    expect(page.canSimulate).toBe(true);
    const adminView = await (await callerFor(t.db, admin)).payments.byTrackId({ trackId: body.trackId });
    expect(adminView.canSimulate).toBe(false);
    expect(page.qrCode).toMatch(/^data:image\/png/);
    const playerCaller = await callerFor(t.db, player);
    await expect(playerCaller.payments.byTrackId({ trackId: body.trackId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("every balance equals the sum of its ledger rows", async () => {
    await ledgerMatchesBalances(t.db);
  });
});

/** A local stand-in for OxaPay speaking its v1 shapes, on 127.0.0.1 with an ephemeral port. */
describe(`OxaPay v1 client against a local fake server (${dbKind()})`, () => {
  let t: TestDb;
  let standIn: LocalServer;
  let mode: "ok" | "error" | "hang" | "garbage" | "busy" | "flaky" = "ok";
  let flakyLeft = 0;
  let nextTrackId = 184747701;
  const paymentInfo = new Map<string, Record<string, unknown>>();
  /** The documented example of GET /v1/payment/{track_id}, with this test's amounts. */
  const documentedInfo = (over: Record<string, unknown>, txs: Record<string, unknown>[]) => ({
    track_id: "168931368",
    type: "white_label",
    amount: 15,
    currency: "USD",
    status: "paid",
    mixed_payment: false,
    fee_paid_by_payer: 0,
    under_paid_coverage: 0,
    lifetime: 60,
    callback_url: "https://app.example/api/payments/webhook",
    return_url: "",
    email: "payer@example.com",
    order_id: "ORD-12345",
    description: "Balance top-up",
    thanks_message: "",
    expired_at: 1728121075,
    date: 1728117475,
    txs: txs.map((tx) => ({
      tx_hash: "0x2dehmnxmdfmhs3khxcppgsx41nelbjh34q5vjn1ogbudffamc9rg3",
      network: "TRC20",
      address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
      status: "confirmed",
      confirmations: 11,
      auto_convert: { processed: false },
      auto_withdrawal: { processed: false },
      date: 1728117736,
      ...tx,
    })),
    ...over,
  });
  const seen: { method: string; url: string; key: string | undefined; body: any }[] = [];
  beforeAll(async () => {
    t = await createTestDb();
    standIn = await startStandIn((req, res, text) => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        key: req.headers.merchant_api_key as string | undefined,
        body: text ? JSON.parse(text) : null,
      });
      if (mode === "hang") return; // never answers: the client's timeout must fire
      res.setHeader("content-type", "application/json");
      if (req.headers.merchant_api_key !== "test-merchant") {
        res.statusCode = 401;
        return res.end(JSON.stringify({ data: {}, message: "Invalid merchant API key", error: { type: "auth" }, status: 401 }));
      }
      if (mode === "error") {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({ data: {}, message: "Validation failed", error: { message: "amount is invalid" }, status: 400 }),
        );
      }
      if (mode === "garbage") return res.end("<html>bad gateway</html>");
      if (mode === "busy" || (mode === "flaky" && flakyLeft-- > 0)) {
        res.statusCode = 503;
        return res.end(JSON.stringify({ data: {}, message: "Service temporarily unavailable", error: {}, status: 503 }));
      }
      // OxaPay's documented white-label answer (docs.oxapay.com, Generate White Label), for our order.
      if (req.method === "POST" && req.url === "/v1/payment/white-label") {
        const sent = JSON.parse(text);
        return res.end(
          JSON.stringify({
            data: {
              track_id: String(nextTrackId++),
              amount: sent.amount,
              currency: sent.currency,
              pay_amount: 15.02,
              pay_currency: sent.pay_currency,
              network: sent.network,
              address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
              callback_url: sent.callback_url,
              description: sent.description,
              email: sent.email,
              fee_paid_by_payer: 0,
              lifetime: sent.lifetime,
              order_id: sent.order_id,
              under_paid_coverage: 0,
              rate: 0.9987,
              qr_code: "https://api.qrserver.com/v1/create-qr-code/?data=TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
              expired_at: 1900000000,
              date: 1899996400,
            },
            message: "Operation completed successfully!",
            error: {},
            status: 200,
            version: "1.0.0",
          }),
        );
      }
      if (req.method === "POST" && req.url === "/v1/payment/invoice") {
        return res.end(
          JSON.stringify({
            data: {
              track_id: String(nextTrackId),
              payment_url: `https://pay.oxapay.test/${nextTrackId++}`,
              expired_at: 1900000000,
              date: 1899996400,
            },
            message: "Operation completed successfully!",
            error: {},
            status: 200,
            version: "1.0.0",
          }),
        );
      }
      // OxaPay's documented payment-information answer (Payment Information), per track id.
      const info =
        req.method === "GET" ? paymentInfo.get(decodeURIComponent((req.url ?? "").replace("/v1/payment/", ""))) : undefined;
      if (info) {
        return res.end(
          JSON.stringify({ data: info, message: "Operation completed successfully!", error: {}, status: 200, version: "1.0.0" }),
        );
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ data: {}, message: "Not found", error: {}, status: 404 }));
    });
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });

  const gateway = (
    key = "test-merchant",
    timeoutMs = 2000,
    extra: Partial<ConstructorParameters<typeof OxaPayGateway>[0]> = {},
  ) => new OxaPayGateway({ merchantApiKey: key, baseUrl: `${standIn.url}/`, timeoutMs, ...extra });

  it("creates a white-label payment (POST /v1/payment/white-label, coin and network) and fills address, amount, QR code and expiry", async () => {
    mode = "ok";
    const user = await createUser(t.db);
    const result = await createPayment(
      t.db,
      user,
      { amount: "15.00", currency: "USD", cryptoCurrency: "USDT", network: "TRC20" },
      { origin: "https://app.example", gateway: gateway() },
    );
    const call = seen.at(-1)!;
    expect(call).toMatchObject({ method: "POST", url: "/v1/payment/white-label", key: "test-merchant" });
    expect(call.body).toMatchObject({
      pay_currency: "USDT",
      network: "TRC20",
      amount: 15,
      currency: "USD",
      lifetime: 60,
      callback_url: "https://app.example/api/payments/webhook",
      order_id: result.paymentId,
    });
    expect(typeof call.body.description).toBe("string");
    expect(result).toMatchObject({
      success: true,
      trackId: "184747701",
      payLink: "https://app.example/pay/184747701",
      address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
      payAmount: "15.02",
      currency: "USDT",
      network: "TRC20",
    });
    // Our own QR code (CSP: the pay page loads no outside images), not OxaPay's link.
    expect(result.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(result.instructions.en).toContain("Send 15.02 USDT to TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
    const row = await t.db.payment.findUniqueOrThrow({ where: { trackId: "184747701" } });
    expect(row).toMatchObject({
      provider: "oxapay",
      status: "pending",
      gatewayStatus: "new",
      network: "TRC20",
      payAmount: "15.02",
    });
    expect(row.expiresAt?.getTime()).toBe(1900000000 * 1000);
  });

  it("the coins beside the spec's four: USDC names its chain (Solana here), LTC, TRX, SOL and TON travel on one and name none", async () => {
    mode = "ok";
    const user = await createUser(t.db);
    const usdc = await createPayment(
      t.db,
      user,
      { amount: "12.00", currency: "USD", cryptoCurrency: "USDC", network: "SOL" },
      { origin: "https://app.example", gateway: gateway() },
    );
    expect(seen.at(-1)!.body).toMatchObject({ pay_currency: "USDC", network: "Solana Network", amount: 12 });
    expect(usdc).toMatchObject({ success: true, currency: "USDC", network: "SOL" });
    expect(await t.db.payment.findUniqueOrThrow({ where: { id: usdc.paymentId } })).toMatchObject({
      cryptoCurrency: "USDC",
      network: "SOL",
    });
    for (const coin of ["LTC", "TRX", "SOL", "TON"] as const) {
      await t.db.payment.deleteMany({ where: { userId: user.id } });
      const paid = await createPayment(
        t.db,
        user,
        { amount: "5", currency: "USD", cryptoCurrency: coin },
        { origin: "https://app.example", gateway: gateway() },
      );
      expect(seen.at(-1)!.body).toMatchObject({ pay_currency: coin });
      expect(seen.at(-1)!.body).not.toHaveProperty("network");
      expect(paid).toMatchObject({ success: true, currency: coin });
    }
    await t.db.payment.deleteMany({ where: { userId: user.id } });
  });

  it("clamps the invoice lifetime to OxaPay's 15..2880 minutes and uses the hosted invoice in OxaPay's test mode", async () => {
    mode = "ok";
    const user = await createUser(t.db);
    const input = { amount: "5", currency: "USD", cryptoCurrency: "BTC" as const };
    await createPayment(t.db, user, input, {
      origin: "https://app.example",
      gateway: gateway("test-merchant", 2000, { lifetimeMinutes: 5 }),
    });
    expect(seen.at(-1)!.body).toMatchObject({ lifetime: 15, pay_currency: "BTC", fee_paid_by_payer: 0, under_paid_coverage: 0 });
    // BTC travels on one chain: `network` is left out and OxaPay picks it.
    expect(seen.at(-1)!.body).not.toHaveProperty("network");
    await t.db.payment.deleteMany({ where: { userId: user.id } });
    await createPayment(t.db, user, input, {
      origin: "https://app.example",
      gateway: gateway("test-merchant", 2000, { lifetimeMinutes: 100_000, sandbox: true }),
    });
    expect(seen.at(-1)!).toMatchObject({
      url: "/v1/payment/invoice",
      body: { lifetime: 2880, sandbox: true, return_url: "https://app.example/payments" },
    });
  });

  it("reads a payment with GET /v1/payment/{track_id}, retrying a busy gateway (503) but never a create", async () => {
    mode = "ok";
    paymentInfo.set("168931368", documentedInfo({}, [{ amount: 15.02, currency: "USDT" }]));
    const info = await gateway().getPayment("168931368");
    expect(info).toMatchObject({
      trackId: "168931368",
      status: "paid",
      amount: "15",
      currency: "USD",
      orderId: "ORD-12345",
      txs: [{ amount: "15.02", currency: "USDT", status: "confirmed" }],
    });
    mode = "flaky";
    flakyLeft = 2;
    const before = seen.length;
    expect((await gateway().getPayment("168931368")).status).toBe("paid");
    expect(seen.length - before).toBe(3);
    mode = "busy";
    const user = await createUser(t.db);
    const sentBefore = seen.length;
    await expect(
      createPayment(
        t.db,
        user,
        { amount: "5", currency: "USD", cryptoCurrency: "BTC" },
        { origin: "http://x", gateway: gateway() },
      ),
    ).rejects.toMatchObject({ code: "BAD_GATEWAY" });
    expect(seen.length - sentBefore).toBe(1);
    mode = "ok";
  });

  it("a gateway failure answers 502 with a clear message and stores nothing", async () => {
    const user = await createUser(t.db);
    const attempt = (gw: OxaPayGateway) =>
      createPayment(t.db, user, { amount: "5", currency: "USD", cryptoCurrency: "BTC" }, { origin: "http://x", gateway: gw });
    mode = "error";
    await expect(attempt(gateway())).rejects.toMatchObject({
      code: "BAD_GATEWAY",
      message: expect.stringContaining("Validation failed"),
    });
    mode = "ok";
    await expect(attempt(gateway("bad-key"))).rejects.toMatchObject({
      code: "BAD_GATEWAY",
      message: expect.stringContaining("Invalid merchant API key"),
    });
    mode = "garbage";
    await expect(attempt(gateway())).rejects.toMatchObject({ code: "BAD_GATEWAY" });
    mode = "hang";
    await expect(attempt(gateway("test-merchant", 300))).rejects.toMatchObject({
      code: "BAD_GATEWAY",
      message: expect.stringContaining("did not answer within 300 ms"),
    });
    await expect(
      attempt(new OxaPayGateway({ merchantApiKey: "k", baseUrl: "http://127.0.0.1:1", timeoutMs: 2000 })),
    ).rejects.toMatchObject({ code: "BAD_GATEWAY", message: expect.stringContaining("unreachable") });
    expect(await t.db.payment.count({ where: { userId: user.id } })).toBe(0);
  });

  it("through REST a gateway failure is a 502 {message}", async () => {
    mode = "error";
    process.env.OXAPAY_MERCHANT_API_KEY = "test-merchant";
    process.env.OXAPAY_BASE_URL = standIn.url;
    process.env.APP_URL = "https://app.example";
    try {
      const user = await createUser(t.db);
      const res = await rest(t.db, "POST", "/api/payments/create", {
        user,
        body: { amount: "5", currency: "USD", cryptoCurrency: "BTC" },
      });
      expect(res.status).toBe(502);
      expect(res.body.message).toContain("Payment gateway error");
      expect(await t.db.payment.count({ where: { userId: user.id } })).toBe(0);
    } finally {
      delete process.env.OXAPAY_MERCHANT_API_KEY;
      delete process.env.OXAPAY_BASE_URL;
      delete process.env.APP_URL;
    }
  });

  it("reconciles against the payment-information endpoint: underpaid with its received value, then a webhook in crypto units confirmed there", async () => {
    mode = "ok";
    const user = await createUser(t.db);
    const created = await createPayment(
      t.db,
      user,
      { amount: "15.00", currency: "USD", cryptoCurrency: "USDT", network: "TRC20" },
      { origin: "https://app.example", gateway: gateway() },
    );
    const info = (status: string, sent: number) =>
      documentedInfo({ track_id: created.trackId, status, order_id: created.paymentId }, [{ amount: sent, currency: "USDT" }]);
    paymentInfo.set(created.trackId, info("underpaid", 7.51));
    // Quiet for longer than RECONCILE_AFTER_MINUTES: the job asks the gateway.
    const later = new Date(Date.now() + 60 * 60_000);
    const tally = await reconcileOpenPayments(t.db, { gateway: gateway(), now: later });
    expect(tally).toMatchObject({ checked: 1, changed: 1 });
    const row = await t.db.payment.findUniqueOrThrow({ where: { id: created.paymentId } });
    expect(row).toMatchObject({ gatewayStatus: "underpaid", status: "pending" });
    expect(row.receivedAmount?.toFixed(2)).toBe("7.50"); // 15 USD x 7.51 / 15.02 USDT
    // A webhook that reports the crypto amount (as some of OxaPay's samples do) is checked with the gateway, not refused.
    paymentInfo.set(created.trackId, info("paid", 15.02));
    const body = JSON.stringify({
      track_id: created.trackId,
      status: "Paid",
      amount: 15.02,
      currency: "USDT",
      order_id: created.paymentId,
    });
    const result = await processWebhook(t.db, body, hmacSha512Hex("test-merchant", body), {
      gateway: gateway(),
      autoApprove: false,
    });
    expect(result).toMatchObject({ changed: true, status: "paid" });
    // The same webhook when the gateway's record disagrees is refused.
    const other = await createPayment(
      t.db,
      user,
      { amount: "9", currency: "USD", cryptoCurrency: "BTC" },
      { origin: "https://app.example", gateway: gateway() },
    );
    paymentInfo.set(other.trackId, documentedInfo({ track_id: other.trackId, amount: 90, order_id: other.paymentId }, []));
    const forged = JSON.stringify({ track_id: other.trackId, status: "Paid", amount: 90, currency: "USD" });
    await expect(
      processWebhook(t.db, forged, hmacSha512Hex("test-merchant", forged), { gateway: gateway() }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: other.paymentId } })).gatewayStatus).toBe("new");
  });

  it("accepts only webhooks signed with the merchant API key", async () => {
    const gw = gateway();
    const body = JSON.stringify({ track_id: "184747701", status: "Paid", amount: 15, currency: "USD" });
    await expect(processWebhook(t.db, body, hmacSha512Hex(SECRET, body), { gateway: gw })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const ok = await processWebhook(t.db, body, hmacSha512Hex("test-merchant", body), { gateway: gw, autoApprove: false });
    expect(ok).toMatchObject({ changed: true, status: "paid" });
  });
});
