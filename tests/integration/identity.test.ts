/**
 * Identity only where the law needs it (docs/payments.md "Identity"): the player sees their tier and
 * what is asked before they need it; a withdrawal above their tier is held (not refused) and paid once
 * when they are verified, by declaring tier 1, by an admin's audited decision, or by the provider's
 * signed webhook, of which only the decision and the reference are kept.
 */
import { createHmac, randomBytes } from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import type { Db } from "../../src/server/platform/db";
import { checkLedgerInvariants, releaseIdentityHolds } from "../../src/server/services/money";
import { IDENTITY_MESSAGES } from "../../src/shared/identity";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";

const tron = () => createBase58check(sha256).encode(new Uint8Array([0x41, ...randomBytes(20)]));
const SECRET = "identity-provider-secret-for-tests";
const DETAILS = {
  legalName: "Ada María O'Neil-Lovelace",
  dateOfBirth: "1990-04-12",
  addressLine: "12 Analytical Row",
  city: "London",
  postcode: "NW1 6XE",
  country: "gb",
};

async function veteran(db: Db, cash = "500"): Promise<User> {
  const u = await createUser(db, { balance: cash });
  return db.user.update({ where: { id: u.id }, data: { createdAt: new Date(Date.now() - 3 * 86_400_000) } });
}

describe(`identity tiers (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    // Small thresholds, so a few small withdrawals reach them.
    Object.assign(process.env, {
      KYC_TIER1_WITHDRAWN_USD: "50",
      KYC_TIER1_PRIZE_USD: "500",
      KYC_TIER2_WITHDRAWN_USD: "90",
      KYC_TIER2_PRIZE_USD: "5000",
      KYC_WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await t.close();
  });

  const withdraw = (user: User, amount: string, address: string) =>
    rest(t.db, "POST", "/api/withdrawals", { body: { amount, cryptoCurrency: "USDT", network: "TRC20", address }, user });
  const status = async (user: User) => (await rest(t.db, "GET", "/api/user/identity", { user })).body;

  it("nothing is asked below the thresholds, and the player sees what is asked and from when before they need it", async () => {
    const player = await veteran(t.db);
    const s = await status(player);
    expect(s).toMatchObject({ verified: 0, required: 0, emailVerified: true, withdrawn: "0.00", declared: null, check: null });
    expect(s.thresholds).toEqual({ tier1: { withdrawn: "50", prize: "500" }, tier2: { withdrawn: "90", prize: "5000" } });
    expect(s.explain.join(" ")).toContain("From $50.00 withdrawn in total, or a single prize worth $500.00");
    expect((await withdraw(player, "20", tron())).body).toMatchObject({ route: "instant", status: "paid" });
  });

  it("over tier 1: held (not refused), the admin cannot pay it past the check; declaring tier 1 pays it once", async () => {
    const player = await veteran(t.db);
    const address = tron();
    const quote = await rest(t.db, "POST", "/api/withdrawals/quote", {
      body: { amount: "60", cryptoCurrency: "USDT", network: "TRC20", address },
      user: player,
    });
    expect(quote.body).toMatchObject({ route: "identity", identity: { required: 1, verified: 0 } });
    expect(quote.body.identity.asks).toEqual(["your legal name", "your date of birth", "your address"]);
    const held = await withdraw(player, "60", address);
    expect(held.body).toMatchObject({ status: "pending", route: "identity", reasons: [{ rule: "identity" }] });
    expect(held.body.reasons[0].message).toBe(
      "Needs identity tier 1 (your legal name, your date of birth, your address) before it is paid",
    );
    const approve = await rest(t.db, "POST", `/api/admin/withdrawals/${held.body.id}/approve`, { user: admin });
    expect(approve.status).toBe(409);

    // Bad details: 400 naming the field, nothing stored.
    for (const [field, value, words] of [
      ["legalName", "A", /Legal name/],
      ["legalName", "Robert'); DROP TABLE", /Legal name/],
      ["country", "GBR", /two-letter code/],
      ["postcode", "x".repeat(21), /Postcode/],
      ["addressLine", "1\u0007 Row", /Address/],
      ["dateOfBirth", "2015-01-01", /18/],
    ] as const) {
      const bad = await rest(t.db, "PUT", "/api/user/identity", { body: { ...DETAILS, [field]: value }, user: player });
      expect(bad.status, `${field}=${value}`).toBe(400);
      expect(bad.body.message).toMatch(words);
    }
    expect(await t.db.identityProfile.count({ where: { userId: player.id } })).toBe(0);

    const ok = await rest(t.db, "PUT", "/api/user/identity", { body: DETAILS, user: player });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toMatchObject({ verified: 1, declared: { legalName: DETAILS.legalName, country: "GB" } });
    const paid = await t.db.withdrawal.findUniqueOrThrow({ where: { id: held.body.id } });
    expect(paid).toMatchObject({ status: "paid", route: "instant", autoApproved: true });
    // Released again (the job's safety net, a second declaration): nothing more happens.
    expect(await releaseIdentityHolds(t.db, player.id)).toEqual({ paid: [], reviewed: [], held: [] });
    expect(await t.db.notification.count({ where: { userId: player.id, title: "Withdrawal Paid" } })).toBe(1);
    // A different date of birth later is refused.
    const dob = await rest(t.db, "PUT", "/api/user/identity", { body: { ...DETAILS, dateOfBirth: "1991-04-12" }, user: player });
    expect(dob).toMatchObject({ status: 409, body: { message: IDENTITY_MESSAGES.dobOnFile } });
  });

  it("over tier 2: held until an admin's audited decision, then paid once; a second decision is 409", async () => {
    const player = await veteran(t.db);
    expect((await rest(t.db, "POST", "/api/user/identity/check", { user: player })).status).toBe(409); // tier 1 first
    await rest(t.db, "PUT", "/api/user/identity", { body: DETAILS, user: player });
    const held = await withdraw(player, "95", tron());
    expect(held.body).toMatchObject({ route: "identity" });
    expect(held.body.reasons[0].message).toContain("Needs identity tier 2");
    const asked = await rest(t.db, "POST", "/api/user/identity/check", { user: player });
    expect(asked.body.status).toMatchObject({ check: { status: "pending" }, reference: player.id });
    const pending = await rest(t.db, "GET", "/api/admin/identity", { user: admin });
    expect(pending.body.find((p: { userId: string }) => p.userId === player.id)).toMatchObject({
      legalName: DETAILS.legalName,
      dateOfBirth: "1990-04-12",
    });
    expect((await rest(t.db, "GET", "/api/admin/identity", { user: player })).status).toBe(403);
    const decide = (body: Record<string, unknown>) =>
      rest(t.db, "POST", `/api/admin/identity/${player.id}/decision`, { body, user: admin });
    expect((await decide({ decision: "maybe", reason: "x" })).status).toBe(400);
    expect((await decide({ decision: "approved" })).status).toBe(400);
    const ok = await decide({ decision: "approved", reason: "passport seen on a video call", reference: "vc-2026-11-28" });
    expect(ok.body.status).toMatchObject({ verified: 2, check: { status: "approved" } });
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: "identity.decide", targetId: player.id } });
    expect(audit).toMatchObject({ actorId: admin.id, reason: "passport seen on a video call" });
    expect(await t.db.withdrawal.findUniqueOrThrow({ where: { id: held.body.id } })).toMatchObject({ status: "paid" });
    expect((await decide({ decision: "rejected", reason: "changed my mind" })).status).toBe(409);
  });

  it("the provider's signed webhook decides a check: unsigned 401, only decision and reference kept, repeats change nothing", async () => {
    const player = await veteran(t.db);
    await rest(t.db, "PUT", "/api/user/identity", { body: DETAILS, user: player });
    await rest(t.db, "POST", "/api/user/identity/check", { user: player });
    const body = JSON.stringify({
      provider: "acme-id",
      external_id: player.id,
      reference: "chk_7f3a",
      decision: "approved",
      document_front: `data:image/jpeg;base64,${"A".repeat(200)}`,
      full_name: "Ada Lovelace",
    });
    const post = (raw: string, signature?: string) =>
      rest(t.db, "POST", "/api/identity/webhook", { rawBody: raw, headers: signature ? { hmac: signature } : {} });
    const sign = (raw: string) => createHmac("sha256", SECRET).update(raw).digest("hex");
    expect((await post(body)).status).toBe(401);
    expect((await post(body, sign(`${body} `))).status).toBe(401);
    expect((await post(body, sign(body))).status).toBe(200);
    expect((await post(body, sign(body))).status).toBe(200); // a repeat
    const p = await t.db.identityProfile.findUniqueOrThrow({ where: { userId: player.id } });
    expect(p).toMatchObject({ checkStatus: "approved", checkDecidedBy: "acme-id", checkReference: "chk_7f3a" });
    const audit = await t.db.auditLog.findMany({ where: { action: "identity.decide", targetId: player.id } });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain("base64");
    expect(JSON.stringify(p)).not.toContain("base64");
    const other = JSON.stringify({ external_id: player.id, reference: "chk_other", decision: "rejected" });
    expect((await post(other, sign(other))).status).toBe(409);
    const stranger = JSON.stringify({ external_id: "nobody", reference: "chk_1", decision: "approved" });
    expect((await post(stranger, sign(stranger))).status).toBe(404);
    const garbage = JSON.stringify({ external_id: player.id, decision: "approved" });
    expect((await post(garbage, sign(garbage))).status).toBe(400);
  });

  it("a prize worth the tier 1 threshold asks for tier 1 even for a small withdrawal", async () => {
    const player = await veteran(t.db);
    const c = await createContest(t.db, { title: "Big Prize" });
    await t.db.prize.create({
      data: { contestId: c.id, userId: player.id, cashAlternative: "750", claimBy: new Date(Date.now() + 86_400_000) },
    });
    const s = await status(player);
    expect(s).toMatchObject({ required: 1, largestPrize: "750.00" });
    expect((await withdraw(player, "10", tron())).body.route).toBe("identity");
  });
});
