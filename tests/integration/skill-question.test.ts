import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { checkout } from "../../src/server/services/purchases";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";

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
    admin = await createUser(t.db, { role: "admin" });
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
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Incorrect answer to the skill question of "Skill Prize"' } });
    expect(await balance()).toBe("50");
    expect(await t.db.ticketEntry.count({ where: { contestId: id } })).toBe(0);
    expect(await t.db.ledgerEntry.count({ where: { userId: player.id, kind: "purchase" } })).toBe(0);

    const ok = await rest(t.db, "POST", "/api/cart/add", { body: { contestId: id, quantity: 2, answerIndex: 1 }, user: player });
    expect(ok.status).toBe(200);
    expect(await balance()).toBe("46");
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
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: 'Incorrect answer to the skill question of "Quiz"' });
    expect(await balance()).toBe(before);
    expect(await t.db.ticketEntry.count({ where: { contestId: { in: [plain.id, quiz.id] } } })).toBe(0);

    const res = await checkout(t.db, player.id, [
      { contestId: plain.id, quantity: 1, answerIndex: 2 },
      { contestId: quiz.id, quantity: 1, answerIndex: 1 },
    ]);
    expect(res.entries).toHaveLength(2);
  });
});
