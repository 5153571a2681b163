import { generateHOTP } from "@oslojs/otp";
import { decodeBase32 } from "@oslojs/encoding";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import * as twoFactor from "../../src/server/services/two-factor";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, FIXTURE_PASSWORD, rest } from "../helpers/fixtures";

const step = (offset = 0) => Math.floor(Date.now() / 1000 / 30) + offset;
const codeFor = (secret: string, offset = 0) => generateHOTP(decodeBase32(secret), BigInt(step(offset)), 6);
const cookieOf = (headers: Headers) => /session=([a-z2-7]+)/.exec(headers.getSetCookie().join(";"))?.[1] ?? "";

describe(`admin TOTP two-factor (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.ADMIN_2FA_REQUIRED;
  });

  /** An admin with two-factor on (enrolled over REST); returns the base32 secret. */
  async function enrolledAdmin(): Promise<{ admin: User; secret: string }> {
    const admin = await createUser(t.db, { role: "admin" });
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    const token = cookieOf(login.headers);
    const setup = await rest(t.db, "POST", "/api/auth/2fa/setup", { token });
    expect(setup.status).toBe(200);
    const enable = await rest(t.db, "POST", "/api/auth/2fa/enable", { token, body: { code: codeFor(setup.body.secret) } });
    expect(enable.status).toBe(200);
    return { admin, secret: setup.body.secret };
  }

  it("enrolment: a secret, an otpauth URI and a QR code; a wrong code does not turn it on", async () => {
    const admin = await createUser(t.db, { role: "admin", email: "totp-admin@example.com" });
    const setup = await rest(t.db, "POST", "/api/auth/2fa/setup", { user: admin });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Prize%20Contests:totp-admin%40example\.com\?/);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await rest(t.db, "POST", "/api/auth/2fa/enable", { user: admin, body: { code: "000000" } });
    expect(wrong.status).toBe(401);
    expect((await rest(t.db, "GET", "/api/auth/2fa", { user: admin })).body).toEqual({ enabled: false, required: false });
    const ok = await rest(t.db, "POST", "/api/auth/2fa/enable", { user: admin, body: { code: codeFor(setup.body.secret) } });
    expect(ok.status).toBe(200);
    expect((await rest(t.db, "GET", "/api/auth/2fa", { user: admin })).body.enabled).toBe(true);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(row.totpPendingSecret).toBeNull();
    // Never in any user answer.
    const me = await rest(t.db, "GET", "/api/auth/user", { user: admin });
    expect(Object.keys(me.body).join()).not.toMatch(/totp|secret/i);
    expect(JSON.stringify(me.body)).not.toContain(row.totpSecret ?? "missing");
  });

  it("players cannot enrol", async () => {
    const player = await createUser(t.db);
    expect((await rest(t.db, "POST", "/api/auth/2fa/setup", { user: player })).status).toBe(403);
  });

  it("sign-in asks for the code: the password alone signs nobody in; the code does, once", async () => {
    const { admin, secret } = await enrolledAdmin();
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ message: "Enter the code from your authenticator app", twoFactorRequired: true });
    const token = cookieOf(login.headers);
    expect(token).not.toBe("");
    expect((await rest(t.db, "GET", "/api/auth/user", { token })).status).toBe(401);
    expect((await rest(t.db, "GET", "/api/admin/users", { token })).status).toBe(401);
    const wrong = await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code: "123456" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(twoFactor.INVALID_CODE);
    // The enrolment used this step's code; the next step's is accepted (one step of clock drift).
    const code = codeFor(secret, 1);
    const ok = await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code } });
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().join(";")).toContain(`${SESSION_COOKIE}=${token}`);
    expect((await rest(t.db, "GET", "/api/auth/user", { token })).body.id).toBe(admin.id);
    // The same code cannot be used again (a second sign-in).
    const again = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    const replay = await rest(t.db, "POST", "/api/auth/2fa/verify", { token: cookieOf(again.headers), body: { code } });
    expect(replay.status).toBe(401);
    // Without a pending sign-in there is nothing to verify.
    expect((await rest(t.db, "POST", "/api/auth/2fa/verify", { body: { code } })).status).toBe(401);
  });

  it("code guesses are rate limited", async () => {
    const { admin } = await enrolledAdmin();
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    const token = cookieOf(login.headers);
    for (let i = 0; i < twoFactor.TWO_FACTOR_RULE.limit; i++) {
      expect((await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code: "000000" } })).status).toBe(401);
    }
    const over = await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code: "000000" } });
    expect(over.status).toBe(429);
  });

  it("ADMIN_2FA_REQUIRED=true: money-moving admin actions need a session that passed two-factor", async () => {
    process.env.ADMIN_2FA_REQUIRED = "true";
    const plain = await createUser(t.db, { role: "admin" });
    const target = await createUser(t.db);
    const refused = await rest(t.db, "POST", "/api/payments/missing-id/approve", { user: plain });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(twoFactor.TWO_FACTOR_REQUIRED);
    const toggle = await rest(t.db, "POST", `/api/admin/users/${target.id}/toggle-admin`, {
      user: plain,
      body: { isAdmin: true },
    });
    expect(toggle.status).toBe(403);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe("user");
    // Reading is still allowed.
    expect((await rest(t.db, "GET", "/api/admin/users", { user: plain })).status).toBe(200);
    expect((await rest(t.db, "GET", "/api/auth/2fa", { user: plain })).body).toEqual({ enabled: false, required: true });

    // An admin whose session passed the code gets through to the action itself (404: no such payment).
    const { admin, secret } = await enrolledAdmin();
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    const token = cookieOf(login.headers);
    await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code: codeFor(secret, 1) } });
    const allowed = await rest(t.db, "POST", "/api/payments/missing-id/approve", { token });
    expect(allowed.status).toBe(404);

    // Without the setting, the same plain admin may act.
    delete process.env.ADMIN_2FA_REQUIRED;
    expect((await rest(t.db, "POST", "/api/payments/missing-id/approve", { user: plain })).status).toBe(404);
  });

  it("turning it off needs a fresh code", async () => {
    const { admin, secret } = await enrolledAdmin();
    const later = new Date(Date.now() + 60_000);
    await expect(twoFactor.disableTwoFactor(t.db, admin.id, "000000", later)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const code = generateHOTP(decodeBase32(secret), BigInt(Math.floor(later.getTime() / 30_000)), 6);
    await twoFactor.disableTwoFactor(t.db, admin.id, code, later);
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    expect(login.body.user.id).toBe(admin.id);
  });
});
