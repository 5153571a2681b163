/**
 * Racing writers of one unique key on PostgreSQL: the key decides, and every loser answers 409 with
 * the rule, never 500 (src/server/platform/unique-violation.ts). Same-email sign-ups in other
 * capitals, and two admins creating the same promo code (both pass the look-up before either commits).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_QUESTIONS } from "../../src/shared/constants";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";

describe("unique keys under concurrency (postgres)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 20 });
  });
  afterAll(() => t.close());

  it("6 sign-ups of one e-mail in different capitals at once: one account, five 409", async () => {
    const emails = [
      "race@example.com",
      "RACE@example.com",
      "Race@Example.com",
      "race@EXAMPLE.com",
      "RaCe@example.com",
      "race@example.COM",
    ];
    const results = await Promise.all(
      emails.map((email) =>
        rest(t.db, "POST", "/api/auth/signup", {
          body: {
            firstName: "Pat",
            lastName: "Lee",
            email,
            password: "secret123",
            confirmPassword: "secret123",
            securityQuestion: SECURITY_QUESTIONS[0],
            securityAnswer: "rex",
          },
          headers: { "x-forwarded-for": `10.1.0.${emails.indexOf(email)}` },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await t.db.user.count({ where: { email: "race@example.com" } })).toBe(1);
  });

  it("6 admins creating the same promo code at once: one code, five 409", async () => {
    const admins = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db, { role: "owner" })));
    const results = await Promise.all(
      admins.map((user) =>
        rest(t.db, "POST", "/api/admin/promo-codes", { user, body: { code: "RACE10", kind: "percent", percentOff: 10 } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409))
      expect(r.body).toEqual({ message: "Promo code RACE10 already exists" });
    expect(await t.db.promoCode.count({ where: { code: "RACE10" } })).toBe(1);
  });
});
