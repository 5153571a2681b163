import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { checkout } from "../../src/server/services/checkout";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";

const question = {
  text: "Which planet is known as the Red Planet?",
  options: ["Venus", "Mars", "Jupiter", "Saturn"],
  correctIndex: 1,
};
const base = { title: "Skill Prize", description: "Answer to enter.", ticketPrice: "2", category: "cash" };

describe(`skill question (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let player: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    player = await createUser(t.db, { balance: "50" });
  });
  afterAll(() => t.close());

  const balance = async () => (await t.db.user.findUniqueOrThrow({ where: { id: player.id } })).balance.toString();

  it("is validated on create, shown without its answer, and answered before any money moves", async () => {
    for (const bad of [
      { ...question, options: ["a", "b"] },
      { ...question, options: ["a", "b", "c", "d", "e"] },
      { ...question, options: ["a", "b", "c"], correctIndex: 3 },
      { ...question, text: "" },
    ]) {
      const res = await rest(t.db, "POST", "/api/admin/contests", { body: { ...base, skillQuestion: bad }, user: admin });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const created = await rest(t.db, "POST", "/api/admin/contests", { body: { ...base, skillQuestion: question }, user: admin });
    expect(created.status).toBe(201);
    const id = created.body.contest.id as string;

    const pub = await rest(t.db, "GET", `/api/contests/${id}`);
    expect(pub.body.skillQuestion).toEqual({ text: question.text, options: question.options });
    expect(JSON.stringify(pub.body)).not.toContain("correctIndex");
    const list = await rest(t.db, "GET", "/api/contests");
    expect(JSON.stringify(list.body)).not.toContain("correctIndex");
    const adminList = await rest(t.db, "GET", "/api/admin/contests", { user: admin });
    expect(adminList.body.find((c: { id: string }) => c.id === id).skillQuestionAnswer).toBe(1);

    const missing = await rest(t.db, "POST", "/api/cart/add", { body: { contestId: id, quantity: 2 }, user: player });
    expect(missing).toMatchObject({
      status: 400,
      body: { message: 'Please answer the skill question of "Skill Prize" to enter' },
    });
    const wrong = await rest(t.db, "POST", "/api/cart/add", {
      body: { contestId: id, quantity: 2, answerIndex: 0 },
      user: player,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      'Incorrect answer to the skill question of "Skill Prize": you may answer this contest\'s question again in 24 hours.',
    );
    expect(await balance()).toBe("50");
    expect(await t.db.ticketEntry.count({ where: { contestId: id } })).toBe(0);
    expect(await t.db.ledgerEntry.count({ where: { userId: player.id, kind: "purchase" } })).toBe(0);

    // That account cannot try again at once, not even with the right answer.
    const retry = await rest(t.db, "POST", "/api/cart/add", {
      body: { contestId: id, quantity: 2, answerIndex: 1 },
      user: player,
    });
    expect(retry.status).toBe(429);
    expect(retry.body.message).toMatch(/You may answer it again in 24 hours\./);
    expect(await balance()).toBe("50");
    // The lock is readable before any click, with when it ends (the cart leaves that line out; the
    // page says until when): only for this player and this contest.
    const other2 = await createContest(t.db, { title: "Other", skillQuestion: question });
    const locks = await (await callerFor(t.db, player)).cart.skillLocks({ contestIds: [id, other2.id] });
    expect(locks.map((l) => l.contestId)).toEqual([id]);
    const hours = ((locks[0]?.until.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // Another player who answers right enters.
    const other = await createUser(t.db, { balance: "50" });
    expect(await (await callerFor(t.db, other)).cart.skillLocks({ contestIds: [id] })).toEqual([]);
    const ok = await rest(t.db, "POST", "/api/cart/add", { body: { contestId: id, quantity: 2, answerIndex: 1 }, user: other });
    expect(ok.status).toBe(200);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: other.id } })).balance.toString()).toBe("46");
  });

  it("checkout: a cart with one unanswered line buys nothing; a contest without a question ignores answerIndex", async () => {
    const plain = await createContest(t.db, { title: "Plain" });
    const quiz = await createContest(t.db, { title: "Quiz", skillQuestion: question });
    const before = await balance();
    await expect(
      checkout(t.db, player.id, [
        { contestId: plain.id, quantity: 1 },
        { contestId: quiz.id, quantity: 1 },
      ]),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: 'Please answer the skill question of "Quiz" to enter' });
    await expect(
      checkout(t.db, player.id, [
        { contestId: plain.id, quantity: 1 },
        { contestId: quiz.id, quantity: 1, answerIndex: 3 },
      ]),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^Incorrect answer to the skill question of "Quiz"/),
    });
    expect(await balance()).toBe(before);
    expect(await t.db.ticketEntry.count({ where: { contestId: { in: [plain.id, quiz.id] } } })).toBe(0);

    const fresh = await createUser(t.db, { balance: "50" });
    const res = await checkout(t.db, fresh.id, [
      { contestId: plain.id, quantity: 1, answerIndex: 2 },
      { contestId: quiz.id, quantity: 1, answerIndex: 1 },
    ]);
    expect(res.entries).toHaveLength(2);
  });

  it("cannot be retried for free: 40 parallel wrong guesses judge one; the lock lasts the set period; a right answer clears it", async () => {
    const quiz = await createContest(t.db, { title: "Guess", skillQuestion: question });
    const guesser = await createUser(t.db, { balance: "50" });
    // Wrong answers only: a right one among them would be judged and clear the counter (below), so a
    // guess arriving after it would be judged too. What must hold is that at most one wrong answer is
    // judged per lock period, however many are sent at once.
    const wrong = [0, 1, 2, 3].filter((i) => i !== question.correctIndex);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        rest(t.db, "POST", "/api/cart/add", {
          body: { contestId: quiz.id, quantity: 1, answerIndex: wrong[i % wrong.length] },
          user: guesser,
        }).then((r) => r.status),
      ),
    );
    // Exactly one answer was judged (wrong: 400); every other one was refused unjudged.
    expect(statuses.filter((s) => s === 429)).toHaveLength(39);
    expect(statuses.filter((s) => s === 400)).toHaveLength(1);
    const attempts = await t.db.skillAnswerAttempt.findMany({ where: { userId: guesser.id, contestId: quiz.id } });
    expect(attempts.map((a) => a.correct)).toEqual([false]);
    // Locked, even for the right answer, until SKILL_LOCK_HOURS have passed.
    const { gateSkillAnswers } = await import("../../src/server/services/checkout");
    const later = new Date(Date.now() + 24 * 3600_000 + 1000);
    const line = { contestId: quiz.id, quantity: 1 };
    await expect(gateSkillAnswers(t.db, guesser.id, [{ ...line, answerIndex: question.correctIndex }])).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    await expect(
      gateSkillAnswers(t.db, guesser.id, [{ ...line, answerIndex: question.correctIndex }], later),
    ).resolves.toBeUndefined();
    // A right answer clears the counter: a later wrong one is judged (and locks), not refused unjudged.
    await expect(gateSkillAnswers(t.db, guesser.id, [{ ...line, answerIndex: wrong[0] }], later)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("SKILL_MAX_ATTEMPTS allows more tries; the answer says how many are left", async () => {
    process.env.SKILL_MAX_ATTEMPTS = "2";
    try {
      const quiz = await createContest(t.db, { title: "Two tries", skillQuestion: question });
      const p = await createUser(t.db, { balance: "50" });
      const add = (answerIndex: number) =>
        rest(t.db, "POST", "/api/cart/add", { body: { contestId: quiz.id, quantity: 1, answerIndex }, user: p });
      const first = await add(0);
      expect(first).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/^Incorrect answer to the skill question of ".+": 1 attempt left\.$/) },
      });
      const second = await add(2);
      expect(second.status).toBe(400);
      expect(second.body.message).toMatch(
        /^Incorrect answer to the skill question of ".+": you may answer this contest's question again in /,
      );
      expect((await add(1)).status).toBe(429);
      const rows = await t.db.skillAnswerAttempt.findMany({ where: { userId: p.id }, orderBy: { createdAt: "asc" } });
      expect(rows.map((r) => [r.answerIndex, r.correct])).toEqual([
        [0, false],
        [2, false],
      ]);
    } finally {
      delete process.env.SKILL_MAX_ATTEMPTS;
    }
  });
});
