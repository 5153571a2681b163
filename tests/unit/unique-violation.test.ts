/**
 * One reading of "a unique key refused this row" for both databases (src/server/platform/unique-violation.ts):
 * Prisma's P2002 (adapter-pg, and pglite-prisma-adapter when it recognises the driver's error), the
 * adapter's own error kind, and PostgreSQL's 23505 as Prisma passes it on when the adapter does not
 * recognise the error (the embedded database under `npm start`), or as a driver throws it.
 */
import { describe, expect, it } from "vitest";
import { isUniqueViolation, uniqueViolation } from "../../src/server/platform/unique-violation";

describe("unique violations", () => {
  it("are recognised in every shape either database reports them, with the columns when named", () => {
    const p2002 = { name: "PrismaClientKnownRequestError", code: "P2002", meta: { modelName: "User", target: ["email"] } };
    const adapter = {
      code: "P2002",
      meta: {
        modelName: "User",
        driverAdapterError: {
          cause: { originalCode: "23505", kind: "UniqueConstraintViolation", constraint: { fields: ["email"] } },
        },
      },
    };
    // pglite-prisma-adapter handed an error of another copy of @electric-sql/pglite: Prisma reports SQLSTATE itself.
    const raw = { name: "PrismaClientKnownRequestError", code: "23505", meta: { modelName: "User" } };
    const driver = {
      code: "23505",
      severity: "ERROR",
      message: 'duplicate key value violates unique constraint "User_email_key"',
    };
    const wrapped = { message: "Transaction failed", cause: raw };
    expect(uniqueViolation(p2002)).toEqual({ fields: ["email"] });
    expect(uniqueViolation(adapter)).toEqual({ fields: ["email"] });
    expect(uniqueViolation(raw)).toEqual({ fields: [] });
    expect(uniqueViolation(driver)).toEqual({ fields: [] });
    expect(uniqueViolation(wrapped)).toEqual({ fields: [] });
    for (const e of [p2002, adapter, raw, driver, wrapped]) expect(isUniqueViolation(e, "email")).toBe(true);
    // A key over other columns is not the one asked about; an unnamed key may be any (the caller's write has one).
    expect(isUniqueViolation(p2002, "code")).toBe(false);
    expect(isUniqueViolation(raw, "code")).toBe(true);
  });

  it("other errors are not", () => {
    for (const e of [
      null,
      undefined,
      "23505",
      new Error("duplicate key"),
      { code: "P2003" },
      { code: "23503", severity: "ERROR" },
      { code: "P2034" },
      { meta: { driverAdapterError: { cause: { kind: "ForeignKeyConstraintViolation", originalCode: "23503" } } } },
    ]) {
      expect(uniqueViolation(e)).toBeNull();
    }
  });
});
