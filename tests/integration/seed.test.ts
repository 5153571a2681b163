/** `npm run db:seed`: 60 days of history so the analytics charts show something, and idempotent. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HISTORY_DAYS, seed } from "../../scripts/db/seed";
import { getAnalytics } from "../../src/server/services/admin";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";

describe(`demo seed (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it("fills the analytics charts (sign-ups and approved revenue on most of the last 30 days) and seeding again changes nothing", async () => {
    await seed(t.db);
    const counts = async () => ({
      users: await t.db.user.count(),
      payments: await t.db.payment.count(),
      ledger: await t.db.ledgerEntry.count(),
      contests: await t.db.contest.count(),
      balances: (await t.db.user.findMany({ select: { email: true, balance: true }, orderBy: { email: "asc" } })).map(
        (u) => `${u.email}=${u.balance.toFixed(3)}`,
      ),
    });
    const first = await counts();

    const { stats, days } = await getAnalytics(t.db);
    expect(days).toHaveLength(30);
    expect(days.filter((d) => d.revenue > 0).length).toBeGreaterThanOrEqual(20);
    expect(days.reduce((n, d) => n + d.signups, 0)).toBeGreaterThan(10);
    expect(Number(stats.totalRevenue)).toBeGreaterThan(0);
    expect(Number(stats.monthlyRevenue)).toBeGreaterThan(0);
    // History reaches back HISTORY_DAYS days: older than the 30-day chart too.
    const oldest = await t.db.payment.findFirst({ orderBy: { processedAt: "asc" }, select: { processedAt: true } });
    expect(Date.now() - (oldest?.processedAt?.getTime() ?? Date.now())).toBeGreaterThan((HISTORY_DAYS - 2) * 86_400_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    await seed(t.db);
    expect(await counts()).toEqual(first);
  });
});
