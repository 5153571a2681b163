import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { LIVE_DRAWS_LIMIT } from "../../src/server/services/draws";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { buyTickets } from "../helpers/entries";
import { createContest, createUser, rest } from "../helpers/fixtures";

describe(`GET /api/draws/live: the next draws and the latest closed ones (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let ada: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    ada = await createUser(t.db, { balance: "100", firstName: "Ada", lastName: "Lovelace" });
  });
  afterAll(() => t.close());

  it("lists upcoming draws by end date and moves a contest to the latest draws when it closes; public figures only", async () => {
    const later = await createContest(t.db, { title: "Later", endDate: new Date(Date.now() + 5 * 86_400_000) });
    const sooner = await createContest(t.db, { title: "Sooner", endDate: new Date(Date.now() + 4 * 86_400_000) });
    await createContest(t.db, { title: "No end date" });
    await buyTickets(t.db, ada, sooner, 2);

    const before = await rest(t.db, "GET", "/api/draws/live");
    expect(before.status).toBe(200);
    const ids = before.body.upcoming.map((c: { id: string }) => c.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(before.body.upcoming.map((c: { title: string }) => c.title)).not.toContain("No end date");
    expect(before.body.upcoming.length).toBeLessThanOrEqual(LIVE_DRAWS_LIMIT);
    expect(before.body.recent.map((c: { id: string }) => c.id)).not.toContain(sooner.id);

    const end = await rest(t.db, "POST", `/api/admin/contests/${sooner.id}/status`, { body: { status: "ended" }, user: admin });
    expect(end.status).toBe(200);
    const after = (await rest(t.db, "GET", "/api/draws/live")).body;
    expect(after.upcoming.map((c: { id: string }) => c.id)).not.toContain(sooner.id);
    expect(after.recent[0]).toMatchObject({ id: sooner.id, title: "Sooner", soldTickets: 2 });
    expect(after.recent[0].drawnAt).not.toBeNull();
    expect(JSON.stringify(after)).not.toContain(ada.id);
  });

  it("a contest drawn before sales-close times were recorded is still among the latest draws, after the timed ones", async () => {
    const old = await createContest(t.db, {
      title: "Drawn long ago",
      status: "ended",
      soldTickets: 3,
      winningTicket: 2,
      drawnAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const recent = (await rest(t.db, "GET", "/api/draws/live")).body.recent as { id: string; title: string }[];
    expect(recent.map((c) => c.title)).toContain("Drawn long ago");
    expect(recent.at(-1)?.id).toBe(old.id);
  });
});
