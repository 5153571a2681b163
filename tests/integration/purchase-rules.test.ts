/**
 * src/shared/purchase-rules.ts: the contest page and checkout give the same answer to "can this
 * be bought, and if not why", and My Purchases reports each entry's stored result.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEventBus } from "../../src/server/events";
import { toPublicContest } from "../../src/server/services/contests";
import { cancelContest, drawContest } from "../../src/server/services/draws";
import { checkout, listPurchases } from "../../src/server/services/checkout";
import { purchaseBlocker } from "../../src/shared/purchase-rules";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, signalCallerFor } from "../helpers/fixtures";

const DAY = 24 * 3600 * 1000;

describe(`purchase rules: page and checkout agree (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await (await getEventBus()).close();
    await t.close();
  });

  /** What the page shows (from the API's contest) and what checkout answers, for one contest. */
  async function bothAnswers(contestId: string, quantity = 1) {
    const buyer = await createUser(t.db, { balance: "1000" });
    const page = purchaseBlocker(toPublicContest(await t.db.contest.findUniqueOrThrow({ where: { id: contestId } })), quantity);
    const server = await checkout(t.db, buyer.id, [{ contestId, quantity }]).then(
      () => null,
      (e: Error) => e.message,
    );
    return { page, server };
  }

  it("open, sold out (and so drawn), ended, past its end date, cancelled, too few left", async () => {
    const seller = await createUser(t.db, { balance: "1000" });
    const open = await createContest(t.db, { title: "Open", maxTickets: 10 });
    const soldOut = await createContest(t.db, { title: "Gone", maxTickets: 2 });
    await checkout(t.db, seller.id, [{ contestId: soldOut.id, quantity: 2 }]); // sells out and is drawn at once
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: soldOut.id } })).status).toBe("ended");
    const ended = await createContest(t.db, { title: "Done", status: "ended" });
    const past = await createContest(t.db, { title: "Past", endDate: new Date(Date.now() - DAY) });
    const cancelled = await createContest(t.db, { title: "Called Off", maxTickets: 10 });
    await checkout(t.db, seller.id, [{ contestId: cancelled.id, quantity: 3 }]);
    await cancelContest(t.db, cancelled.id);
    const few = await createContest(t.db, { title: "Few", maxTickets: 3 });

    const cases: [string, number, string | null, string | null][] = [
      [open.id, 1, null, null],
      [soldOut.id, 1, "Sold out", "Sold out: Gone"],
      [ended.id, 1, "This contest has ended", "Contest has ended: Done"],
      [past.id, 1, "This contest has ended", "Contest has ended: Past"],
      [cancelled.id, 1, "Contest cancelled", "Contest was cancelled: Called Off"],
      [few.id, 5, "Only 3 tickets left", "Sold out: only 3 tickets left for Few"],
    ];
    for (const [id, quantity, label, message] of cases) {
      const { page, server } = await bothAnswers(id, quantity);
      expect(page?.label ?? null, id).toBe(label);
      expect(server, id).toBe(message);
      // the page's blocker, asked for the server's sentence, gives the server's very words
      expect(page ? page.message((await t.db.contest.findUniqueOrThrow({ where: { id } })).title) : null).toBe(message);
    }
  });

  it("My Purchases carries each entry's stored result: won, lost, refunded, active, pending", async () => {
    const me = await createUser(t.db, { balance: "100" });
    const other = await createUser(t.db, { balance: "100" });
    const drawn = await createContest(t.db, { title: "Drawn", endDate: new Date(Date.now() + DAY) });
    await checkout(t.db, me.id, [{ contestId: drawn.id, quantity: 1 }]);
    await checkout(t.db, other.id, [{ contestId: drawn.id, quantity: 1 }]);
    const outcome = await drawContest(t.db, drawn.id);
    const iWon = outcome?.winnerId === me.id;

    const called = await createContest(t.db, { title: "Called" });
    await checkout(t.db, me.id, [{ contestId: called.id, quantity: 2 }]);
    await cancelContest(t.db, called.id);

    const running = await createContest(t.db, { title: "Running", endDate: new Date(Date.now() + 3 * DAY) });
    await checkout(t.db, me.id, [{ contestId: running.id, quantity: 1 }]);
    const due = await createContest(t.db, { title: "Due", endDate: new Date(Date.now() + 60_000) });
    await checkout(t.db, me.id, [{ contestId: due.id, quantity: 1 }]);
    await t.db.contest.update({ where: { id: due.id }, data: { endDate: new Date(Date.now() - 1000) } });

    const byTitle = Object.fromEntries((await listPurchases(t.db, me.id)).map((e) => [e.contestTitle, e.status]));
    expect(byTitle).toEqual({ Drawn: iWon ? "won" : "lost", Called: "refunded", Running: "active", Due: "pending" });

    // the same through the API the dialog uses
    const api = await callerFor(t.db, me);
    const viaApi = await api.cart.purchases();
    expect(viaApi.find((e) => e.contestTitle === "Called")?.status).toBe("refunded");
  });

  it("contests.onChange ticks after a sale commits (open pages refetch their counts) and needs a session", async () => {
    const watcher = await createUser(t.db);
    const buyer = await createUser(t.db, { balance: "10" });
    const contest = await createContest(t.db, { title: "Live", maxTickets: 100 });
    const controller = new AbortController();
    const caller = await signalCallerFor(t.db, watcher, controller.signal);
    const it = (await caller.contests.onChange())[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual({ kind: "ready" });
    const next = it.next();
    await expect(checkout(t.db, buyer.id, [{ contestId: contest.id, quantity: 1000 }])).rejects.toThrow();
    await checkout(t.db, buyer.id, [{ contestId: contest.id, quantity: 2 }]);
    expect((await next).value).toEqual({ kind: "contests" });
    // Two more sales right after: one tick for both, at the end of the spacing (DELAYS.contestsTickSpacing),
    // not one each (each open page refetches on every tick).
    const spaced = it.next();
    await checkout(t.db, buyer.id, [{ contestId: contest.id, quantity: 1 }]);
    await checkout(t.db, buyer.id, [{ contestId: contest.id, quantity: 1 }]);
    expect((await spaced).value).toEqual({ kind: "contests" });
    const waiting = it.next();
    expect(await Promise.race([waiting.then(() => "ticked"), new Promise((r) => setTimeout(() => r("quiet"), 300))])).toBe(
      "quiet",
    );
    controller.abort();
    expect((await waiting).done).toBe(true);
    await expect((await callerFor(t.db)).contests.onChange()).rejects.toThrow(/Unauthorized/);
  });
});
