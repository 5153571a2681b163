/**
 * `npm run admin:create` (scripts/db/create-admin.ts): the first admin without SQL, idempotent. The
 * function on the test database (PGlite and PostgreSQL), then the command itself on an embedded
 * database of its own, with the password on standard input.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../scripts/db/create-admin";
import { migratedPgliteDir } from "../../scripts/start-app";
import { verifySecret } from "../../src/server/auth/password";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";

describe(`npm run admin:create (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.close();
  });

  it("creates an admin who can sign in; a second run changes nothing; a player is promoted with their password kept", async () => {
    const first = await createAdmin(t.db, { email: "Ops@Example.com", password: "first-pass-123" });
    expect(first).toMatchObject({ outcome: "created", passwordReset: false });
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: "ops@example.com", password: "first-pass-123" } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email: "ops@example.com", isAdmin: true });

    const again = await createAdmin(t.db, { email: "ops@example.com", password: "ignored-456" });
    expect(again).toEqual({ outcome: "unchanged", passwordReset: false, userId: first.userId });
    const row = await t.db.user.findUniqueOrThrow({ where: { id: first.userId } });
    expect(await verifySecret(row.passwordHash, "first-pass-123")).toBe(true);
    expect(await t.db.user.count({ where: { email: "ops@example.com" } })).toBe(1);

    const player = await createUser(t.db, { email: "player.promoted@example.com" });
    expect(await createAdmin(t.db, { email: player.email })).toMatchObject({ outcome: "promoted", passwordReset: false });
    const promoted = await t.db.user.findUniqueOrThrow({ where: { id: player.id } });
    expect(promoted.role).toBe("owner");
    expect(promoted.passwordHash).toBe(player.passwordHash);
  });

  it("--reset-password replaces the password and ends the account's sessions; bad input is refused", async () => {
    const { userId } = await createAdmin(t.db, { email: "reset@example.com", password: "old-pass-123" });
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: "reset@example.com", password: "old-pass-123" } });
    expect(login.status).toBe(200);
    expect(await t.db.session.count({ where: { userId } })).toBe(1);
    expect(await createAdmin(t.db, { email: "reset@example.com", password: "new-pass-456", resetPassword: true })).toMatchObject({
      outcome: "unchanged",
      passwordReset: true,
    });
    expect(await t.db.session.count({ where: { userId } })).toBe(0);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(await verifySecret(row.passwordHash, "new-pass-456")).toBe(true);

    await expect(createAdmin(t.db, { email: "not-an-email", password: "long-enough" })).rejects.toThrow();
    await expect(createAdmin(t.db, { email: "short@example.com", password: "123" })).rejects.toThrow(/at least 6/);
    expect(await t.db.user.count({ where: { email: "short@example.com" } })).toBe(0);
  });
});

describe("the admin:create command", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // Three runs of the command (tsx, PGlite, argon2: about 5 s of CPU each).
  it("reads the password from standard input and says what it did; run twice, it changes nothing", {
    timeout: 180_000,
  }, async () => {
    const data = path.join(dir, "pglite");
    fs.cpSync(await migratedPgliteDir(), data, { recursive: true });
    const run = (args: string[], input: string) =>
      spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db/create-admin.ts", ...args], {
        input,
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: data, LOG_LEVEL: "silent" },
      });
    const first = run(["first.admin@example.com", "--first-name", "Ada"], "s3cret-pass\n");
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^created the admin first\.admin@example\.com on /);
    const second = run(["first.admin@example.com"], "");
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/^first\.admin@example\.com is already an admin: nothing changed/);
    expect(run([], "").status).toBe(1);

    const pglite = new PGlite(data);
    try {
      const rows = await pglite.query<{ role: string; firstName: string }>(
        `SELECT role::text, "firstName" FROM "User" WHERE email = 'first.admin@example.com'`,
      );
      expect(rows.rows).toEqual([{ role: "owner", firstName: "Ada" }]);
    } finally {
      await pglite.close();
    }
  });
});
