/**
 * DomainError is recognised across copies of src/server/platform/errors.ts: Next bundles it into each route
 * and into src/instrumentation.ts, and an error thrown by the copy behind a shared cache must still
 * answer its own status (a 404), not a 500.
 */
import { describe, expect, it, vi } from "vitest";
import { DomainError, notFound } from "../../src/server/platform/errors";
import { InsufficientBalanceError } from "../../src/server/services/kernel";

describe("DomainError across module copies", () => {
  it("is a DomainError to every copy of the module; subclasses keep their own check", async () => {
    vi.resetModules();
    const copy = await import("../../src/server/platform/errors");
    expect(copy.DomainError).not.toBe(DomainError);
    const fromCopy = copy.notFound("Contest not found");
    expect(fromCopy instanceof DomainError).toBe(true);
    expect(notFound("x") instanceof copy.DomainError).toBe(true);
    expect(fromCopy instanceof InsufficientBalanceError).toBe(false);
    expect(new Error("plain") instanceof DomainError).toBe(false);
    expect((null as unknown) instanceof DomainError).toBe(false);
    expect({ code: "NOT_FOUND", message: "look-alike" } instanceof DomainError).toBe(false);
  });
});
