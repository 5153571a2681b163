import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSUFFICIENT_BALANCE_MESSAGE, NO_FREE_SPIN_MESSAGE, SPIN_RATE_LIMIT } from "../../src/server/services/wheel";
import { sha256Hex } from "../../src/shared/draw";
import { DEFAULT_WHEEL_CONFIG, drawWheel } from "../../src/shared/wheel";
import { setWheelConfig } from "../../src/server/services/wheel/config";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, rest } from "../helpers/fixtures";
import { clientSeedFor, forceSeed, ledgerMatchesBalance } from "../helpers/wheel";

describe(`wheel (${dbKind()})`, () => {
  let t: TestDb;
  let loseSeed: string;
  let prizeSeed: string;
  let retryThenLose: string;
  beforeAll(async () => {
    t = await createTestDb();
    [loseSeed, prizeSeed, retryThenLose] = await Promise.all([
      clientSeedFor(["lose", "lose"]),
      clientSeedFor(["prize"]),
      clientSeedFor(["retry", "lose"]),
    ]);
  });
  afterAll(() => t.close());

  it("wheel.teaser: the home's teaser texts, built on the server from the configuration an admin saved", async () => {
    const user = await createUser(t.db);
    const caller = await callerFor(t.db, user);
    expect(await caller.wheel.teaser()).toEqual({
      teaser: "One free spin every 24 hours. Extra spins only $0.001.",
      prizes: ["$0.02", "$0.05", "$0.10"],
      jackpot: "$0.10",
      hasRetry: true,
    });
    const segments = DEFAULT_WHEEL_CONFIG.segments.filter((s) => s.outcome !== "retry" && s.prize !== "0.10");
    await setWheelConfig(t.db, { ...DEFAULT_WHEEL_CONFIG, spinPrice: "0.002", segments });
    try {
      expect(await caller.wheel.teaser()).toEqual({
        teaser: "One free spin every 24 hours. Extra spins only $0.002.",
        prizes: ["$0.02", "$0.05"],
        jackpot: "$0.05",
        hasRetry: false,
      });
    } finally {
      await setWheelConfig(t.db, DEFAULT_WHEEL_CONFIG);
    }
  });

  it("GET /api/wheel/status needs a session, then answers balance string, canSpinFree and nextFreeSpinAt", async () => {
    const anon = await rest(t.db, "GET", "/api/wheel/status");
    expect(anon.status).toBe(401);
    expect(anon.body.message).toMatch(/Unauthorized/);
    const user = await createUser(t.db, { balance: "1.5" });
    const res = await rest(t.db, "GET", "/api/wheel/status", { user });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ balance: "1.50", canSpinFree: true, nextFreeSpinAt: null });
  });

  it("one free spin per 24 hours (server clock), then the spin is refused with a message", async () => {
    const user = await createUser(t.db);
    await forceSeed(t.db, user.id, loseSeed);
    const first = await rest(t.db, "POST", "/api/wheel/spin", { user, body: { isPaid: false } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ isPaid: false, isRespin: false, segmentLabel: "LOSE", prize: "0.00", canSpinFree: false });
    expect(first.body.message).toBe("You Lost! Better luck next time! Try spinning again.");
    expect(new Date(first.body.nextFreeSpinAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const second = await rest(t.db, "POST", "/api/wheel/spin", { user, body: { isPaid: false } });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: NO_FREE_SPIN_MESSAGE });

    // 23 hours later: still refused; 24 hours later: allowed.
    await t.db.$executeRaw`UPDATE "User" SET "lastFreeSpinAt" = now() - interval '23 hours' WHERE "id" = ${user.id}`;
    expect((await rest(t.db, "POST", "/api/wheel/spin", { user, body: { isPaid: false } })).status).toBe(409);
    await t.db.$executeRaw`UPDATE "User" SET "lastFreeSpinAt" = now() - interval '24 hours 1 second' WHERE "id" = ${user.id}`;
    const status = await rest(t.db, "GET", "/api/wheel/status", { user });
    expect(status.body.canSpinFree).toBe(true);
    const third = await rest(t.db, "POST", "/api/wheel/spin", { user, body: { isPaid: false } });
    expect(third.status).toBe(200);
    expect(await t.db.ledgerEntry.count({ where: { userId: user.id } })).toBe(0); // free losses move no money
  });

  it("a paid spin debits $0.001 through the ledger; without balance it is refused", async () => {
    const user = await createUser(t.db, { balance: "0.001" });
    await forceSeed(t.db, user.id, loseSeed);
    const caller = await callerFor(t.db, user);
    const res = await caller.wheel.spin({ isPaid: true });
    expect(res).toMatchObject({ isPaid: true, cost: "0.001", prize: "0.00", balance: "0.00", segmentLabel: "LOSE" });
    const rows = await t.db.ledgerEntry.findMany({ where: { userId: user.id, kind: "wheel_spin" } });
    expect(rows.map((r) => [r.amount.toFixed(3), r.reference])).toEqual([["-0.001", res.spinId]]);

    const refused = await rest(t.db, "POST", "/api/wheel/spin", { user, body: { isPaid: true } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: INSUFFICIENT_BALANCE_MESSAGE });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).balance.toFixed(3)).toBe("0.000");
    expect(await ledgerMatchesBalance(t.db, user.id)).toEqual({ balance: "0.000", ledger: "0.000" });
  });

  it("a prize is credited (wheel_prize) in the same spin", async () => {
    const user = await createUser(t.db, { balance: "0.01" });
    await forceSeed(t.db, user.id, prizeSeed);
    const caller = await callerFor(t.db, user);
    const res = await caller.wheel.spin({ isPaid: true });
    expect(res.outcome).toBe("prize");
    const prize = DEFAULT_WHEEL_CONFIG.segments[res.segmentIndex]!.prize;
    expect(res.message).toBe(`Congratulations! You won $${res.prize}!`);
    const expected = (10 - 1 + Number(prize) * 1000) / 1000;
    expect(Number(res.balance)).toBeCloseTo(expected, 9);
    const credit = await t.db.ledgerEntry.findUniqueOrThrow({
      where: { kind_reference: { kind: "wheel_prize", reference: res.spinId } },
    });
    expect(credit.amount.toFixed(2)).toBe(Number(prize).toFixed(2));
    const m = await ledgerMatchesBalance(t.db, user.id);
    expect(m.ledger).toBe(m.balance);
  });

  it("TRY AGAIN grants exactly one free re-spin of the same kind", async () => {
    const user = await createUser(t.db, { balance: "0.001" });
    await forceSeed(t.db, user.id, retryThenLose);
    const caller = await callerFor(t.db, user);
    const first = await caller.wheel.spin({ isPaid: true });
    expect(first).toMatchObject({
      outcome: "retry",
      segmentLabel: "TRY AGAIN",
      pendingRespin: "paid",
      canSpinFree: true,
      balance: "0.00",
    });
    expect(first.message).toBe("Try Again! You can try again!");
    // the re-spin costs nothing even though the balance is 0
    const respin = await caller.wheel.spin({ isPaid: true });
    expect(respin).toMatchObject({ isPaid: true, isRespin: true, cost: "0.00", pendingRespin: null, outcome: "lose" });
    await expect(caller.wheel.spin({ isPaid: true })).rejects.toThrow(INSUFFICIENT_BALANCE_MESSAGE);
    expect(await t.db.ledgerEntry.count({ where: { userId: user.id, kind: "wheel_spin" } })).toBe(1);
  });

  it("update-balance never changes the balance; it returns the current one", async () => {
    const user = await createUser(t.db, { balance: "0.5" });
    const res = await rest(t.db, "POST", "/api/wheel/update-balance", { user, body: { amount: 1000 } });
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe("0.50");
    const neg = await rest(t.db, "POST", "/api/wheel/update-balance", { user, body: { amount: -0.5 } });
    expect(neg.body.balance).toBe("0.50");
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).balance.toFixed(2)).toBe("0.50");
    expect(await t.db.ledgerEntry.count({ where: { userId: user.id } })).toBe(1); // only the fixture top-up
  });

  it("rejects a spin body without isPaid with 400 {message}", async () => {
    const user = await createUser(t.db);
    const res = await rest(t.db, "POST", "/api/wheel/spin", { user, body: { isPaid: "yes" } });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });

  it("many spins: balance equals the ledger sum and every spin verifies after rotation", async () => {
    const user = await createUser(t.db, { balance: "0.02" });
    const caller = await callerFor(t.db, user);
    const before = await caller.wheel.fairness();
    expect(before.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    await caller.wheel.setClientSeed({ clientSeed: "my-lucky-seed" });
    let spins = 0;
    for (let i = 0; i < 12; i++) {
      try {
        await caller.wheel.spin({ isPaid: true });
        spins++;
      } catch (e) {
        expect(String(e)).toContain(INSUFFICIENT_BALANCE_MESSAGE);
      }
    }
    expect(spins).toBeGreaterThan(0);
    const m = await ledgerMatchesBalance(t.db, user.id);
    expect(m.ledger).toBe(m.balance);

    const hidden = await caller.wheel.history();
    expect(hidden.every((s) => s.serverSeed === null && s.clientSeed === "my-lucky-seed")).toBe(true);
    const { revealed, next } = await caller.wheel.rotateSeed();
    expect(revealed.serverSeedHash).toBe(before.serverSeedHash);
    expect(await sha256Hex(revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(next.serverSeedHash).not.toBe(before.serverSeedHash);
    expect(next).toMatchObject({ clientSeed: "my-lucky-seed", nextNonce: 0 });
    const history = await caller.wheel.history();
    expect(history).toHaveLength(spins);
    for (const s of history) {
      expect(s.serverSeed).toBe(revealed.serverSeed);
      const d = await drawWheel(s.serverSeed!, s.clientSeed, s.nonce, DEFAULT_WHEEL_CONFIG);
      expect(d.segmentIndex).toBe(s.segmentIndex);
    }
  });

  it("client seed must be 1-64 safe characters", async () => {
    const user = await createUser(t.db);
    const caller = await callerFor(t.db, user);
    await expect(caller.wheel.setClientSeed({ clientSeed: "bad seed:1" })).rejects.toThrow(/Client seed/);
  });

  it("rate-limits spins per user (429 with a message)", async () => {
    const user = await createUser(t.db);
    await t.db.rateLimit.create({
      data: { key: `wheel:spin:${user.id}`, points: SPIN_RATE_LIMIT.points, expiresAt: new Date(Date.now() + 60_000) },
    });
    const res = await rest(t.db, "POST", "/api/wheel/spin", { user, body: { isPaid: false } });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/Too many spins/);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).lastFreeSpinAt).toBeNull();
  });

  it("economics: admins only; default config pays out more than a paid spin costs", async () => {
    const player = await createUser(t.db);
    await expect((await callerFor(t.db, player)).wheel.economics()).rejects.toThrow(/Admin/);
    const admin = await createUser(t.db, { role: "owner" });
    const e = await (await callerFor(t.db, admin)).wheel.economics();
    expect(e.isDefault).toBe(true);
    expect(e.expected.expectedPayoutPerPaidSpin).toBeCloseTo(0.004625, 12);
    expect(e.expected.paysMoreThanCost).toBe(true);
    expect(e.actual.spins).toBeGreaterThan(0);
  });
});
