import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as auth from "../../src/server/services/accounts";
import { SECRET_CHANGE_RULES, RESET_LINK_RULES } from "../../src/server/services/accounts";
import { hit, peek, purgeExpiredRateLimits, refund, resetLimit } from "../../src/server/security/rate-limit";
import { SECURITY_QUESTIONS } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, FIXTURE_PASSWORD, rest, sessionTokenFor } from "../helpers/fixtures";

/** Every function under src/server whose body calls argon2 (hashSecret / verifySecret), by name. */
function argon2Callers(): string[] {
  const root = path.resolve(import.meta.dirname, "../../src/server");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  const names = new Set<string>();
  for (const file of files) {
    if (file === path.join("auth", "password.ts")) continue; // the wrappers themselves
    const source = readFileSync(path.join(root, file), "utf8");
    const parts = source.split(/^(?:export )?(?:async )?function (\w+)/m);
    for (let i = 1; i < parts.length; i += 2) {
      if (/\b(hashSecret|verifySecret)\(/.test(parts[i + 1] ?? "")) names.add(parts[i] as string);
    }
  }
  return [...names].sort();
}

const MIN = 60_000;

describe(`rate limits in the database (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  describe("the limiter module", () => {
    const rule = { limit: 3, windowMs: 10 * MIN };

    it("counts in one window, then starts a new one after it expires", async () => {
      const now = new Date("2031-01-01T00:00:00Z");
      const a = await hit(t.db, "unit:a", rule, { now });
      expect(a).toMatchObject({ points: 1, limited: false, retryAfterSeconds: 600 });
      await hit(t.db, "unit:a", rule, { now });
      const third = await hit(t.db, "unit:a", rule, { now: new Date(now.getTime() + MIN) });
      expect(third).toMatchObject({ points: 3, limited: true, retryAfterSeconds: 540 });
      expect(third.expiresAt.getTime()).toBe(now.getTime() + 10 * MIN); // the window is not extended
      expect((await peek(t.db, "unit:a", rule, now))?.points).toBe(3);
      const next = new Date(now.getTime() + 10 * MIN);
      expect(await peek(t.db, "unit:a", rule, next)).toBeNull();
      const fresh = await hit(t.db, "unit:a", rule, { now: next });
      expect(fresh.points).toBe(1);
      expect(fresh.expiresAt.getTime()).toBe(next.getTime() + 10 * MIN);
    });

    it("a block starts at the hit that reaches the limit", async () => {
      const now = new Date("2031-02-01T00:00:00Z");
      const blocking = { limit: 2, windowMs: 10 * MIN, blockMs: 30 * MIN };
      await hit(t.db, "unit:b", blocking, { now });
      const at = new Date(now.getTime() + 9 * MIN);
      const second = await hit(t.db, "unit:b", blocking, { now: at });
      expect(second.limited).toBe(true);
      expect(second.expiresAt.getTime()).toBe(at.getTime() + 30 * MIN);
      // Further hits do not extend the block.
      const third = await hit(t.db, "unit:b", blocking, { now: new Date(at.getTime() + MIN) });
      expect(third.expiresAt.getTime()).toBe(at.getTime() + 30 * MIN);
    });

    it("parallel hits never lose a count (one atomic upsert each)", async () => {
      const now = new Date();
      const states = await Promise.all(
        Array.from({ length: 20 }, () => hit(t.db, "unit:parallel", { limit: 100, windowMs: MIN }, { now })),
      );
      expect(states.map((s) => s.points).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it("refund never goes below zero; reset forgets; purge removes expired rows", async () => {
      const now = new Date();
      await hit(t.db, "unit:r", rule, { now });
      await refund(t.db, "unit:r");
      await refund(t.db, "unit:r");
      expect((await peek(t.db, "unit:r", rule, now))?.points).toBe(0);
      await resetLimit(t.db, "unit:r");
      expect(await peek(t.db, "unit:r", rule, now)).toBeNull();
      await hit(t.db, "unit:old", rule, { now: new Date(now.getTime() - 20 * MIN) });
      expect(await purgeExpiredRateLimits(t.db, now)).toBeGreaterThanOrEqual(1);
      expect(await t.db.rateLimit.count({ where: { key: "unit:old" } })).toBe(0);
    });
  });

  describe("login", () => {
    it("the 11th rapid wrong login from one IP answers 429 with when to retry", async () => {
      const user = await createUser(t.db, { email: "brute@example.com" });
      const attempt = (password: string, ip = "203.0.113.7") =>
        rest(t.db, "POST", "/api/auth/login", { body: { email: user.email, password }, headers: { "x-forwarded-for": ip } });
      for (let i = 0; i < 10; i++) {
        const res = await attempt(`wrong-${i}-pass`);
        expect(res.status).toBe(401);
      }
      const eleventh = await attempt("wrong-11-pass");
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.message).toBe("Too many failed login attempts. Please try again in 15 minutes.");
      expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(800);
      // Even the right password waits from that IP...
      expect((await attempt(FIXTURE_PASSWORD)).status).toBe(429);
      // ...but the owner elsewhere is not locked out by the stranger.
      const owner = await attempt(FIXTURE_PASSWORD, "198.51.100.1");
      expect(owner.status).toBe(200);
    });

    it("the tRPC error carries retryAfterSeconds", async () => {
      const user = await createUser(t.db);
      const info = { ip: "203.0.113.8", now: new Date() };
      for (let i = 0; i < 10; i++) {
        await expect(auth.login(t.db, { email: user.email, password: "badpass" }, info)).rejects.toMatchObject({
          code: "UNAUTHORIZED",
        });
      }
      await expect(auth.login(t.db, { email: user.email, password: "badpass" }, info)).rejects.toMatchObject({
        code: "TOO_MANY_REQUESTS",
        details: { retryAfterSeconds: 900 },
      });
      // After the window the account can be tried again.
      const later = new Date(info.now.getTime() + 15 * MIN);
      await expect(
        auth.login(t.db, { email: user.email, password: FIXTURE_PASSWORD }, { ...info, now: later }),
      ).resolves.toBeTruthy();
    });

    it("a successful login clears the failures of that account+IP", async () => {
      const user = await createUser(t.db);
      const info = { ip: "203.0.113.9" };
      for (let i = 0; i < 9; i++)
        await expect(auth.login(t.db, { email: user.email, password: "badpass" }, info)).rejects.toThrow();
      await auth.login(t.db, { email: user.email, password: FIXTURE_PASSWORD }, info);
      for (let i = 0; i < 10; i++) {
        await expect(auth.login(t.db, { email: user.email, password: "badpass" }, info)).rejects.toMatchObject({
          code: "UNAUTHORIZED",
        });
      }
    });

    it("successful logins do not use up the per-IP budget", async () => {
      const user = await createUser(t.db);
      const info = { ip: "203.0.113.10" };
      for (let i = 0; i < 3; i++) await auth.login(t.db, { email: user.email, password: FIXTURE_PASSWORD }, info);
      expect((await peek(t.db, auth.rateKeys.loginIp(info.ip), auth.RATE_RULES.loginIp))?.points).toBe(0);
    });
  });

  describe("sign-ups per IP", () => {
    afterEach(() => {
      delete process.env.RATE_LIMIT_SIGNUPS_PER_HOUR;
    });

    it("refuses sign-ups over the hourly limit from one IP with 429", async () => {
      process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = "2";
      const body = (n: number) => ({
        firstName: "Sam",
        lastName: "Ray",
        email: `signup-${n}@example.com`,
        password: "secret123",
        confirmPassword: "secret123",
        securityQuestion: SECURITY_QUESTIONS[1],
        securityAnswer: "smith",
      });
      const headers = { "x-forwarded-for": "192.0.2.50" };
      expect((await rest(t.db, "POST", "/api/auth/signup", { body: body(1), headers })).status).toBe(201);
      expect((await rest(t.db, "POST", "/api/auth/signup", { body: body(2), headers })).status).toBe(201);
      const third = await rest(t.db, "POST", "/api/auth/signup", { body: body(3), headers });
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/Too many sign-ups.*try again in 60 minutes/);
      expect(await t.db.user.count({ where: { email: "signup-3@example.com" } })).toBe(0);
      const elsewhere = await rest(t.db, "POST", "/api/auth/signup", {
        body: body(4),
        headers: { "x-forwarded-for": "192.0.2.51" },
      });
      expect(elsewhere.status).toBe(201);
    });
  });

  describe("every argon2 path is rate limited, signed in or not", () => {
    afterEach(() => {
      delete process.env.RATE_LIMIT_SIGNUPS_PER_HOUR;
    });
    let n = 0;
    const ip = () => ({ "x-forwarded-for": `198.18.7.${++n}` });
    const statusOf = (call: Promise<unknown>) =>
      call.then(
        () => 200,
        (e: { code?: string }) => (e.code === "TOO_MANY_REQUESTS" ? 429 : /INTERNAL|UNAVAILABLE/.test(e.code ?? "") ? 500 : 400),
      );

    /**
     * One scenario per argon2-calling function: the same call repeated from one address by a
     * signed-in caller (so the anonymous budget never helps) must reach 429 within its limit + 1.
     */
    const scenarios: Record<string, () => Promise<number[]>> = {
      signup: async () => {
        process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = "3";
        const token = await sessionTokenFor(t.db, await createUser(t.db));
        const headers = ip();
        const out: number[] = [];
        for (let i = 0; i < 4; i++) {
          const body = {
            firstName: "Sam",
            lastName: "Ray",
            email: `sweep-${n}-${i}@example.com`,
            password: "secret123",
            confirmPassword: "secret123",
            securityQuestion: SECURITY_QUESTIONS[1],
            securityAnswer: "smith",
          };
          out.push((await rest(t.db, "POST", "/api/auth/signup", { body, token, headers })).status);
        }
        return out;
      },
      login: async () => {
        const user = await createUser(t.db);
        const token = await sessionTokenFor(t.db, user);
        const headers = ip();
        const out: number[] = [];
        for (let i = 0; i <= auth.RATE_RULES.login.limit; i++) {
          const body = { email: user.email, password: "wrong-password" };
          out.push((await rest(t.db, "POST", "/api/auth/login", { body, token, headers })).status);
        }
        return out;
      },
      verifySecurity: async () => {
        const user = await createUser(t.db);
        const token = await sessionTokenFor(t.db, user);
        const headers = ip();
        const out: number[] = [];
        for (let i = 0; i <= auth.RATE_RULES.recovery.limit; i++) {
          const body = { email: user.email, securityAnswer: "wrong" };
          out.push((await rest(t.db, "POST", "/api/auth/verify-security", { body, token, headers })).status);
        }
        return out;
      },
      resetPassword: async () => {
        const user = await createUser(t.db);
        const token = await sessionTokenFor(t.db, user);
        const headers = ip();
        const out: number[] = [];
        for (let i = 0; i <= auth.RATE_RULES.resetAccount.limit; i++) {
          const body = { email: user.email, password: "whatever1", confirmPassword: "whatever1" };
          out.push((await rest(t.db, "POST", "/api/auth/reset-password", { body, token, headers })).status);
        }
        return out;
      },
      // Right current passwords each time: only the per-account/IP change limit can stop these.
      changePassword: async () => {
        const caller = await callerFor(t.db, await createUser(t.db), ip());
        const out: number[] = [];
        let current = FIXTURE_PASSWORD;
        for (let i = 0; i <= SECRET_CHANGE_RULES.account.limit; i++) {
          const next = `next-pass-${i}`;
          const body = { currentPassword: current, newPassword: next, confirmPassword: next };
          const status = await statusOf(caller.auth.changePassword(body));
          if (status === 200) current = next;
          out.push(status);
        }
        return out;
      },
      changeSecurity: async () => {
        const caller = await callerFor(t.db, await createUser(t.db), ip());
        const out: number[] = [];
        for (let i = 0; i <= SECRET_CHANGE_RULES.account.limit; i++) {
          const body = { currentPassword: FIXTURE_PASSWORD, securityQuestion: SECURITY_QUESTIONS[2], securityAnswer: `a${i}` };
          out.push(await statusOf(caller.auth.changeSecurity(body)));
        }
        return out;
      },
      resetWithLink: async () => {
        const token = await sessionTokenFor(t.db, await createUser(t.db));
        const headers = ip();
        const out: number[] = [];
        for (let i = 0; i <= RESET_LINK_RULES.completeIp.limit; i++) {
          const body = { token: `${"q".repeat(40)}${i}aa`, password: "long-enough-1" };
          out.push((await rest(t.db, "POST", "/api/auth/reset-link/complete", { body, token, headers })).status);
        }
        return out;
      },
    };
    // The helper both password changes share (reached through them above).
    scenarios.checkCurrentPassword = scenarios.changePassword as () => Promise<number[]>;

    it("finds the argon2 callers by reading src/server, and each has a scenario here", () => {
      expect(argon2Callers()).toEqual(Object.keys(scenarios).sort());
    });

    it.each(argon2Callers())("%s reaches 429 from one address, never 5xx", async (name) => {
      const statuses = await (scenarios[name] as () => Promise<number[]>)();
      expect(
        statuses.every((s) => s < 500),
        statuses.join(),
      ).toBe(true);
      expect(statuses.at(-1), statuses.join()).toBe(429);
    });
  });
});
