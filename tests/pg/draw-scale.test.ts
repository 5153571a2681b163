/**
 * A big contest draws in bounded work, on PostgreSQL with entries grown by set-based SQL
 * (bench/scale-data.ts): End answers 200 with the winner drawn, no entry rewritten, the entry-list
 * hash the same as the shared code computes; the results fan-out (a pg-boss job) tells each entrant
 * exactly once, in one live event per batch, even when the job fails part-way and is retried; a
 * draw that fails keeps its reason for the admin and the verifier, and the retry job completes it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEntries, insertPlayers } from "../../bench/scale-data";
import type { User } from "../../src/generated/prisma/client";
import { createEventBus, type LiveEvent } from "../../src/server/events";
import { JOB, runDrawCompleteJob, runDrawFanoutJob } from "../../src/server/jobs/app-jobs";
import type { JobQueue } from "../../src/server/jobs/queue";
import { FANOUT_BATCH_PLAYERS, setDrawFollowUps } from "../../src/server/services/draws";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { entriesHashOf } from "../../src/shared/draw";
import { createTestDb, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { testQueue, waitFor } from "../helpers/jobs";
import { verifyDraw } from "../../scripts/tools/verify-draw";
import { startRestServer, type LocalServer } from "../helpers/servers";

const PLAYERS = 6_000;
const ENTRIES = 24_000;

describe("a big contest draws in bounded work (postgres)", () => {
  let t: TestDb;
  let q: JobQueue;
  let admin: User;
  let app: LocalServer;
  const queued: { fanOut: string[]; retry: string[] } = { fanOut: [], retry: [] };
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 10 });
    admin = await createUser(t.db, { role: "owner" });
    app = await startRestServer();
    q = testQueue(t);
    // What the app's queue does after a draw commits, recorded here so the test drives the job itself.
    setDrawFollowUps({
      fanOut: async (_db, id) => queued.fanOut.push(id),
      retry: async (_db, id) => queued.retry.push(id),
    });
  });
  afterAll(async () => {
    setDrawFollowUps(undefined);
    await q.stop(1000);
    await app.close();
    await t.close();
  });

  const exec = (sql: string) => t.db.$executeRawUnsafe(sql);
  const end = (id: string) => rest(t.db, "POST", `/api/admin/contests/${id}/status`, { body: { status: "ended" }, user: admin });

  it("End draws 24,000 entries at once, rewrites none, and the entry-list hash matches the shared code", async () => {
    const c = await createContest(t.db, { title: "Big Car", ticketPrice: "2" });
    await insertPlayers(exec, "big", PLAYERS);
    await insertEntries(exec, {
      tag: "big",
      contestId: c.id,
      players: PLAYERS,
      entries: ENTRIES,
      ticketsPerEntry: 5,
      ticketPrice: "2",
    });

    const res = await end(c.id);
    expect(res.status).toBe(200);
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(row).toMatchObject({ status: "ended", soldTickets: ENTRIES * 5, drawError: null });
    expect(row.drawnAt).not.toBeNull();
    const holder = await t.db.ticketEntry.findFirstOrThrow({
      where: { contestId: c.id, firstTicket: { lte: row.winningTicket! }, lastTicket: { gte: row.winningTicket! } },
    });
    expect(row.winnerId).toBe(holder.userId);
    expect(await t.db.ticketEntry.count({ where: { contestId: c.id, result: { not: null } } })).toBe(0);
    // The Merkle root the server built a chunk at a time is the shared code's over the same list.
    const entries = await t.db.ticketEntry.findMany({
      where: { contestId: c.id },
      select: { id: true, firstTicket: true, lastTicket: true },
    });
    expect(row.drawScheme).toBe(2);
    expect(await entriesHashOf(entries, 2)).toBe(row.entriesHash);
    // Nobody is told inside the draw: the fan-out is queued for after the commit.
    expect(await t.db.notification.count({ where: { type: "contest_result" } })).toBe(0);
    expect(queued.fanOut).toEqual([c.id]);
    // The winner's claim e-mail is the one written with the draw.
    expect(await t.db.emailOutbox.count({ where: { kind: "prize_claim_steps", userId: holder.userId } })).toBe(1);

    // Purchases derive won/lost from the winner.
    const winner = await t.db.user.findUniqueOrThrow({ where: { id: holder.userId } });
    const mine = (await rest(t.db, "GET", "/api/user/purchases", { user: winner })).body as { status: string }[];
    expect(mine.length).toBe(ENTRIES / PLAYERS);
    expect(mine.every((p) => p.status === "won")).toBe(true);
    const loser = await t.db.user.findFirstOrThrow({ where: { id: { startsWith: "big_u_", not: holder.userId } } });
    const theirs = (await rest(t.db, "GET", "/api/user/purchases", { user: loser })).body as { status: string }[];
    expect(theirs.every((p) => p.status === "lost")).toBe(true);

    // The record is a summary and one page: bounded however many entries the contest has.
    const rec = await fetch(`${app.url}/api/contests/${c.id}/draw`);
    const text = await rec.text();
    expect(text.length).toBeLessThan(200_000);
    const r = JSON.parse(text);
    expect(r.entries).toHaveLength(1000);
    expect(r.entriesNextCursor).toBe(4996); // the first ticket of the last entry shown
    expect(r.winningEntry).toMatchObject({ id: holder.id, firstTicket: holder.firstTicket });
    const page2 = (await rest(t.db, "GET", `/api/contests/${c.id}/draw?cursor=${r.entriesNextCursor}`)).body;
    expect(page2.entries[0].firstTicket).toBe(5001);
    const found = (await rest(t.db, "GET", `/api/contests/${c.id}/draw?ticket=77777&limit=1`)).body;
    expect(found.entries).toEqual([expect.objectContaining({ firstTicket: 77776, lastTicket: 77780 })]);
    // The downloadable list's lines are the leaves of the tree whose root is entriesHash (the verifier streams it).
    const file = await fetch(`${app.url}${r.entriesFile}`);
    expect(file.headers.get("content-type")).toContain("text/plain");
    const { merkleRootOfLines } = await import("../../src/shared/merkle");
    expect(await merkleRootOfLines((await file.text()).split("\n"))).toBe(row.entriesHash);

    const verified = await verifyDraw(app.url, c.id);
    expect(verified.lines.join("\n")).not.toContain("FAIL");
    expect(verified.ok).toBe(true);
    expect(verified.winnerName).toBe(r.winningEntry.name);
  });

  it("the fan-out job tells every entrant exactly once, one live event per batch, when it fails part-way and is retried", async () => {
    const contestId = queued.fanOut[0]!;
    const bus = await createEventBus(t);
    const events: Extract<LiveEvent, { kind: "notifications" }>[] = [];
    const unsubscribe = bus.subscribe((e) => {
      if (e.kind === "notifications") events.push(e);
    });
    // The batch holding player 4,321 fails (after its notifications were inserted) until the trigger goes.
    await exec(`CREATE FUNCTION fail_one_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW."userId" = 'big_u_0004321' THEN RAISE EXCEPTION 'mail server table locked'; END IF; RETURN NEW; END $$`);
    await exec(`CREATE TRIGGER fail_one_mail BEFORE INSERT ON "EmailOutbox" FOR EACH ROW EXECUTE FUNCTION fail_one_mail()`);

    q.register(JOB.drawFanout, runDrawFanoutJob, { retryLimit: 5, retryDelaySeconds: 1, retryBackoff: false, policy: "short" });
    await q.work();
    const jobId = await q.enqueue(JOB.drawFanout, { contestId }, { singletonKey: contestId });
    await waitFor(async () => ((await q.getJob(JOB.drawFanout, jobId!))?.retryCount ?? 0) >= 1, 30_000, "a failed attempt");
    const partial = await t.db.drawFanout.findUniqueOrThrow({ where: { contestId } });
    expect(partial.doneAt).toBeNull();
    expect(partial.notified).toBeGreaterThan(0);
    expect(partial.notified).toBeLessThan(PLAYERS);
    // What committed is whole batches: notifications and the cursor together.
    expect(await t.db.notification.count({ where: { type: "contest_result" } })).toBe(partial.notified);

    await exec(`DROP TRIGGER fail_one_mail ON "EmailOutbox"`);
    await waitFor(async () => (await q.getJob(JOB.drawFanout, jobId!))?.state === "completed", 60_000, "the retried fan-out");
    // A duplicate delivery of the job after it finished changes nothing.
    await runDrawFanoutJob({ contestId });

    const perUser = await t.db.$queryRawUnsafe<{ n: number; users: number }[]>(
      `SELECT count(*)::int AS n, count(DISTINCT "userId")::int AS users FROM "Notification" WHERE "type" = 'contest_result'`,
    );
    expect(perUser[0]).toEqual({ n: PLAYERS, users: PLAYERS });
    const mails = await t.db.$queryRawUnsafe<{ n: number; users: number }[]>(
      `SELECT count(*)::int AS n, count(DISTINCT "userId")::int AS users FROM "EmailOutbox" WHERE "kind" = 'draw_result'`,
    );
    expect(mails[0]).toEqual({ n: PLAYERS, users: PLAYERS });
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: contestId } });
    const won = await t.db.notification.findMany({ where: { type: "contest_result", title: "Congratulations! You won!" } });
    expect(won.map((n) => n.userId)).toEqual([row.winnerId]);
    const done = await t.db.drawFanout.findUniqueOrThrow({ where: { contestId } });
    expect(done).toMatchObject({ notified: PLAYERS, mailed: PLAYERS });
    expect(done.doneAt).not.toBeNull();

    await waitFor(() => new Set(events.flatMap((e) => e.userIds)).size === PLAYERS, 10_000, "every entrant's live event");
    unsubscribe();
    await bus.close();
    // One event per batch (each fits pg_notify's 8000-byte payload), not one per player.
    expect(events.length).toBeLessThanOrEqual(2 * Math.ceil(PLAYERS / FANOUT_BATCH_PLAYERS));
  });

  it("a draw that fails keeps its reason for the admin and the verifier; the retry job completes it", async () => {
    const c = await createContest(t.db, { title: "Flaky" });
    await insertEntries(exec, { tag: "big", contestId: c.id, players: 50, entries: 200, ticketsPerEntry: 1, ticketPrice: "1" });
    await exec(`CREATE FUNCTION fail_prize() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'prize table unavailable'; END $$`);
    await exec(`CREATE TRIGGER fail_prize BEFORE INSERT ON "Prize" FOR EACH ROW EXECUTE FUNCTION fail_prize()`);

    const res = await end(c.id);
    expect(res.status).toBe(200); // never a 500: sales are closed and the draw is retried
    expect(res.body.contest.status).toBe("ended");
    expect(queued.retry).toEqual([c.id]);
    const listed = (await rest(t.db, "GET", "/api/admin/contests", { user: admin })).body as {
      id: string;
      drawError: string | null;
      drawPending: string | null;
    }[];
    const mine = listed.find((x) => x.id === c.id)!;
    expect(mine.drawError).toContain("prize table unavailable");
    expect(mine.drawPending).toBe("the draw failed (1 attempt) and is being retried");
    const pending = await verifyDraw(app.url, c.id);
    expect(pending.ok).toBe(false);
    expect(pending.lines.join("\n")).toContain("awaiting results (the draw failed (1 attempt) and is being retried)");
    expect(pending.lines.join("\n")).not.toContain("beacon");

    await expect(runDrawCompleteJob({ contestId: c.id })).rejects.toThrow(/prize table unavailable/);
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: c.id } })).drawAttempts).toBe(2);
    await exec(`DROP TRIGGER fail_prize ON "Prize"`);
    await runDrawCompleteJob({ contestId: c.id });
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.drawnAt).not.toBeNull();
    expect(row.drawError).toBeNull();
    expect((await verifyDraw(app.url, c.id)).ok).toBe(true);
  });

  it("leaves every ledger invariant intact (npm run check:ledger)", async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
