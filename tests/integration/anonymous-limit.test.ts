import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as trpcGet } from "../../src/app/api/trpc/[trpc]/route";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";

const ip = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });

describe(`anonymous per-IP request budget (${dbKind()})`, () => {
  let t: TestDb;
  const saved = process.env.RATE_LIMIT_ANON_PER_MINUTE;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.RATE_LIMIT_ANON_PER_MINUTE;
    else process.env.RATE_LIMIT_ANON_PER_MINUTE = saved;
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 429 with Retry-After past RATE_LIMIT_ANON_PER_MINUTE, per IP, and never for signed-in users", async () => {
    process.env.RATE_LIMIT_ANON_PER_MINUTE = "3";
    // The draw record is an uncached public read: every call reaches a procedure and counts.
    const drawPath = `/api/contests/${(await createContest(t.db)).id}/draw`;
    for (let i = 0; i < 3; i++) expect((await rest(t.db, "GET", drawPath, { headers: ip(1) })).status).toBe(200);
    const refused = await rest(t.db, "GET", drawPath, { headers: ip(1) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.body.message).toMatch(/^Too many requests from your address\. Please try again in \d+ (seconds?|minutes?)\.$/);
    // Cached public reads (src/server/cache/public-reads.ts) cost no query, so they are not counted:
    // the spent address still gets the contest list.
    for (let i = 0; i < 5; i++) expect((await rest(t.db, "GET", "/api/contests", { headers: ip(1) })).status).toBe(200);
    // Another address has its own budget; a signed-in user on the spent address is not held by it.
    expect((await rest(t.db, "GET", drawPath, { headers: ip(2) })).status).toBe(200);
    const user = await createUser(t.db);
    expect((await rest(t.db, "GET", drawPath, { headers: ip(1), user })).status).toBe(200);
  });

  it("counts a tRPC batch once, and answers 429 with Retry-After on tRPC too", async () => {
    process.env.RATE_LIMIT_ANON_PER_MINUTE = "2";
    const batch = () =>
      trpcGet(
        new Request("http://localhost:3000/api/trpc/contests.publishedWinners,wheel.config?batch=1&input=%7B%7D", {
          headers: ip(3),
        }),
      );
    expect((await batch()).status).toBe(200);
    expect((await batch()).status).toBe(200);
    const refused = await batch();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("is off at 0", async () => {
    process.env.RATE_LIMIT_ANON_PER_MINUTE = "0";
    const drawPath = `/api/contests/${(await createContest(t.db)).id}/draw`;
    for (let i = 0; i < 5; i++) expect((await rest(t.db, "GET", drawPath, { headers: ip(4) })).status).toBe(200);
    expect(await t.db.rateLimit.count({ where: { key: "anon-ip:203.0.113.4" } })).toBe(0);
  });
});
