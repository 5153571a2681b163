import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContextInner } from "../../src/server/api/context";
import { createCaller } from "../../src/server/api/root";
import { createSession, sessionIdFromToken } from "../../src/server/auth/session";
import * as auth from "../../src/server/services/accounts";
import { SECURITY_QUESTIONS, SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, FIXTURE_PASSWORD } from "../helpers/fixtures";

describe(`account settings (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  async function callerWithToken(token: string) {
    return createCaller(await createContextInner({ db: t.db, headers: new Headers({ cookie: `${SESSION_COOKIE}=${token}` }) }));
  }

  it("signed out, every settings procedure answers UNAUTHORIZED", async () => {
    const anon = await callerFor(t.db);
    await expect(anon.auth.settings()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anon.auth.updateProfile({ displayName: "Zed" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(
      anon.auth.changePassword({ currentPassword: "x", newPassword: "abcdef", confirmPassword: "abcdef" }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("shows the settings and changes the display name (empty clears it)", async () => {
    const user = await createUser(t.db, { email: "settings@example.com" });
    const caller = await callerFor(t.db, user);
    expect(await caller.auth.settings()).toEqual({
      email: "settings@example.com",
      firstName: "Test",
      lastName: "User",
      displayName: null,
      securityQuestion: SECURITY_QUESTIONS[0],
      emailVerified: true,
    });
    const { user: updated } = await caller.auth.updateProfile({ displayName: "  Lucky Star " });
    expect(updated.displayName).toBe("Lucky Star");
    expect((await (await callerFor(t.db, user)).auth.me())?.displayName).toBe("Lucky Star");
    await expect(caller.auth.updateProfile({ displayName: "L" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await caller.auth.updateProfile({ displayName: "" });
    expect((await (await callerFor(t.db, user)).auth.me())?.displayName).toBeNull();
  });

  it("changing the password needs the current one and ends the other sessions only", async () => {
    const user = await createUser(t.db);
    const mine = await createSession(t.db, user.id);
    const other = await createSession(t.db, user.id);
    const caller = await callerWithToken(mine.token);
    await expect(
      caller.auth.changePassword({ currentPassword: "wrongpass", newPassword: "newpass1", confirmPassword: "newpass1" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Current password is incorrect" });
    await expect(
      caller.auth.changePassword({ currentPassword: FIXTURE_PASSWORD, newPassword: "newpass1", confirmPassword: "newpass2" }),
    ).rejects.toThrow(/Passwords don't match/);
    await caller.auth.changePassword({ currentPassword: FIXTURE_PASSWORD, newPassword: "newpass1", confirmPassword: "newpass1" });
    expect(await t.db.session.count({ where: { id: sessionIdFromToken(mine.token) } })).toBe(1);
    expect(await t.db.session.count({ where: { id: sessionIdFromToken(other.token) } })).toBe(0);
    expect((await caller.auth.me())?.id).toBe(user.id);
    await expect(auth.login(t.db, { email: user.email, password: FIXTURE_PASSWORD })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await auth.login(t.db, { email: user.email, password: "newpass1" });
  });

  it("wrong current passwords are rate-limited per user", async () => {
    const user = await createUser(t.db);
    const caller = await callerFor(t.db, user);
    const input = { currentPassword: "wrongpass", newPassword: "newpass1", confirmPassword: "newpass1" };
    for (let i = 0; i < 10; i++) await expect(caller.auth.changePassword(input)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.auth.changePassword({ ...input, currentPassword: FIXTURE_PASSWORD })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });

  it("changes the security question and answer (needs the password); recovery then uses the new answer", async () => {
    const user = await createUser(t.db);
    const caller = await callerFor(t.db, user);
    await expect(
      caller.auth.changeSecurity({
        currentPassword: "wrongpass",
        securityQuestion: SECURITY_QUESTIONS[6],
        securityAnswer: "Alien",
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      caller.auth.changeSecurity({
        currentPassword: FIXTURE_PASSWORD,
        securityQuestion: "Shoe size?" as never,
        securityAnswer: "Alien",
      }),
    ).rejects.toThrow(/Please select a security question/);
    await caller.auth.changeSecurity({
      currentPassword: FIXTURE_PASSWORD,
      securityQuestion: SECURITY_QUESTIONS[6],
      securityAnswer: " Alien ",
    });
    const row = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.securityQuestion).toBe(SECURITY_QUESTIONS[6]);
    expect(row.securityAnswerHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row).toLowerCase()).not.toContain("alien");
    expect((await auth.forgotPassword(t.db, { email: user.email })).securityQuestion).toBe(SECURITY_QUESTIONS[6]);
    await expect(auth.verifySecurity(t.db, { email: user.email, securityAnswer: "rex" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await auth.verifySecurity(t.db, { email: user.email, securityAnswer: "ALIEN" });
  });
});
