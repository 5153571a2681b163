import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { createContest as createContestService, updateContest } from "../../src/server/services/contests";
import { FAIR_PLAY_MESSAGES } from "../../src/shared/fair-play-messages";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";

const HOUR = 3_600_000;
const base = {
  title: "Frozen Prize",
  description: "Terms that cannot move once sold.",
  ticketPrice: "2.50",
  maxTickets: 100,
  category: "cash",
  imageUrl: "/images/x.svg",
  features: ["Fast", "Red"],
};

describe(`terms frozen once sold; minimum open period (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let player: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    player = await createUser(t.db, { balance: "100" });
  });
  afterAll(() => t.close());

  const endIn = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

  it("REST: before a sale every term can change; after it, max tickets / price / end date / question are 409", async () => {
    const created = await rest(t.db, "POST", "/api/admin/contests", {
      body: { ...base, endDate: endIn(100), skillQuestion: { text: "2 + 2?", options: ["3", "4", "5"], correctIndex: 1 } },
      user: admin,
    });
    expect(created.status).toBe(201);
    const id = created.body.contest.id as string;
    const endDate = created.body.contest.endDate as string;
    const put = (body: Record<string, unknown>) => rest(t.db, "PUT", `/api/admin/contests/${id}`, { body, user: admin });

    // Nothing sold yet: the price may still change.
    expect((await put({ ...base, ticketPrice: "3", endDate })).status).toBe(200);

    const bought = await rest(t.db, "POST", "/api/cart/add", {
      body: { contestId: id, quantity: 2, answerIndex: 1 },
      user: player,
    });
    expect(bought.status).toBe(200);

    const same = { ...base, ticketPrice: "3", endDate };
    for (const [change, label] of [
      [{ maxTickets: 1000 }, "max tickets"],
      [{ maxTickets: null }, "max tickets"],
      [{ ticketPrice: "1" }, "ticket price"],
      [{ endDate: endIn(500) }, "end date"],
      [{ skillQuestion: null }, "the skill question"],
      [{ skillQuestion: { text: "2 + 2?", options: ["3", "4", "5"], correctIndex: 0 } }, "the skill question"],
    ] as const) {
      const res = await put({ ...same, ...change });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body.message).toContain(`${label} can no longer change`);
    }
    const row = await t.db.contest.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ maxTickets: 100, soldTickets: 2 });
    expect(row.ticketPrice.toString()).toBe("3");
    expect(row.endDate?.toISOString()).toBe(endDate);

    // Title, description, image and features still change; the same terms may be re-sent.
    const ok = await put({ ...same, title: "Renamed", description: "New words", imageUrl: "/images/y.svg", features: ["Blue"] });
    expect(ok.status).toBe(200);
    expect(ok.body.contest).toMatchObject({ title: "Renamed", imageUrl: "/images/y.svg", features: ["Blue"], maxTickets: 100 });
    expect(ok.body.contest.endDate).toBe(endDate);
  });

  it("service: the freeze is decided under the contest's row lock", async () => {
    const c = await createContestService(t.db, { ...base, endDate: new Date(Date.now() + 80 * HOUR) } as never);
    await t.db.contest.update({ where: { id: c.id }, data: { soldTickets: 1 } });
    await expect(updateContest(t.db, c.id, { ...base, ticketPrice: "9", endDate: c.endDate } as never)).rejects.toMatchObject({
      code: "CONFLICT",
      message: FAIR_PLAY_MESSAGES.termsFrozen(["ticket price"]),
    });
  });

  it("a new contest must stay open MIN_CONTEST_OPEN_HOURS (default 72)", async () => {
    const short = await rest(t.db, "POST", "/api/admin/contests", { body: { ...base, endDate: endIn(24) }, user: admin });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(FAIR_PLAY_MESSAGES.minOpen(72));
    expect(await t.db.contest.count({ where: { title: base.title, endDate: { lt: new Date(Date.now() + 48 * HOUR) } } })).toBe(0);

    const noEnd = await rest(t.db, "POST", "/api/admin/contests", { body: { ...base }, user: admin });
    expect(noEnd.status).toBe(201);
    // Editing an unsold contest to a too-early end date is refused the same way.
    const edit = await rest(t.db, "PUT", `/api/admin/contests/${noEnd.body.contest.id}`, {
      body: { ...base, endDate: endIn(10) },
      user: admin,
    });
    expect(edit.status).toBe(400);

    process.env.MIN_CONTEST_OPEN_HOURS = "1";
    try {
      const now = await rest(t.db, "POST", "/api/admin/contests", { body: { ...base, endDate: endIn(2) }, user: admin });
      expect(now.status).toBe(201);
    } finally {
      delete process.env.MIN_CONTEST_OPEN_HOURS;
    }
  });
});
