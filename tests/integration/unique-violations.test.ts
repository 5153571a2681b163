/**
 * A unique key refusing a row answers 409 with the rule, never 500, on both databases and on the
 * embedded database as `npm start` opens it: src/server/edge/server.mjs opens PGlite for its migration check
 * through another copy of @electric-sql/pglite (tsx's loader) than the one pglite-prisma-adapter
 * compares errors with, so the adapter passes PostgreSQL's raw error on and Prisma reports `23505`
 * instead of P2002. The second test opens PGlite the same way (the package's other build, CommonJS)
 * and goes through the REST adapter in-process: a build and a served app would test the same lines
 * at the cost of a `next build` (e2e/auth.spec.ts checks the served app on the embedded database).
 */
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "../../src/server/platform/db";
import { SECURITY_QUESTIONS } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";

const signupBody = (email: string) => ({
  firstName: "Pat",
  lastName: "Lee",
  email,
  password: "secret123",
  confirmPassword: "secret123",
  securityQuestion: SECURITY_QUESTIONS[0],
  securityAnswer: "rex",
});
const promo = { code: "TWICE10", kind: "percent", percentOff: 10 };

async function expectConflicts(db: DatabaseHandle["db"]) {
  const admin = await createUser(db, { role: "owner" });
  expect((await rest(db, "POST", "/api/auth/signup", { body: signupBody("Twice.Over@example.com") })).status).toBe(201);
  const again = await rest(db, "POST", "/api/auth/signup", { body: signupBody("TWICE.OVER@Example.COM") });
  expect(again.status).toBe(409);
  expect(again.body).toEqual({ message: "An account with this email already exists" });
  expect(await db.user.count({ where: { email: "twice.over@example.com" } })).toBe(1);
  expect((await rest(db, "POST", "/api/admin/promo-codes", { user: admin, body: promo })).status).toBe(201);
  const dup = await rest(db, "POST", "/api/admin/promo-codes", { user: admin, body: promo });
  expect(dup.status).toBe(409);
  expect(dup.body).toEqual({ message: "Promo code TWICE10 already exists" });
}

describe(`a unique key refusing a row is 409, never 500 (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it("sign-up with an existing e-mail in other capitals, and a promo code that exists: 409 with the rule", async () => {
    await expectConflicts(t.db);
  });

  it("the same on the embedded database opened as npm start opens it (Prisma reports 23505, not P2002)", async () => {
    const { PGlite: OtherCopy } = createRequire(import.meta.url)("@electric-sql/pglite") as { PGlite: typeof PGlite };
    const pglite = new OtherCopy({ loadDataDir: new Blob([await fs.readFile(inject("pgliteDump"))]) });
    const handle = await openDatabase({ pglite });
    setDatabase(handle);
    try {
      // The shape that answered 500: proof that this database reports the raw code.
      await createUser(handle.db, { email: "raw@example.com" });
      const raw = await createUser(handle.db, { email: "raw@example.com" }).catch((e: { code?: string }) => e.code);
      expect(raw).toBe("23505");
      await expectConflicts(handle.db);
    } finally {
      await handle.close();
      setDatabase(t);
    }
  });
});
