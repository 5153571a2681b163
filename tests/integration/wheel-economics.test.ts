import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { PAID_SPINS_OFF_MESSAGE } from "../../src/server/services/wheel";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { DEFAULT_WHEEL_CONFIG, type WheelConfig } from "../../src/shared/wheel";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, rest } from "../helpers/fixtures";

/** Every draw lands on the $0.10 segment (all other weights 0). */
const allJackpot: WheelConfig = {
  ...DEFAULT_WHEEL_CONFIG,
  spinPrice: "1",
  segments: DEFAULT_WHEEL_CONFIG.segments.map((s) => ({ ...s, weight: s.prize === "0.10" ? 1 : 0 })),
};

describe(`wheel economics under control (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.WHEEL_DAILY_PAYOUT_CAP;
  });

  it("shows odds, prices and the server-computed RTP; RTP >= 100% is saved only with explicit confirmation", async () => {
    const a = await callerFor(t.db, admin);
    const e = await a.wheel.economics();
    expect(e.expected.returnToPlayer).toBeCloseTo(4.625, 9);
    expect(e).toMatchObject({ paidSpinsEnabled: true, dailyPayoutCap: "5.00" });

    const generous = { ...DEFAULT_WHEEL_CONFIG, spinPrice: "0.002" }; // RTP 231.25%
    await expect(a.wheel.setEconomics(generous)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Return to player would be 231.25%"),
    });
    expect((await a.wheel.economics()).config.spinPrice).toBe("0.001"); // nothing saved
    const saved = await a.wheel.setEconomics({ ...generous, confirmRtp: true });
    expect(saved.config.spinPrice).toBe("0.002");

    // A house-edge configuration saves without confirmation; RTP is recomputed by the server.
    const fair = await a.wheel.setEconomics({ ...DEFAULT_WHEEL_CONFIG, spinPrice: "0.01" });
    expect(fair.expected.returnToPlayer).toBeCloseTo(0.4625, 9);
    expect(fair.expected.paysMoreThanCost).toBe(false);
    // Through REST-less admin only: a player is refused.
    const player = await createUser(t.db);
    await expect(
      (await callerFor(t.db, player)).wheel.setEconomics({ ...DEFAULT_WHEEL_CONFIG, spinPrice: "0.01" }),
    ).rejects.toThrow(/Admin/);
  });

  it("paid spins can be switched off (free daily spin only)", async () => {
    const a = await callerFor(t.db, admin);
    await a.wheel.setEconomics({ ...DEFAULT_WHEEL_CONFIG, spinPrice: "0.01", paidSpinsEnabled: false });
    expect((await a.wheel.economics()).paidSpinsEnabled).toBe(false);
    const p = await createUser(t.db, { balance: "5" });
    const paid = await rest(t.db, "POST", "/api/wheel/spin", { user: p, body: { isPaid: true } });
    expect(paid).toMatchObject({ status: 403, body: { message: PAID_SPINS_OFF_MESSAGE } });
    const free = await rest(t.db, "POST", "/api/wheel/spin", { user: p, body: { isPaid: false } });
    expect(free.status).toBe(200);
    await a.wheel.setEconomics({ ...DEFAULT_WHEEL_CONFIG, spinPrice: "0.01", paidSpinsEnabled: true });
    expect((await rest(t.db, "POST", "/api/wheel/spin", { user: p, body: { isPaid: true } })).status).toBe(200);
  });

  it("WHEEL_DAILY_PAYOUT_CAP caps a player's wheel winnings over 24 h", async () => {
    process.env.WHEEL_DAILY_PAYOUT_CAP = "0.15";
    const a = await callerFor(t.db, admin);
    await a.wheel.setEconomics({ ...allJackpot, confirmRtp: true });
    const p = await createUser(t.db, { balance: "10" });
    const spin = (isPaid: boolean) => rest(t.db, "POST", "/api/wheel/spin", { user: p, body: { isPaid } });
    const first = await spin(false);
    expect(first.body).toMatchObject({ prize: "0.10" });
    const second = await spin(true);
    expect(second.body.prize).toBe("0.05");
    expect(second.body.message).toContain("Daily wheel winnings cap of $0.15 reached: $0.05 credited");
    const third = await spin(true);
    expect(third.body.prize).toBe("0.00");
    const won = await t.db.ledgerEntry.aggregate({ where: { userId: p.id, kind: "wheel_prize" }, _sum: { amount: true } });
    expect(won._sum.amount?.toString()).toBe("0.15");
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await a.wheel.setEconomics({ ...DEFAULT_WHEEL_CONFIG, confirmRtp: true });
  });
});
