import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";

const signupBody = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email,
  password: "secret123",
  confirmPassword: "secret123",
  securityQuestion: "What was the name of your first pet?",
  securityAnswer: "rex",
  ...extra,
});
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe(`age declaration (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.REQUIRE_AGE_DECLARATION;
  });

  it("REST sign-up: dateOfBirth optional, stored when given, under-18s and bad dates refused", async () => {
    const plain = await rest(t.db, "POST", "/api/auth/signup", { body: signupBody("plain@example.com") });
    expect(plain.status).toBe(201);
    expect((await t.db.user.findUniqueOrThrow({ where: { email: "plain@example.com" } })).dateOfBirth).toBeNull();

    const adult = await rest(t.db, "POST", "/api/auth/signup", {
      body: signupBody("adult@example.com", { dateOfBirth: yearsAgo(18) }),
    });
    expect(adult.status).toBe(201);
    const row = await t.db.user.findUniqueOrThrow({ where: { email: "adult@example.com" } });
    expect(row.dateOfBirth?.toISOString().slice(0, 10)).toBe(yearsAgo(18));

    const young = await rest(t.db, "POST", "/api/auth/signup", {
      body: signupBody("young@example.com", { dateOfBirth: yearsAgo(18, 1) }),
    });
    expect(young.status).toBe(400);
    expect(young.body.message).toContain("You must be 18 or over to play");
    for (const bad of ["2001-02-30", "17/05/1990", "1850-01-01", ""]) {
      const res = await rest(t.db, "POST", "/api/auth/signup", { body: signupBody("bad@example.com", { dateOfBirth: bad }) });
      expect(res.status, bad).toBe(400);
    }
    expect(await t.db.user.count({ where: { email: { in: ["young@example.com", "bad@example.com"] } } })).toBe(0);
  });

  it("REQUIRE_AGE_DECLARATION=true: no purchase or top-up until a date of birth is declared", async () => {
    process.env.REQUIRE_AGE_DECLARATION = "true";
    const u = await createUser(t.db, { balance: "10" });
    const c = await createContest(t.db, { ticketPrice: "1" });
    const buy = await rest(t.db, "POST", "/api/cart/add", { user: u, body: { contestId: c.id, quantity: 1 } });
    expect(buy).toMatchObject({
      status: 403,
      body: { message: "Please declare your date of birth (18+) in your account before spending" },
    });
    const topUp = await rest(t.db, "POST", "/api/payments/create", {
      user: u,
      body: { amount: "10", currency: "USD", cryptoCurrency: "BTC" },
    });
    expect(topUp.status).toBe(403);
    expect((await rest(t.db, "GET", "/api/user/limits", { user: u })).body).toMatchObject({
      ageDeclared: false,
      ageDeclarationRequired: true,
    });

    // (An under-18 declaration locks the account's declarations for a day: another account shows it.)
    const kid = await createUser(t.db);
    const tooYoung = await rest(t.db, "PUT", "/api/user/date-of-birth", { user: kid, body: { dateOfBirth: yearsAgo(10) } });
    expect(tooYoung.status).toBe(400);
    const declared = await rest(t.db, "PUT", "/api/user/date-of-birth", { user: u, body: { dateOfBirth: "1990-05-17" } });
    expect(declared.status).toBe(200);
    expect(declared.body.ageDeclared).toBe(true);
    expect((await rest(t.db, "PUT", "/api/user/date-of-birth", { user: u, body: { dateOfBirth: "1980-01-01" } })).status).toBe(
      409,
    );
    expect((await rest(t.db, "POST", "/api/cart/add", { user: u, body: { contestId: c.id, quantity: 1 } })).status).toBe(200);

    // Off (the default), an undeclared account may spend.
    delete process.env.REQUIRE_AGE_DECLARATION;
    const other = await createUser(t.db, { balance: "5" });
    expect((await rest(t.db, "POST", "/api/cart/add", { user: other, body: { contestId: c.id, quantity: 1 } })).status).toBe(200);
  });

  it("an under-18 declaration cannot be retried at once with an older date", async () => {
    const u = await createUser(t.db);
    const young = await rest(t.db, "PUT", "/api/user/date-of-birth", { user: u, body: { dateOfBirth: yearsAgo(16) } });
    expect(young).toMatchObject({ status: 400, body: { message: "You must be 18 or over to play" } });
    const retry = await rest(t.db, "PUT", "/api/user/date-of-birth", { user: u, body: { dateOfBirth: "1990-05-17" } });
    expect(retry.status).toBe(429);
    expect(retry.body.message).toMatch(/You must be 18 or over to play\. You may declare your date of birth again in 24 hours\./);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: u.id } })).dateOfBirth).toBeNull();
    // A day later the account may declare again.
    const { declareAge } = await import("../../src/server/services/safer-play");
    const later = new Date(Date.now() + 24 * 3600_000 + 1000);
    await expect(declareAge(t.db, u.id, "1990-05-17", later)).resolves.toMatchObject({ ageDeclared: true });
  });
});
