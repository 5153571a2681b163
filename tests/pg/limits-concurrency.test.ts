/**
 * Spend limits under real concurrency on PostgreSQL (docs/fair-play.md): guardSpending locks the
 * player's row inside the purchase transaction, so simultaneous purchases cannot both slip under
 * the same limit. (PGlite runs one statement at a time, so this needs a server.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { checkout } from "../../src/server/services/checkout";
import { setLimits } from "../../src/server/services/safer-play";
import { createTestDb, type TestDb } from "../helpers/db";
import { createContest, createUser } from "../helpers/fixtures";

describe("spend limits under concurrency (postgres)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ poolSize: 20 });
  });
  afterAll(() => t.close());

  it("twelve simultaneous $1 purchases against a $5 daily limit: exactly five go through", async () => {
    const player = await createUser(t.db, { balance: "100" });
    const contest = await createContest(t.db, { ticketPrice: "1" });
    await setLimits(t.db, player.id, { daily: "5" });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => checkout(t.db, player.id, [{ contestId: contest.id, quantity: 1 }])),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error).message)] : []));
    expect(ok).toHaveLength(5);
    expect(new Set(refused)).toEqual(new Set(["This would exceed your daily spend limit of $5.00: $0.00 left"]));
    const row = await t.db.user.findUniqueOrThrow({ where: { id: player.id } });
    expect(row.balance.toString()).toBe("95");
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
