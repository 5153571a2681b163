import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContextInner } from "../../src/server/api/context";
import { createCaller } from "../../src/server/api/root";
import {
  SESSION_RENEW_WITHIN_MS,
  SESSION_TTL_MS,
  createSession,
  sessionIdFromToken,
  validateSessionToken,
} from "../../src/server/auth/session";
import { SECURITY_QUESTIONS, SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, FIXTURE_PASSWORD, rest } from "../helpers/fixtures";

const DAY = 24 * 60 * 60 * 1000;

const validSignup = (email: string) => ({
  firstName: "Pat",
  lastName: "Lee",
  email,
  password: "secret123",
  confirmPassword: "secret123",
  securityQuestion: SECURITY_QUESTIONS[2],
  securityAnswer: "  Oak Hill  ",
});

function cookieToken(headers: Headers): string | null {
  const cookie = headers.get("set-cookie");
  const m = cookie?.match(new RegExp(`${SESSION_COOKIE}=([^;]*)`));
  return m ? (m[1] ?? null) : null;
}

describe(`auth: sign-up, login, current user, logout (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it("POST /api/auth/signup creates the account (201) and stores only hashes", async () => {
    const res = await rest(t.db, "POST", "/api/auth/signup", { body: validSignup("New.Person@Example.com") });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: "new.person@example.com", firstName: "Pat", lastName: "Lee", isAdmin: false });
    expect(res.body.user.balance).toBe("0.00");
    const row = await t.db.user.findUniqueOrThrow({ where: { email: "new.person@example.com" } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.securityAnswerHash).toMatch(/^\$argon2id\$/);
    expect(row.securityQuestion).toBe(SECURITY_QUESTIONS[2]);
    // Nothing secret in plain text anywhere in the row.
    const dump = JSON.stringify(row);
    expect(dump).not.toContain("secret123");
    expect(dump.toLowerCase()).not.toContain("oak hill");
  });

  it("the same email with other capitals answers 409 with a clear message", async () => {
    const res = await rest(t.db, "POST", "/api/auth/signup", { body: validSignup("NEW.PERSON@example.COM") });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "An account with this email already exists" });
  });

  it.each([
    ["firstName", { firstName: "P" }, "First name must be at least 2 characters"],
    ["lastName", { lastName: "L" }, "Last name must be at least 2 characters"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["password", { password: "12345", confirmPassword: "12345" }, "Password must be at least 6 characters"],
    ["confirmPassword", { confirmPassword: "" }, "Please confirm your password"],
    ["passwords match", { confirmPassword: "secret124" }, "Passwords don't match"],
    ["securityQuestion", { securityQuestion: "" }, "Please select a security question"],
    ["securityQuestion unknown", { securityQuestion: "Your shoe size?" }, "Please select a security question"],
    ["securityAnswer", { securityAnswer: " a " }, "Security answer must be at least 2 characters"],
  ])("sign-up refuses a bad %s with the product's message (400)", async (_name, patch, message) => {
    const res = await rest(t.db, "POST", "/api/auth/signup", { body: { ...validSignup("x-field@example.com"), ...patch } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it("a missing field is named too", async () => {
    const { lastName: _omit, ...rest_ } = validSignup("missing@example.com");
    const res = await rest(t.db, "POST", "/api/auth/signup", { body: rest_ });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Last name must be at least 2 characters");
  });

  it("login sets an HttpOnly SameSite=Lax session cookie and opens a new session each time", async () => {
    const user = await createUser(t.db, { email: "login@example.com" });
    const first = await rest(t.db, "POST", "/api/auth/login", {
      body: { email: " LOGIN@example.com ", password: FIXTURE_PASSWORD },
    });
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(user.id);
    expect(first.body).not.toHaveProperty("token");
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure"); // only in production
    const token = cookieToken(first.headers)!;
    expect(token.length).toBeGreaterThanOrEqual(24); // 160 bits in base32
    const second = await rest(t.db, "POST", "/api/auth/login", {
      body: { email: "login@example.com", password: FIXTURE_PASSWORD },
    });
    expect(cookieToken(second.headers)).not.toBe(token);
    const sessions = await t.db.session.findMany({ where: { userId: user.id } });
    expect(sessions.length).toBe(2);
    // Only the SHA-256 of the token is stored.
    expect(sessions.map((s) => s.id)).toContain(sessionIdFromToken(token));
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it("a wrong password or unknown email answers 401 'Invalid email or password'", async () => {
    await createUser(t.db, { email: "wrong@example.com" });
    const wrong = await rest(t.db, "POST", "/api/auth/login", { body: { email: "wrong@example.com", password: "nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid email or password" });
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const unknown = await rest(t.db, "POST", "/api/auth/login", { body: { email: "nobody@example.com", password: "whatever" } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: "Invalid email or password" });
  });

  it("login validates with the product's messages", async () => {
    const res = await rest(t.db, "POST", "/api/auth/login", { body: { email: "bad", password: "123" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Please enter a valid email address");
    expect(res.body.message).toContain("Password must be at least 6 characters");
  });

  it("GET /api/auth/user: 401 'Unauthorized' signed out; the user of docs/product.md §3 signed in (cookie or Bearer)", async () => {
    const anon = await rest(t.db, "GET", "/api/auth/user");
    expect(anon.status).toBe(401);
    expect(anon.body.message).toContain("Unauthorized");
    const user = await createUser(t.db, { email: "me@example.com", balance: "12.5", role: "owner" });
    const me = await rest(t.db, "GET", "/api/auth/user", { user });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(
      [
        "balance",
        "cashBalance",
        "creditBalance",
        "createdAt",
        "displayName",
        "email",
        "firstName",
        "id",
        "isAdmin",
        "lastName",
        "profileImageUrl",
        "staffRole",
      ].sort(),
    );
    expect(me.body).toMatchObject({ id: user.id, email: "me@example.com", balance: "12.50", isAdmin: true, staffRole: "owner" });
    const { token } = await createSession(t.db, user.id);
    const bearer = await rest(t.db, "GET", "/api/auth/user", { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);
    expect(bearer.body.id).toBe(user.id);
    const garbage = await rest(t.db, "GET", "/api/auth/user", { headers: { authorization: "Bearer not-a-token" } });
    expect(garbage.status).toBe(401);
  });

  it("auth.me through the caller answers null signed out (not an error)", async () => {
    expect(await (await callerFor(t.db)).auth.me()).toBeNull();
  });

  it("logout deletes the session and blanks the cookie; signed out it answers 401", async () => {
    const user = await createUser(t.db);
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: user.email, password: FIXTURE_PASSWORD } });
    const token = cookieToken(login.headers)!;
    const out = await rest(t.db, "POST", "/api/auth/logout", { token });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await t.db.session.count({ where: { id: sessionIdFromToken(token) } })).toBe(0);
    expect((await rest(t.db, "GET", "/api/auth/user", { token })).status).toBe(401);
    const again = await rest(t.db, "POST", "/api/auth/logout", { token });
    expect(again.status).toBe(401);
    expect(again.body.message).toContain("Unauthorized");
  });

  it("sessions expire after 30 days and are renewed when under 15 days remain", async () => {
    const user = await createUser(t.db);
    const start = new Date("2030-01-01T00:00:00Z");
    const { token, session } = await createSession(t.db, user.id, start);
    expect(session.expiresAt.getTime() - start.getTime()).toBe(SESSION_TTL_MS);
    // 10 days in: 20 left, no renewal.
    const early = await validateSessionToken(t.db, token, new Date(start.getTime() + 10 * DAY));
    expect(early?.renewed).toBe(false);
    expect(early?.session.expiresAt.getTime()).toBe(session.expiresAt.getTime());
    // 16 days in: 14 left -> renewed to 30 days from then.
    const later = new Date(start.getTime() + 16 * DAY);
    const renewed = await validateSessionToken(t.db, token, later);
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.session.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
    const row = await t.db.session.findUniqueOrThrow({ where: { id: sessionIdFromToken(token) } });
    expect(row.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
    // Past the (renewed) expiry: gone.
    const expired = await validateSessionToken(t.db, token, new Date(later.getTime() + SESSION_TTL_MS + 1));
    expect(expired).toBeNull();
    expect(await t.db.session.count({ where: { id: sessionIdFromToken(token) } })).toBe(0);
  });

  it("a request with a session close to expiry gets a renewed cookie", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id);
    await t.db.session.update({
      where: { id: sessionIdFromToken(token) },
      data: { expiresAt: new Date(Date.now() + SESSION_RENEW_WITHIN_MS - DAY) },
    });
    const res = await rest(t.db, "GET", "/api/auth/user", { token });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${SESSION_COOKIE}=${token}`);
    expect(cookie).toContain("HttpOnly");
    const row = await t.db.session.findUniqueOrThrow({ where: { id: sessionIdFromToken(token) } });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - DAY);
  });

  it("an expired session is signed out", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id, new Date(Date.now() - SESSION_TTL_MS - DAY));
    expect((await rest(t.db, "GET", "/api/auth/user", { token })).status).toBe(401);
  });

  describe("CSRF", () => {
    it("a POST with a foreign Origin answers 403", async () => {
      const user = await createUser(t.db);
      const res = await rest(t.db, "POST", "/api/auth/login", {
        body: { email: user.email, password: FIXTURE_PASSWORD },
        headers: { origin: "https://evil.example", host: "localhost:3000" },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/Cross-site/);
      expect(res.headers.get("set-cookie")).toBeNull();
    });

    it("Sec-Fetch-Site: cross-site answers 403, also for a signed-in logout", async () => {
      const user = await createUser(t.db);
      const res = await rest(t.db, "POST", "/api/auth/logout", { user, headers: { "sec-fetch-site": "cross-site" } });
      expect(res.status).toBe(403);
      expect(await t.db.session.count({ where: { userId: user.id } })).toBe(1);
      const signup = await rest(t.db, "POST", "/api/auth/signup", {
        body: validSignup("csrf@example.com"),
        headers: { "sec-fetch-site": "same-site" },
      });
      expect(signup.status).toBe(403);
      expect(await t.db.user.count({ where: { email: "csrf@example.com" } })).toBe(0);
    });

    it("same-origin requests pass", async () => {
      const user = await createUser(t.db);
      const res = await rest(t.db, "POST", "/api/auth/login", {
        body: { email: user.email, password: FIXTURE_PASSWORD },
        headers: { origin: "http://localhost:3000", host: "localhost:3000", "sec-fetch-site": "same-origin" },
      });
      expect(res.status).toBe(200);
    });

    it("tRPC mutations refuse a foreign Origin too", async () => {
      const user = await createUser(t.db);
      const caller = await callerFor(t.db, user, { origin: "https://evil.example", host: "localhost:3000" });
      await expect(caller.auth.logout()).rejects.toMatchObject({ code: "FORBIDDEN" });
      // Queries are not state-changing and still answer.
      expect((await caller.auth.me())?.id).toBe(user.id);
    });

    it("a non-JSON body is refused (415)", async () => {
      const res = await rest(t.db, "POST", "/api/auth/signup", {
        rawBody: "firstName=a",
        headers: { "content-type": "text/plain" },
      });
      expect(res.status).toBe(415);
    });
  });

  it("the tRPC login answer never carries the session token; the cookie's token works as Bearer for tools", async () => {
    const user = await createUser(t.db);
    const resHeaders = new Headers();
    const anon = createCaller(await createContextInner({ db: t.db, resHeaders }));
    const answer = await anon.auth.login({ email: user.email, password: FIXTURE_PASSWORD });
    const token = /session=([a-z2-7]+)/.exec(resHeaders.get("set-cookie") ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    expect(JSON.stringify(answer)).not.toContain(token);
    expect(answer).not.toHaveProperty("token");
    const authed = createCaller(
      await createContextInner({ db: t.db, headers: new Headers({ authorization: `Bearer ${token}` }) }),
    );
    expect((await authed.auth.me())?.id).toBe(user.id);
  });
});
