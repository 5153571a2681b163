import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spin } from "../../src/server/services/wheel";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser } from "../helpers/fixtures";
import { clientSeedFor, forceSeed, ledgerMatchesBalance } from "../helpers/wheel";
import { checkLedgerInvariants } from "../../src/server/services/money";

describe("wheel under concurrency (PostgreSQL)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 20 });
  });
  afterAll(() => t.close());

  it("20 concurrent free spins: exactly one succeeds", async () => {
    const user = await createUser(t.db);
    // The one spin that wins the race lands on LOSE, so no TRY AGAIN re-spin can legitimately follow.
    await forceSeed(t.db, user.id, await clientSeedFor(["lose"]));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => spin(t.db, user.id, false)));
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(String(r.reason)).toMatch(/No free spin available/);
    expect(await t.db.wheelSpin.count({ where: { userId: user.id } })).toBe(1);
    const seed = await t.db.wheelSeed.findFirstOrThrow({ where: { userId: user.id, revealedAt: null } });
    expect(seed.nextNonce).toBe(1);
  });

  it("20 concurrent paid spins on a small balance: never negative, nonces unique, ledger equals balance", async () => {
    const user = await createUser(t.db, { balance: "0.005" });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => spin(t.db, user.id, true)));
    for (const r of results) {
      if (r.status === "rejected") expect(String(r.reason)).toMatch(/Insufficient balance/);
    }
    const spins = await t.db.wheelSpin.findMany({ where: { userId: user.id } });
    expect(new Set(spins.map((s) => s.nonce)).size).toBe(spins.length);
    const paidDebits = await t.db.ledgerEntry.count({ where: { userId: user.id, kind: "wheel_spin" } });
    expect(paidDebits).toBe(spins.filter((s) => !s.isRespin).length);
    const m = await ledgerMatchesBalance(t.db, user.id);
    expect(m.ledger).toBe(m.balance);
    expect(Number(m.balance)).toBeGreaterThanOrEqual(0);
  });

  it("concurrent first requests create exactly one active seed", async () => {
    const user = await createUser(t.db, { balance: "1" });
    await Promise.all(Array.from({ length: 10 }, () => spin(t.db, user.id, true)));
    expect(await t.db.wheelSeed.count({ where: { userId: user.id } })).toBe(1);
  });

  it("leaves every ledger invariant intact (npm run check:ledger)", async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
