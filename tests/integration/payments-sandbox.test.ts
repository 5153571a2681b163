/**
 * Payments: the sandbox is honest (random per-installation key, no auto-credit, live mode
 * refuses it, demo mode is visible), its "pay" step is an owner-only REST row handled in-process,
 * absolute URLs come from APP_URL only, and top-ups cannot flood the admins' pending list.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { parseEnv } from "../../src/server/platform/env";
import { hmacSha512Hex } from "../../src/server/gateways/gateway";
import { SANDBOX_KEY_SETTING, SandboxGateway, sandboxWebhookKey } from "../../src/server/gateways/sandbox/payments";
import { processWebhook } from "../../src/server/services/money";
import { LIMITS } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, rest } from "../helpers/fixtures";

const PUBLISHED_KEY = "sandbox-dev-webhook-secret";
const REAL_GATEWAY = { OXAPAY_MERCHANT_API_KEY: "test-merchant", APP_URL: "https://prizes.example" };

function withEnv(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  return () => {
    for (const k of Object.keys(vars)) delete process.env[k];
  };
}

describe(`payments: sandbox honesty, in-process pay, APP_URL, flood limits (${dbKind()})`, () => {
  let t: TestDb;
  let player: User;
  let admin: User;
  beforeAll(async () => {
    for (const k of ["OXAPAY_MERCHANT_API_KEY", "AUTO_APPROVE_PAID", "APP_URL", "PAYMENTS_MODE", "SANDBOX_WEBHOOK_SECRET"]) {
      delete process.env[k];
    }
    t = await createTestDb();
    player = await createUser(t.db, { email: "sandbox-payer@example.com" });
    admin = await createUser(t.db, { role: "owner", email: "sandbox-admin@example.com" });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => t.close());

  const create = (user: User, amount = "10", headers: Record<string, string> = {}) =>
    rest(t.db, "POST", "/api/payments/create", { user, headers, body: { amount, currency: "USD", cryptoCurrency: "USDT" } });

  describe("the sandbox's webhook key", () => {
    it("is random per installation, kept in the database, never the published default", async () => {
      const key = await sandboxWebhookKey(t.db);
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(key).not.toBe(PUBLISHED_KEY);
      const row = await t.db.appSetting.findUniqueOrThrow({ where: { key: SANDBOX_KEY_SETTING } });
      expect(row.value).toBe(key);
      expect(await sandboxWebhookKey(t.db)).toBe(key);
    });

    it("a 'Paid' webhook signed with the published key is refused (401) and changes nothing", async () => {
      const { body } = await create(player, "100");
      const rawBody = JSON.stringify({ track_id: body.trackId, status: "Paid", amount: 100, currency: "USD" });
      const forged = await rest(t.db, "POST", "/api/payments/webhook", {
        rawBody,
        headers: { hmac: hmacSha512Hex(PUBLISHED_KEY, rawBody) },
      });
      expect(forged.status).toBe(401);
      expect((await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } })).gatewayStatus).toBe("new");
    });

    it("the environment refuses the published key as an override", () => {
      expect(() => parseEnv({ SANDBOX_WEBHOOK_SECRET: PUBLISHED_KEY })).toThrow(/SANDBOX_WEBHOOK_SECRET must be at least 16/);
      expect(parseEnv({}).SANDBOX_WEBHOOK_SECRET).toBeUndefined();
    });
  });

  describe("settings that refuse to start", () => {
    it("AUTO_APPROVE_PAID=true is refused with the sandbox, accepted with a real gateway", () => {
      expect(() => parseEnv({ AUTO_APPROVE_PAID: "true" })).toThrow(/AUTO_APPROVE_PAID cannot be true with the sandbox/);
      expect(parseEnv({ AUTO_APPROVE_PAID: "true", ...REAL_GATEWAY }).AUTO_APPROVE_PAID).toBe(true);
    });

    it("PAYMENTS_MODE=live needs the merchant key, the payout key and an https APP_URL", () => {
      expect(parseEnv({}).PAYMENTS_MODE).toBe("sandbox");
      expect(() => parseEnv({ PAYMENTS_MODE: "live" })).toThrow(/PAYMENTS_MODE=live needs OXAPAY_MERCHANT_API_KEY/);
      expect(() => parseEnv({ PAYMENTS_MODE: "live", ...REAL_GATEWAY })).toThrow(/needs OXAPAY_PAYOUT_API_KEY/);
      expect(() =>
        parseEnv({ PAYMENTS_MODE: "live", ...REAL_GATEWAY, OXAPAY_PAYOUT_API_KEY: "p", APP_URL: "http://prizes.example" }),
      ).toThrow(/APP_URL starting with https/);
      const live = parseEnv({ PAYMENTS_MODE: "live", ...REAL_GATEWAY, OXAPAY_PAYOUT_API_KEY: "p" });
      expect(live.PAYMENTS_MODE).toBe("live");
      expect(() => parseEnv({ PAYMENTS_MODE: "demo" })).toThrow(/PAYMENTS_MODE must be one of sandbox, live/);
    });

    it("a real gateway needs APP_URL (its callback URL is never guessed from a request)", () => {
      expect(() => parseEnv({ OXAPAY_MERCHANT_API_KEY: "k" })).toThrow(/APP_URL is required when OXAPAY_MERCHANT_API_KEY/);
      expect(() => parseEnv({ OXAPAY_PAYOUT_API_KEY: "p" })).toThrow(/APP_URL is required when/);
    });

    it("even a caller asking for auto-approval gets none from the sandbox", async () => {
      const buyer = await createUser(t.db);
      const { body } = await create(buyer, "12");
      const gateway = new SandboxGateway(await sandboxWebhookKey(t.db));
      const signed = gateway.signedWebhook({ track_id: body.trackId, status: "Paid", amount: 12, currency: "USD" });
      const result = await processWebhook(t.db, signed.body, signed.signature, { gateway, autoApprove: true });
      expect(result).toMatchObject({ changed: true, approved: false });
      expect((await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } })).status).toBe("pending");
      expect((await t.db.user.findUniqueOrThrow({ where: { id: buyer.id } })).balance.toString()).toBe("0");
    });
  });

  describe("demo mode is visible", () => {
    it("payments.mode says whether payments are simulated (public)", async () => {
      const anon = await callerFor(t.db, null);
      expect(await anon.payments.mode()).toEqual({ simulated: true });
      const restore = withEnv(REAL_GATEWAY);
      try {
        expect(await anon.payments.mode()).toEqual({ simulated: false });
      } finally {
        restore();
      }
    });

    it("the admin pending list names the provider of each payment (sandbox rows are badged)", async () => {
      const buyer = await createUser(t.db);
      const { body } = await create(buyer, "3");
      const res = await rest(t.db, "GET", `/api/payments/pending?limit=${LIMITS.pendingPaymentsPageMax}`, { user: admin });
      const row = res.body.find((p: { oxapayTrackId: string }) => p.oxapayTrackId === body.trackId);
      expect(row.provider).toBe("sandbox");
    });
  });

  describe("POST /api/payments/sandbox/{trackId}/pay", () => {
    it("the owner pays in-process: the payment is paid (still pending for an admin), no request leaves the server", async () => {
      const buyer = await createUser(t.db);
      const { body } = await create(buyer, "8.50");
      const fetchSpy = vi.spyOn(globalThis, "fetch");
      const res = await rest(t.db, "POST", `/api/payments/sandbox/${body.trackId}/pay`, { user: buyer });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Simulated payment delivered");
      expect(res.body.payment).toMatchObject({ trackId: body.trackId, gatewayStatus: "paid", status: "pending" });
      expect(fetchSpy).not.toHaveBeenCalled();
      const events = await t.db.paymentEvent.findMany({ where: { payment: { trackId: body.trackId } } });
      expect(events.map((e) => e.status)).toEqual(["paid"]);
      // Paying again changes nothing.
      expect((await rest(t.db, "POST", `/api/payments/sandbox/${body.trackId}/pay`, { user: buyer })).status).toBe(200);
      expect(await t.db.paymentEvent.count({ where: { payment: { trackId: body.trackId } } })).toBe(1);
    });

    it("only the owner: another player or an admin gets 404, signed out 401", async () => {
      const buyer = await createUser(t.db);
      const { body } = await create(buyer, "4");
      const path = `/api/payments/sandbox/${body.trackId}/pay`;
      expect((await rest(t.db, "POST", path)).status).toBe(401);
      expect((await rest(t.db, "POST", path, { user: player })).status).toBe(404);
      expect((await rest(t.db, "POST", path, { user: admin })).status).toBe(404);
      expect((await rest(t.db, "POST", "/api/payments/sandbox/nope/pay", { user: buyer })).status).toBe(404);
      expect((await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } })).gatewayStatus).toBe("new");
    });

    it("is 404 when a real gateway is configured", async () => {
      const buyer = await createUser(t.db);
      const { body } = await create(buyer, "4");
      const restore = withEnv(REAL_GATEWAY);
      try {
        const res = await rest(t.db, "POST", `/api/payments/sandbox/${body.trackId}/pay`, { user: buyer });
        expect(res.status).toBe(404);
        const caller = await callerFor(t.db, buyer);
        await expect(caller.payments.simulate({ trackId: body.trackId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      } finally {
        restore();
      }
      expect((await t.db.payment.findUniqueOrThrow({ where: { trackId: body.trackId } })).gatewayStatus).toBe("new");
    });

    it("the browser's payments.simulate works in-process too, whatever APP_URL or Host say", async () => {
      const buyer = await createUser(t.db);
      const { body } = await create(buyer, "6");
      const fetchSpy = vi.spyOn(globalThis, "fetch");
      // An origin nobody answers on: the old simulate POSTed the webhook there and failed with 502.
      const restore = withEnv({ APP_URL: "http://127.0.0.1:1" });
      try {
        const caller = await callerFor(t.db, buyer, { host: "attacker.example", "x-forwarded-host": "attacker.example" });
        const out = await caller.payments.simulate({ trackId: body.trackId });
        expect(out.payment.gatewayStatus).toBe("paid");
      } finally {
        restore();
      }
      expect(fetchSpy).not.toHaveBeenCalled();
    });
  });

  describe("absolute URLs come from APP_URL, never from the request's Host", () => {
    it("a forged Host / X-Forwarded-Host does not reach the stored pay link", async () => {
      const buyer = await createUser(t.db);
      const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
      const res = await create(buyer, "5", forged);
      expect(res.status).toBe(200);
      expect(res.body.payLink).toBe(`http://localhost:3000/pay/${res.body.trackId}`);
      const restore = withEnv({ APP_URL: "https://prizes.example" });
      try {
        const withAppUrl = await create(buyer, "5", forged);
        expect(withAppUrl.body.payLink).toBe(`https://prizes.example/pay/${withAppUrl.body.trackId}`);
        const stored = await t.db.payment.findUniqueOrThrow({ where: { trackId: withAppUrl.body.trackId } });
        expect(stored.payLink).not.toContain("evil.example");
      } finally {
        restore();
      }
    });
  });

  describe("flood limits", () => {
    it(`a player may hold ${LIMITS.openTopUpsMax} open top-ups; the next is 429 with a clear message and nothing stored`, async () => {
      const flooder = await createUser(t.db);
      for (let i = 0; i < LIMITS.openTopUpsMax; i++) expect((await create(flooder, "1")).status).toBe(200);
      const refused = await create(flooder, "1");
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(
        `You have ${LIMITS.openTopUpsMax} payments waiting. Complete one, or wait for it to expire (1 hour), before starting another.`,
      );
      expect(await t.db.payment.count({ where: { userId: flooder.id } })).toBe(LIMITS.openTopUpsMax);
      // Another player is not affected.
      expect((await create(await createUser(t.db), "1")).status).toBe(200);
      // A paid one and an expired one no longer count as open.
      const [first, second] = await t.db.payment.findMany({ where: { userId: flooder.id }, orderBy: { createdAt: "asc" } });
      await rest(t.db, "POST", `/api/payments/sandbox/${first?.trackId}/pay`, { user: flooder });
      expect((await create(flooder, "1")).status).toBe(200);
      await t.db.payment.update({ where: { id: second?.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await create(flooder, "1")).status).toBe(200);
      expect((await create(flooder, "1")).status).toBe(429);
    });

    it("the admin pending list is paginated, oldest first, and keeps its array shape", async () => {
      const before = await t.db.payment.count({ where: { status: "pending" } });
      expect(before).toBeGreaterThan(3);
      const first = await rest(t.db, "GET", "/api/payments/pending?limit=2", { user: admin });
      expect(first.status).toBe(200);
      expect(Array.isArray(first.body)).toBe(true);
      expect(first.body).toHaveLength(2);
      const seen: { id: string; createdAt: string }[] = [...first.body];
      let cursor = first.body.at(-1).id;
      for (;;) {
        const page = await rest(t.db, "GET", `/api/payments/pending?limit=2&cursor=${cursor}`, { user: admin });
        expect(page.status).toBe(200);
        seen.push(...page.body);
        if (page.body.length < 2) break;
        cursor = page.body.at(-1).id;
      }
      expect(seen).toHaveLength(before);
      expect(new Set(seen.map((p) => p.id)).size).toBe(before);
      const times = seen.map((p) => new Date(p.createdAt).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const all = await t.db.payment.findMany({ where: { status: "pending" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      expect(seen.map((p) => p.id)).toEqual(all.map((p) => p.id));
      // The default page and the bounds.
      const page = await rest(t.db, "GET", "/api/payments/pending", { user: admin });
      expect(page.body.length).toBe(Math.min(before, LIMITS.pendingPaymentsPage));
      expect(page.body[0].id).toBe(all[0]?.id);
      // The admin tab's infinite query sends { limit, cursor, direction } through tRPC.
      const caller = await callerFor(t.db, admin);
      const second = await caller.payments.pending({ limit: 2, cursor: all[1]?.id, direction: "forward" } as never);
      expect(second.map((p) => p.id)).toEqual(all.slice(2, 4).map((p) => p.id));
      expect((await rest(t.db, "GET", "/api/payments/pending?limit=1000", { user: admin })).status).toBe(400);
      expect((await rest(t.db, "GET", "/api/payments/pending?cursor=nope", { user: admin })).status).toBe(400);
    });
  });
});
