/**
 * The per-account ceiling on authenticator codes under real concurrency (PostgreSQL): 60 wrong codes
 * from 12 addresses at once judge at most TWO_FACTOR_ACCOUNT_RULE.limit of them, start one lockout and
 * tell the owner once; the right code is refused until it ends (src/server/services/accounts/two-factor.ts).
 */
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32 } from "@oslojs/encoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accounts from "../../src/server/services/accounts";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser, FIXTURE_PASSWORD, rest } from "../helpers/fixtures";

const cookieOf = (headers: Headers) => /session=([a-z2-7]+)/.exec(headers.getSetCookie().join(";"))?.[1] ?? "";
const codeFor = (secret: string, offset = 0) =>
  generateHOTP(decodeBase32(secret), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);

describe("two-factor ceiling per account (postgres)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 20 });
  });
  afterAll(() => t.close());

  it("60 wrong codes from 12 addresses at once: at most 10 judged, one lockout, the owner told once", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const signIn = async () =>
      cookieOf(
        (await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } })).headers,
      );
    const first = await signIn();
    const setup = await rest(t.db, "POST", "/api/auth/2fa/setup", { token: first });
    expect(
      (await rest(t.db, "POST", "/api/auth/2fa/enable", { token: first, body: { code: codeFor(setup.body.secret) } })).status,
    ).toBe(200);

    const tokens = await Promise.all(Array.from({ length: 12 }, () => signIn()));
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        rest(t.db, "POST", "/api/auth/2fa/verify", {
          token: tokens[i % 12],
          body: { code: String(100000 + i) },
          headers: { "x-forwarded-for": `203.0.113.${10 + (i % 12)}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Judged: a wrong code said so. (A sign-in whose pending session a later sign-in replaced is
    // refused before any code is looked at: "Sign in with your email and password first".)
    const judged = results.filter((r) => r.body.message === accounts.INVALID_CODE).length;
    expect(judged).toBeLessThan(accounts.TWO_FACTOR_ACCOUNT_RULE.limit);
    expect(
      results.filter((r) => /^Too many wrong authentication codes for this account/.test(r.body.message)).length,
    ).toBeGreaterThan(40);
    expect(
      await t.db.notification.count({ where: { userId: admin.id, title: accounts.TWO_FACTOR_LOCKED_NOTIFICATION.title } }),
    ).toBe(1);
    expect(await t.db.emailOutbox.count({ where: { userId: admin.id, kind: "two_factor_locked" } })).toBe(1);
    const right = await rest(t.db, "POST", "/api/auth/2fa/verify", {
      token: await signIn(),
      body: { code: codeFor(setup.body.secret, 1) },
    });
    expect(right.status).toBe(429);
  });
});
