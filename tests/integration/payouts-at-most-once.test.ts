/**
 * Payouts at most once, through the real OxaPay payout client against a local stand-in
 * answering in OxaPay's documented v1 shapes (Generate Payout, Payout History, Payout Information):
 * an accepted payout whose answer comes after our timeout is found by its description and adopted,
 * never sent twice; a crash between the approval's commit and the send is recovered by the job that
 * committed with it; a processing row without a live job is found by the sweeper.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { OxaPayPayoutGateway } from "../../src/server/gateways/payouts";
import { sweepStrandedPayouts } from "../../src/server/jobs/payout-sweeper";
import type { JobQueue } from "../../src/server/jobs/queue";
import { SandboxGateway } from "../../src/server/gateways/sandbox/payments";
import {
  checkLedgerInvariants,
  reconcileWithGateway,
  approveWithdrawal,
  PAYOUT_JOB,
  runPayoutJob,
} from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";
import { testQueue, waitFor } from "../helpers/jobs";
import { OxaPayPayoutStandIn } from "../helpers/oxapay-payout-stand-in";

const KEY = "test-payout-key";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe(`payouts at most once (${dbKind()})`, () => {
  let t: TestDb;
  let queue: JobQueue;
  let player: User;
  let admin: User;
  /** OxaPay's payout API: records every payout it accepted (what OxaPay would have sent). */
  const standIn = new OxaPayPayoutStandIn(KEY);

  beforeAll(async () => {
    t = await createTestDb();
    player = await createUser(t.db, { balance: "500" });
    admin = await createUser(t.db, { role: "owner" });
    await standIn.start();
    queue = testQueue(t);
  });
  afterAll(async () => {
    await queue.stop(2_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await standIn.stop();
    await t.close();
  });

  const gateway = (timeoutMs = 2_000) => new OxaPayPayoutGateway({ payoutApiKey: KEY, baseUrl: standIn.base, timeoutMs });
  const requestWithdrawal = async (amount = "50") =>
    (
      await rest(t.db, "POST", "/api/withdrawals", {
        user: player,
        body: { amount, cryptoCurrency: "USDT", network: "TRC20", address: TRON },
      })
    ).body as { id: string };
  const sentFor = (id: string) => standIn.sendsFor(`withdrawal ${id}`);

  it("OxaPay accepts the payout but answers after our timeout: the job finds it by its description and adopts it; exactly one payout is sent", async () => {
    const w = await requestWithdrawal();
    standIn.hold(); // accepted at once, answered only after our 1.5 s timeout
    const res = await approveWithdrawal(t.db, admin.id, w.id, { origin: "https://app.example", gateway: gateway(1_500) });
    standIn.release();
    expect(res.withdrawal.status).toBe("processing");
    const row = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(row.trackId).toBeNull();
    expect(row.outcomeUnknownSince).not.toBeNull();
    expect(row.payoutRequest).toMatchObject({
      amount: 50,
      currency: "USDT",
      network: "TRC20",
      description: `withdrawal ${w.id}`,
    });
    await waitFor(() => sentFor(w.id) === 1, 5_000, "the stand-in to accept");
    // The retry job: looks up, never sends blind (the old code sent a second 50 USDT here).
    await runPayoutJob(t.db, { id: w.id, origin: "https://app.example" }, { retryCount: 1 }, { gateway: gateway() });
    await runPayoutJob(t.db, { id: w.id, origin: "https://app.example" }, { retryCount: 2 }, { gateway: gateway() });
    expect(sentFor(w.id)).toBe(1);
    const after = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(after).toMatchObject({
      status: "processing",
      trackId: standIn.accepted.find((p) => p.description === `withdrawal ${w.id}`)?.track_id,
    });
    expect(after.outcomeUnknownSince).toBeNull();
  });

  it("a crash between the approval's commit and the send: the job committed with the approval sends it, once", async () => {
    queue.register<{ id: string; origin: string }>(
      PAYOUT_JOB,
      (data, job) => runPayoutJob(t.db, data, job, { gateway: gateway() }),
      {
        retryLimit: 5,
        retryDelaySeconds: 1,
        policy: "short",
      },
    );
    await queue.prepare(PAYOUT_JOB);
    const w = await requestWithdrawal("20");
    // sendNow: false = the process died right after the commit.
    await approveWithdrawal(t.db, admin.id, w.id, {
      origin: "https://app.example",
      gateway: gateway(),
      sendNow: false,
      enqueueInTx: (tx, data) => queue.enqueueInTx(tx, PAYOUT_JOB, data, { singletonKey: data.id }),
    });
    expect(sentFor(w.id)).toBe(0);
    const jobs = await t.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${PAYOUT_JOB} AND singleton_key = ${w.id}`;
    expect(jobs[0]?.n).toBe(1);
    await queue.work();
    await waitFor(
      async () => Boolean((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).trackId),
      20_000,
      "the job",
    );
    expect(sentFor(w.id)).toBe(1);
  });

  it("a rolled-back approval leaves no job behind", async () => {
    const w = await requestWithdrawal("10");
    await expect(
      t.db.$transaction(async (tx) => {
        await queue.enqueueInTx(
          tx,
          PAYOUT_JOB,
          { id: w.id, origin: "x" },
          { singletonKey: `rolled-${w.id}`, startAfterSeconds: 3600 },
        );
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const jobs = await t.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE singleton_key = ${`rolled-${w.id}`}`;
    expect(jobs[0]?.n).toBe(0);
  });

  it("a processing withdrawal without a live job (stranded before this fix) is found by the sweeper and sent once", async () => {
    const w = await requestWithdrawal("15");
    await t.db.withdrawal.update({
      where: { id: w.id },
      data: { status: "processing", processedById: admin.id, processedAt: new Date() },
    });
    const enqueue = (data: { id: string; origin: string }) => queue.enqueue(PAYOUT_JOB, data, { singletonKey: data.id });
    const first = await sweepStrandedPayouts(t.db, enqueue, "https://app.example", { quietSeconds: 0 });
    expect(first).toEqual([w.id]);
    await waitFor(
      async () => Boolean((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).trackId),
      20_000,
      "the swept job",
    );
    expect(sentFor(w.id)).toBe(1);
    // Recorded at the gateway: nothing left to sweep.
    expect(await sweepStrandedPayouts(t.db, enqueue, "https://app.example", { quietSeconds: 0 })).toEqual([]);
  });

  it("the daily reconciliation settles a payout OxaPay confirmed, and lists a duplicate payout and a payout OxaPay does not have in the review queue, once", async () => {
    const w = await requestWithdrawal("12");
    await approveWithdrawal(t.db, admin.id, w.id, { origin: "https://app.example", gateway: gateway() });
    const row = await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(row.status).toBe("processing");
    // OxaPay confirmed it, and (as the old blind retry did) holds a second payout for the same withdrawal.
    const sent = standIn.accepted.find((p) => p.description === `withdrawal ${w.id}`);
    if (!sent) throw new Error("the payout was not sent");
    sent.status = "confirmed";
    standIn.accepted.push({ ...sent, track_id: "999000111" });
    // A payout we recorded that OxaPay's history does not hold.
    const ghost = await requestWithdrawal("11");
    await t.db.withdrawal.update({
      where: { id: ghost.id },
      data: { status: "processing", trackId: "ghost-1", provider: "oxapay", processedAt: new Date(), processedById: admin.id },
    });
    const run = () =>
      reconcileWithGateway(t.db, {
        gateway: new SandboxGateway("k".repeat(32)),
        payoutGateway: gateway(),
        days: 1,
        settleMinutes: 0,
        now: new Date(Date.now() + 60_000),
      });
    const first = await run();
    expect(first.settled).toBeGreaterThanOrEqual(1);
    expect((await t.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe("paid");
    const keys = (await t.db.reviewItem.findMany({ where: { kind: "reconcile_difference" } })).map((r) => r.dedupeKey);
    expect(keys).toEqual(expect.arrayContaining([`reconcile:payout-duplicate:${w.id}`, `reconcile:payout-missing:${ghost.id}`]));
    const again = await run();
    expect(again.differences).toBe(0);
  });
});
