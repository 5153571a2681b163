import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionIdFromToken } from "../../src/server/auth/session";
import * as auth from "../../src/server/services/auth";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, FIXTURE_ANSWER, FIXTURE_PASSWORD, rest, sessionTokenFor } from "../helpers/fixtures";
import { SECURITY_QUESTIONS } from "../../src/shared/constants";

const MIN = 60_000;

describe(`password recovery in three steps (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

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

  it("forgot-password: unknown email 404, invalid email 400", async () => {
    const missing = await rest(t.db, "POST", "/api/auth/forgot-password", { body: { email: "ghost@example.com" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Email not found. Please check your email address." });
    const bad = await rest(t.db, "POST", "/api/auth/forgot-password", { body: { email: "ghost" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Please enter a valid email address");
  });

  it("verify-security: empty answer 400 with the product's message, wrong answer 401", async () => {
    await createUser(t.db, { email: "verify@example.com" });
    const empty = await rest(t.db, "POST", "/api/auth/verify-security", {
      body: { email: "verify@example.com", securityAnswer: "  " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("Please provide an answer to the security question");
    const wrong = await rest(t.db, "POST", "/api/auth/verify-security", {
      body: { email: "verify@example.com", securityAnswer: "cat" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Security answer is incorrect. Please try again." });
    const ghost = await rest(t.db, "POST", "/api/auth/verify-security", {
      body: { email: "nobody@example.com", securityAnswer: "cat" },
    });
    expect(ghost.status).toBe(404);
  });

  it("reset without a verification is refused (403) and changes nothing", async () => {
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
  });

  it("the whole flow: answer (trimmed, any case) -> one reset -> all sessions end -> new password logs in", async () => {
    const user = await createUser(t.db, { email: "flow@example.com" });
    const token = await sessionTokenFor(t.db, user);
    const verified = await rest(t.db, "POST", "/api/auth/verify-security", {
      body: { email: "flow@example.com", securityAnswer: `  ${FIXTURE_ANSWER.toUpperCase()} ` },
    });
    expect(verified.status).toBe(200);
    const reset = await rest(t.db, "POST", "/api/auth/reset-password", {
      body: { email: "FLOW@example.com", password: "brandnew1" },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBeTruthy();
    expect(await t.db.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await rest(t.db, "GET", "/api/auth/user", { token })).status).toBe(401);
    const oldLogin = await rest(t.db, "POST", "/api/auth/login", { body: { email: user.email, password: FIXTURE_PASSWORD } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await rest(t.db, "POST", "/api/auth/login", { body: { email: user.email, password: "brandnew1" } });
    expect(newLogin.status).toBe(200);
    // Single use.
    const again = await rest(t.db, "POST", "/api/auth/reset-password", { body: { email: user.email, password: "another12" } });
    expect(again.status).toBe(403);
    // The stored grant is only a marker (no secret), and it is used.
    const grants = await t.db.passwordResetGrant.findMany({ where: { userId: user.id } });
    expect(grants.length).toBe(1);
    expect(grants[0]?.usedAt).not.toBeNull();
    expect(JSON.stringify(await t.db.user.findUniqueOrThrow({ where: { id: user.id } }))).not.toContain("brandnew1");
    expect(sessionIdFromToken(token)).not.toBe(token);
  });

  it("a verification is valid for 15 minutes only", async () => {
    const user = await createUser(t.db, { email: "late@example.com" });
    await auth.verifySecurity(
      t.db,
      { email: user.email, securityAnswer: FIXTURE_ANSWER },
      { now: new Date(Date.now() - 16 * MIN) },
    );
    await expect(auth.resetPassword(t.db, { email: user.email, password: "toolate1" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await auth.verifySecurity(
      t.db,
      { email: user.email, securityAnswer: FIXTURE_ANSWER },
      { now: new Date(Date.now() - 14 * MIN) },
    );
    await auth.resetPassword(t.db, { email: user.email, password: "intime12" });
  });

  it("a verification of one email does not allow resetting another", async () => {
    const a = await createUser(t.db, { email: "alice@example.com" });
    const b = await createUser(t.db, { email: "bob@example.com" });
    await auth.verifySecurity(t.db, { email: a.email, securityAnswer: FIXTURE_ANSWER });
    const res = await rest(t.db, "POST", "/api/auth/reset-password", { body: { email: b.email, password: "stolen12" } });
    expect(res.status).toBe(403);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: b.id } });
    expect(row.passwordHash).toBe(b.passwordHash);
  });

  it("two parallel resets after one verification: exactly one wins", async () => {
    const user = await createUser(t.db, { email: "race@example.com" });
    await auth.verifySecurity(t.db, { email: user.email, securityAnswer: FIXTURE_ANSWER });
    const results = await Promise.allSettled([
      auth.resetPassword(t.db, { email: user.email, password: "first123" }),
      auth.resetPassword(t.db, { email: user.email, password: "second12" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
  });

  it("5 wrong answers lock recovery for that email 15 minutes (even for the right answer)", async () => {
    const user = await createUser(t.db, { email: "locked@example.com" });
    const other = await createUser(t.db, { email: "unlocked@example.com" });
    const wrong = () => rest(t.db, "POST", "/api/auth/verify-security", { body: { email: user.email, securityAnswer: "nope" } });
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
    const fifth = await wrong();
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toMatch(/locked.*try again in 15 minutes/i);
    expect(fifth.headers.get("retry-after")).toBe("900");
    const right = await rest(t.db, "POST", "/api/auth/verify-security", {
      body: { email: user.email, securityAnswer: FIXTURE_ANSWER },
    });
    expect(right.status).toBe(429);
    const lookup = await rest(t.db, "POST", "/api/auth/forgot-password", { body: { email: user.email } });
    expect(lookup.status).toBe(429);
    expect(await t.db.passwordResetGrant.count({ where: { userId: user.id } })).toBe(0);
    // Other accounts are not affected.
    const ok = await rest(t.db, "POST", "/api/auth/verify-security", {
      body: { email: other.email, securityAnswer: FIXTURE_ANSWER },
    });
    expect(ok.status).toBe(200);
    // After 15 minutes the lock is gone.
    const later = new Date(Date.now() + 15 * MIN + 1000);
    await expect(
      auth.verifySecurity(t.db, { email: user.email, securityAnswer: FIXTURE_ANSWER }, { now: later }),
    ).resolves.toBeTruthy();
  });

  it("the same steps through the tRPC caller", async () => {
    await createUser(t.db, { email: "trpc-flow@example.com" });
    const caller = await callerFor(t.db);
    const found = await caller.auth.forgotPassword({ email: "trpc-flow@example.com" });
    expect(found.maskedEmail).toBe("tr****@example.com");
    await expect(caller.auth.verifySecurity({ email: "trpc-flow@example.com", securityAnswer: "x" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Security answer is incorrect. Please try again.",
    });
    await expect(caller.auth.resetPassword({ email: "trpc-flow@example.com", password: "abcdef" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await caller.auth.verifySecurity({ email: "trpc-flow@example.com", securityAnswer: "Rex" });
    await caller.auth.resetPassword({ email: "trpc-flow@example.com", password: "abcdef" });
    await caller.auth.login({ email: "trpc-flow@example.com", password: "abcdef" });
  });
});
