import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createContextInner } from "../../src/server/api/context";
import { createCaller } from "../../src/server/api/root";
import { hashSecret, SERVER_BUSY } from "../../src/server/auth/password";
import { RESET_COOKIE, resetTokenHash } from "../../src/server/auth/reset-token";
import { sessionIdFromToken } from "../../src/server/auth/session";
import * as auth from "../../src/server/services/accounts";
import { SECURITY_QUESTIONS } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, FIXTURE_ANSWER, FIXTURE_PASSWORD, rest, sessionTokenFor } from "../helpers/fixtures";

const MIN = 60_000;
let ipCounter = 0;
/** A fresh client address per test, so per-IP limits of one test do not reach the next. */
const freshIp = () => `10.13.0.${++ipCounter}`;

/** A client that keeps cookies the way a browser does (name + path; sent where the path matches). */
function client(db: () => TestDb["db"], ip = freshIp()) {
  const jar = new Map<string, { name: string; value: string; path: string }>();
  const send = async (method: string, path: string, body?: unknown) => {
    const cookies = [...jar.values()].filter((c) => path === c.path || path.startsWith(`${c.path}/`));
    const headers: Record<string, string> = { "x-forwarded-for": ip };
    if (cookies.length) headers.cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const res = await rest(db(), method, path, { body, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
      const [name = "", value = ""] = pair.split("=");
      const path = attrs.find((a) => a.startsWith("Path="))?.slice(5) ?? "/";
      const gone = attrs.some((a) => a === "Max-Age=0");
      if (gone) jar.delete(`${name}|${path}`);
      else jar.set(`${name}|${path}`, { name, value, path });
    }
    return res;
  };
  return { send, jar, ip };
}

describe(`password recovery in three steps (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());
  const db = () => t.db;

  it("masks e-mails", () => {
    expect(auth.maskEmail("player@example.com")).toBe("pl****@example.com");
    expect(auth.maskEmail("ab@example.com")).toBe("a****@example.com");
    expect(auth.maskEmail("a@example.com")).toBe("a****@example.com");
  });

  it("forgot-password answers email, maskedEmail and securityQuestion", async () => {
    await createUser(t.db, { email: "player1@example.com" });
    const res = await rest(t.db, "POST", "/api/auth/forgot-password", { body: { email: "Player1@Example.com" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: "player1@example.com",
      maskedEmail: "pl****@example.com",
      securityQuestion: SECURITY_QUESTIONS[0],
    });
  });

  it("forgot-password: unknown email 404 (the product's step 1), invalid email 400", async () => {
    const missing = await rest(t.db, "POST", "/api/auth/forgot-password", { body: { email: "ghost@example.com" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Email not found. Please check your email address." });
    const bad = await rest(t.db, "POST", "/api/auth/forgot-password", { body: { email: "ghost" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Please enter a valid email address");
  });

  it("verify-security: empty answer 400; a wrong answer and an unknown email answer the same 401", async () => {
    await createUser(t.db, { email: "verify@example.com" });
    const c = client(db);
    const empty = await c.send("POST", "/api/auth/verify-security", { email: "verify@example.com", securityAnswer: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("Please provide an answer to the security question");
    const wrong = await c.send("POST", "/api/auth/verify-security", { email: "verify@example.com", securityAnswer: "cat" });
    const ghost = await c.send("POST", "/api/auth/verify-security", { email: "nobody@example.com", securityAnswer: "cat" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Security answer is incorrect. Please try again." });
    expect(ghost.status).toBe(wrong.status);
    expect(ghost.body).toEqual(wrong.body);
    expect(c.jar.size).toBe(0);
  });

  it("reset without a verification is refused (403) and changes nothing; unknown emails answer the same", async () => {
    const user = await createUser(t.db, { email: "noverify@example.com" });
    const res = await rest(t.db, "POST", "/api/auth/reset-password", { body: { email: user.email, password: "hacked123" } });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/security question/);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toBe(user.passwordHash);
    const ghost = await rest(t.db, "POST", "/api/auth/reset-password", {
      body: { email: "ghost2@example.com", password: "hacked123" },
    });
    expect(ghost.status).toBe(403);
    expect(ghost.body).toEqual(res.body);
  });

  it("the whole flow for a client that keeps cookies: answer -> one reset -> all sessions end -> owner told", async () => {
    const user = await createUser(t.db, { email: "flow@example.com" });
    const token = await sessionTokenFor(t.db, user);
    const c = client(db);
    const verified = await c.send("POST", "/api/auth/verify-security", {
      email: "flow@example.com",
      securityAnswer: `  ${FIXTURE_ANSWER.toUpperCase()} `,
    });
    expect(verified.status).toBe(200);
    expect(JSON.stringify(verified.body)).not.toMatch(/token/i);
    // HttpOnly, SameSite=Strict, only on the two reset paths, short-lived.
    const setCookies = verified.headers.getSetCookie();
    expect(setCookies.map((l) => /Path=([^;]+)/.exec(l)?.[1]).sort()).toEqual([
      "/api/auth/reset-password",
      "/api/trpc/auth.resetPassword",
    ]);
    for (const line of setCookies) {
      expect(line).toMatch(new RegExp(`^${RESET_COOKIE}=[A-Za-z0-9_-]{43};`));
      expect(line).toContain("HttpOnly");
      expect(line).toContain("SameSite=Strict");
      expect(line).toContain("Max-Age=900");
    }
    const reset = await c.send("POST", "/api/auth/reset-password", { email: "FLOW@example.com", password: "brandnew1" });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBeTruthy();
    expect(c.jar.size).toBe(0); // the cookies are cleared
    expect(await t.db.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await rest(t.db, "GET", "/api/auth/user", { token })).status).toBe(401);
    const oldLogin = await rest(t.db, "POST", "/api/auth/login", { body: { email: user.email, password: FIXTURE_PASSWORD } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await rest(t.db, "POST", "/api/auth/login", { body: { email: user.email, password: "brandnew1" } });
    expect(newLogin.status).toBe(200);
    const told = await t.db.notification.findMany({ where: { userId: user.id, title: auth.PASSWORD_RESET_NOTIFICATION.title } });
    expect(told.length).toBe(1);
    // Only the hash of the token is stored, and the grant is used.
    const grants = await t.db.passwordResetGrant.findMany({ where: { userId: user.id } });
    expect(grants.length).toBe(1);
    expect(grants[0]?.usedAt).not.toBeNull();
    expect(grants[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const cookieValue = /reset_token=([^;]+)/.exec(setCookies[0] ?? "")?.[1] ?? "";
    expect(grants[0]?.tokenHash).toBe(resetTokenHash(cookieValue));
    expect(JSON.stringify(await t.db.user.findUniqueOrThrow({ where: { id: user.id } }))).not.toContain("brandnew1");
    expect(sessionIdFromToken(token)).not.toBe(token);
  });

  it("takeover: knowing the email while the owner is verified is not enough; the owner's reset still works", async () => {
    const user = await createUser(t.db, { email: "victim@example.com" });
    const owner = client(db);
    const attacker = client(db);
    expect(
      (await owner.send("POST", "/api/auth/verify-security", { email: user.email, securityAnswer: FIXTURE_ANSWER })).status,
    ).toBe(200);
    const stolen = await attacker.send("POST", "/api/auth/reset-password", { email: user.email, password: "attacker1" });
    expect(stolen.status).toBe(403);
    // A made-up token of the right shape is no better.
    const forged = await rest(t.db, "POST", "/api/auth/reset-password", {
      body: { email: user.email, password: "attacker1" },
      headers: { cookie: `${RESET_COOKIE}=${"A".repeat(43)}` },
    });
    expect(forged.status).toBe(403);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(user.passwordHash);
    const mine = await owner.send("POST", "/api/auth/reset-password", { email: user.email, password: "ownerpass1" });
    expect(mine.status).toBe(200);
  });

  it("a reset token of one email does not reset another", async () => {
    const a = await createUser(t.db, { email: "alice@example.com" });
    const b = await createUser(t.db, { email: "bob@example.com" });
    const c = client(db);
    await c.send("POST", "/api/auth/verify-security", { email: a.email, securityAnswer: FIXTURE_ANSWER });
    const res = await c.send("POST", "/api/auth/reset-password", { email: b.email, password: "stolen12" });
    expect(res.status).toBe(403);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: b.id } });
    expect(row.passwordHash).toBe(b.passwordHash);
  });

  it("a verification is valid for 15 minutes only", async () => {
    const user = await createUser(t.db, { email: "late@example.com" });
    const ip = freshIp();
    const old = await auth.verifySecurity(
      t.db,
      { email: user.email, securityAnswer: FIXTURE_ANSWER },
      { ip, now: new Date(Date.now() - 16 * MIN) },
    );
    await expect(
      auth.resetPassword(t.db, { email: user.email, password: "toolate1" }, { ip, resetToken: old.token }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const fresh = await auth.verifySecurity(
      t.db,
      { email: user.email, securityAnswer: FIXTURE_ANSWER },
      { ip, now: new Date(Date.now() - 14 * MIN) },
    );
    await auth.resetPassword(t.db, { email: user.email, password: "intime12" }, { ip, resetToken: fresh.token });
  });

  it("two parallel resets with one token: exactly one wins", async () => {
    const user = await createUser(t.db, { email: "race@example.com" });
    const ip = freshIp();
    const { token } = await auth.verifySecurity(t.db, { email: user.email, securityAnswer: FIXTURE_ANSWER }, { ip });
    const results = await Promise.allSettled([
      auth.resetPassword(t.db, { email: user.email, password: "first123" }, { ip, resetToken: token }),
      auth.resetPassword(t.db, { email: user.email, password: "second12" }, { ip, resetToken: token }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
  });

  it("5 wrong answers lock that IP out of the account's recovery; the owner elsewhere is not locked, and is told", async () => {
    const user = await createUser(t.db, { email: "locked@example.com" });
    const other = await createUser(t.db, { email: "unlocked@example.com" });
    const attacker = client(db);
    const wrong = () => attacker.send("POST", "/api/auth/verify-security", { email: user.email, securityAnswer: "nope" });
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
    const fifth = await wrong();
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toMatch(/locked.*try again in 15 minutes/i);
    expect(fifth.headers.get("retry-after")).toBe("900");
    const right = await attacker.send("POST", "/api/auth/verify-security", { email: user.email, securityAnswer: FIXTURE_ANSWER });
    expect(right.status).toBe(429);
    const lookup = await attacker.send("POST", "/api/auth/forgot-password", { email: user.email });
    expect(lookup.status).toBe(429);
    expect(await t.db.passwordResetGrant.count({ where: { userId: user.id } })).toBe(0);
    const told = await t.db.notification.findMany({ where: { userId: user.id, title: auth.RECOVERY_LOCKED_NOTIFICATION.title } });
    expect(told.length).toBe(1);
    // The owner, from another network, still recovers.
    const owner = client(db);
    expect(
      (await owner.send("POST", "/api/auth/verify-security", { email: user.email, securityAnswer: FIXTURE_ANSWER })).status,
    ).toBe(200);
    // Other accounts are not affected either.
    const ok = await attacker.send("POST", "/api/auth/verify-security", { email: other.email, securityAnswer: FIXTURE_ANSWER });
    expect(ok.status).toBe(200);
    // After 15 minutes the lock is gone.
    const later = new Date(Date.now() + 15 * MIN + 1000);
    await expect(
      auth.verifySecurity(t.db, { email: user.email, securityAnswer: FIXTURE_ANSWER }, { ip: attacker.ip, now: later }),
    ).resolves.toBeTruthy();
  });

  it("lockouts back off per IP: the same IP's next lockout lasts 30 minutes, then 60", async () => {
    const ip = freshIp();
    const now = Date.now();
    const lockOut = async (email: string, at: number) => {
      for (let i = 0; i < 5; i++) {
        await auth.verifySecurity(t.db, { email, securityAnswer: "nope" }, { ip, now: new Date(at) }).catch((e) => e);
      }
      return auth.verifySecurity(t.db, { email, securityAnswer: "nope" }, { ip, now: new Date(at) }).catch((e) => e);
    };
    // Unknown e-mails lock the same way as real ones (no difference to see).
    const first = await lockOut("ghost-a@example.com", now);
    expect(first.message).toMatch(/in 15 minutes/);
    const second = await lockOut("ghost-b@example.com", now + MIN);
    expect(second.message).toMatch(/in 30 minutes/);
    const third = await lockOut("ghost-c@example.com", now + 2 * MIN);
    expect(third.message).toMatch(/in 60 minutes/);
    // Another IP starts at 15 minutes again.
    const elsewhere = freshIp();
    for (let i = 0; i < 4; i++) {
      await auth.verifySecurity(t.db, { email: "ghost-d@example.com", securityAnswer: "x" }, { ip: elsewhere }).catch(() => {});
    }
    await expect(
      auth.verifySecurity(t.db, { email: "ghost-d@example.com", securityAnswer: "x" }, { ip: elsewhere }),
    ).rejects.toThrow(/in 15 minutes/);
  });

  it("answer checks are limited per account across networks, and per IP across accounts, before any hashing", async () => {
    const user = await createUser(t.db, { email: "spread@example.com" });
    // 20 answer checks per hour per account, whatever the IP.
    for (let i = 0; i < auth.RATE_RULES.recoveryAccount.limit; i++) {
      await auth.verifySecurity(t.db, { email: user.email, securityAnswer: "x" }, { ip: freshIp() }).catch(() => {});
    }
    await expect(
      auth.verifySecurity(t.db, { email: user.email, securityAnswer: FIXTURE_ANSWER }, { ip: freshIp() }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    // 30 recovery calls per IP (answers and resets), whatever the account.
    const ip = freshIp();
    for (let i = 0; i < auth.RATE_RULES.recoveryIp.limit; i++) {
      await auth.resetPassword(t.db, { email: `nobody${i}@example.com`, password: "whatever1" }, { ip }).catch(() => {});
    }
    const res = await rest(t.db, "POST", "/api/auth/reset-password", {
      body: { email: "nobody@example.com", password: "whatever1" },
      headers: { "x-forwarded-for": ip },
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/Too many password recovery attempts/);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });

  it("the same steps through the tRPC caller, cookie and all", async () => {
    await createUser(t.db, { email: "trpc-flow@example.com" });
    const ip = freshIp();
    const resHeaders = new Headers();
    const anon = createCaller(
      await createContextInner({ db: t.db, headers: new Headers({ "x-forwarded-for": ip }), resHeaders }),
    );
    const found = await anon.auth.forgotPassword({ email: "trpc-flow@example.com" });
    expect(found.maskedEmail).toBe("tr****@example.com");
    await expect(anon.auth.verifySecurity({ email: "trpc-flow@example.com", securityAnswer: "x" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Security answer is incorrect. Please try again.",
    });
    await expect(anon.auth.resetPassword({ email: "trpc-flow@example.com", password: "abcdef" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const answer = await anon.auth.verifySecurity({ email: "trpc-flow@example.com", securityAnswer: "Rex" });
    expect(answer).toEqual({ message: "Security answer verified", verified: true });
    const cookie = /reset_token=[^;]+/.exec(resHeaders.get("set-cookie") ?? "")?.[0];
    expect(cookie).toBeTruthy();
    const withCookie = createCaller(
      await createContextInner({ db: t.db, headers: new Headers({ "x-forwarded-for": ip, cookie: cookie ?? "" }) }),
    );
    await withCookie.auth.resetPassword({ email: "trpc-flow@example.com", password: "abcdef" });
    await anon.auth.login({ email: "trpc-flow@example.com", password: "abcdef" });
  });

  describe("argon2 work is capped", () => {
    const saved = { c: process.env.ARGON2_MAX_CONCURRENT, q: process.env.ARGON2_MAX_QUEUE };
    afterEach(() => {
      process.env.ARGON2_MAX_CONCURRENT = saved.c;
      process.env.ARGON2_MAX_QUEUE = saved.q;
      if (saved.c === undefined) delete process.env.ARGON2_MAX_CONCURRENT;
      if (saved.q === undefined) delete process.env.ARGON2_MAX_QUEUE;
    });

    it("beyond the running + queued slots a hash is refused at once with 503 and a clear message", async () => {
      process.env.ARGON2_MAX_CONCURRENT = "1";
      process.env.ARGON2_MAX_QUEUE = "1";
      const results = await Promise.allSettled([1, 2, 3, 4].map((i) => hashSecret(`secret-${i}`)));
      expect(results.filter((r) => r.status === "fulfilled").length).toBe(2);
      const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
      expect(refused.length).toBe(2);
      expect(refused[0]?.reason).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: SERVER_BUSY });
      // Slots come back: the next hash runs.
      await expect(hashSecret("after")).resolves.toMatch(/^\$argon2id\$/);
    });

    it("REST answers 503 with Retry-After when the cap is full", async () => {
      process.env.ARGON2_MAX_CONCURRENT = "1";
      process.env.ARGON2_MAX_QUEUE = "1";
      const body = (i: number) => ({
        firstName: "Ann",
        lastName: "Bee",
        email: `busy${i}@example.com`,
        password: "password1",
        confirmPassword: "password1",
        securityQuestion: SECURITY_QUESTIONS[0],
        securityAnswer: "rex",
      });
      // One running, one queued: full, and kept full until the sign-up has answered. Two hashes made
      // once could finish before the sign-up (validation and its reads first) reached its own on a
      // fast host, and it then succeeded.
      let answered = false;
      const keepFull = async () => {
        while (!answered) {
          const refused = await hashSecret("hog").then(
            () => false,
            () => true,
          );
          if (refused) await new Promise((r) => setTimeout(r, 1)); // a slot was taken: try again shortly
        }
      };
      const hogs = [keepFull(), keepFull()];
      await new Promise((r) => setTimeout(r, 5)); // both slots taken before the sign-up starts
      const answer = await rest(t.db, "POST", "/api/auth/signup", { body: body(1), headers: { "x-forwarded-for": freshIp() } });
      answered = true;
      await Promise.all(hogs);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: SERVER_BUSY });
      expect(answer.headers.get("retry-after")).toBe("5");
    });
  });
});
