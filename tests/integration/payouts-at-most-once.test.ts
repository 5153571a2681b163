/**
 * Payouts at most once, through the real OxaPay payout client against a local stand-in
 * answering in OxaPay's documented v1 shapes (Generate Payout, Payout History, Payout Information):
 * an accepted payout whose answer comes after our timeout is found by its description and adopted,
 * never sent twice; a crash between the approval's commit and the send is recovered by the job that
 * committed with it; a processing row without a live job is found by the sweeper.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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

const KEY = "test-payout-key";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe(`payouts at most once (${dbKind()})`, () => {
  let t: TestDb;
  let server: Server;
  let base = "";
  let queue: JobQueue;
  let player: User;
  let admin: User;
  /** Every payout the stand-in accepted: what OxaPay would have sent. */
  const accepted: { track_id: string; description: string; amount: number; status: string; date: number }[] = [];
  let answerAfterMs = 0;
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = "";
      req.on("data", (c) => {
        s += c;
      });
      req.on("end", () => resolve(s));
    });

  beforeAll(async () => {
    t = await createTestDb();
    player = await createUser(t.db, { balance: "500" });
    admin = await createUser(t.db, { role: "admin" });
    server = createServer(async (req, res) => {
      const text = await readBody(req);
      res.setHeader("content-type", "application/json");
      const ok = (data: unknown) =>
        res.end(JSON.stringify({ data, message: "Operation completed successfully!", error: {}, status: 200, version: "1.0.0" }));
      if (req.headers.payout_api_key !== KEY) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ data: {}, message: "Invalid payout API key", error: {}, status: 401 }));
      }
      const url = new URL(req.url ?? "/", "http://x");
      if (req.method === "POST" && url.pathname === "/v1/payout") {
        const body = JSON.parse(text);
        const payout = {
          track_id: String(258298351 + accepted.length),
          description: body.description,
          amount: body.amount,
          status: "processing",
          date: Math.floor(Date.now() / 1000),
        };
        accepted.push(payout); // accepted at once: the money leaves whether or not we hear back
        if (answerAfterMs) await new Promise((r) => setTimeout(r, answerAfterMs));
        return ok({ track_id: payout.track_id, status: "processing" });
      }
      if (req.method === "GET" && url.pathname === "/v1/payout") {
        // Payout History: { list, meta } filtered by from_date / to_date (unix seconds).
        const from = Number(url.searchParams.get("from_date") ?? 0);
        const to = Number(url.searchParams.get("to_date") ?? Number.MAX_SAFE_INTEGER);
        const list = accepted
          .filter((p) => p.date >= from && p.date <= to)
          .map((p) => ({
            ...p,
            address: TRON,
            currency: "USDT",
            network: "TRC20",
            fee: 1,
            tx_hash: "",
            internal: false,
            memo: "",
          }));
        return ok({ list, meta: { page: 1, last_page: 1, total: list.length } });
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ data: {}, message: "Not found", error: {}, status: 404 }));
    });
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    queue = testQueue(t);
  });
  afterAll(async () => {
    await queue.stop(2_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await t.close();
  });

  const gateway = (timeoutMs = 2_000) => new OxaPayPayoutGateway({ payoutApiKey: KEY, baseUrl: base, timeoutMs });
  const requestWithdrawal = async (amount = "50") =>
    (
      await rest(t.db, "POST", "/api/withdrawals", {
        user: player,
        body: { amount, cryptoCurrency: "USDT", network: "TRC20", address: TRON },
      })
    ).body as { id: string };
  const sentFor = (id: string) => accepted.filter((p) => p.description === `withdrawal ${id}`).length;

  it("OxaPay accepts the payout but answers after our timeout: the job finds it by its description and adopts it; exactly one payout is sent", async () => {
    const w = await requestWithdrawal();
    answerAfterMs = 3_000;
    const res = await approveWithdrawal(t.db, admin.id, w.id, { origin: "https://app.example", gateway: gateway(1_500) });
    answerAfterMs = 0;
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
      trackId: accepted.find((p) => p.description === `withdrawal ${w.id}`)?.track_id,
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
    for (const p of accepted) if (p.description === `withdrawal ${w.id}`) p.status = "confirmed";
    accepted.push({
      track_id: "999000111",
      description: `withdrawal ${w.id}`,
      amount: 12,
      status: "confirmed",
      date: Math.floor(Date.now() / 1000),
    });
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
