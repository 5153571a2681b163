import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { drawContest, runDueDraws } from "../../src/server/services/draws";
import { createTestDb, type TestDb } from "../helpers/db";
import { createContest, createUser, rest, sessionTokenFor } from "../helpers/fixtures";
import { buyTickets } from "../helpers/entries";
import { checkLedgerInvariants } from "../../src/server/services/money";

describe("concurrent End clicks draw once (postgres)", () => {
  let t: TestDb;
  let admin: User;
  let players: User[];
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 20 });
    admin = await createUser(t.db, { role: "owner" });
    players = await Promise.all([0, 1, 2, 3].map(() => createUser(t.db, { balance: "100" })));
  });
  afterAll(() => t.close());

  it("twelve simultaneous End requests (plus scheduler passes) give one draw and one set of notifications", async () => {
    const c = await createContest(t.db, { title: "Race", maxTickets: 1000 });
    for (const [i, p] of players.entries()) await buyTickets(t.db, p, c, i + 1);
    const token = await sessionTokenFor(t.db, admin);
    const results = await Promise.all([
      ...Array.from({ length: 12 }, () =>
        rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "ended" }, token }),
      ),
      ...Array.from({ length: 4 }, () => drawContest(t.db, c.id)),
      runDueDraws(t.db, new Date(Date.now() + 1000)),
    ]);
    const statuses = results.slice(0, 12).map((r) => (r as { status: number }).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const direct = results.slice(12, 16).filter((r) => r !== null);
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.status).toBe("ended");
    expect(row.winningTicket).not.toBeNull();
    // Exactly one set of side effects.
    expect(await t.db.notification.count({ where: { type: "contest_result" } })).toBe(players.length);
    expect(await t.db.winnerPost.count({ where: { contestId: c.id } })).toBe(1);
    expect(await t.db.prize.count({ where: { contestId: c.id } })).toBe(1);
    expect(await t.db.drawFanout.count({ where: { contestId: c.id, notified: players.length } })).toBe(1);
    expect(direct.length).toBeLessThanOrEqual(1);
  });

  it("a purchase racing the draw either lands before it (and can win) or is refused", async () => {
    const c = await createContest(t.db, { title: "Late buyer" });
    await buyTickets(t.db, players[0]!, c, 2);
    const [buy, draw] = await Promise.allSettled([buyTickets(t.db, players[1]!, c, 3), drawContest(t.db, c.id)]);
    expect(draw.status).toBe("fulfilled");
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    const entries = await t.db.ticketEntry.findMany({ where: { contestId: c.id } });
    const sold = entries.reduce((s, e) => s + e.ticketCount, 0);
    expect(row.soldTickets).toBe(sold); // the draw used the final count
    expect(row.drawnAt).not.toBeNull();
    expect(
      entries.some((e) => e.userId === row.winnerId && e.firstTicket <= row.winningTicket! && e.lastTicket >= row.winningTicket!),
    ).toBe(true);
    if (buy.status === "rejected") expect(sold).toBe(2);
  });

  it("leaves every ledger invariant intact (npm run check:ledger)", async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
