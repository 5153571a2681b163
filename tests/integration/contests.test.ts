import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, rest } from "../helpers/fixtures";

const PRODUCT_CONTEST_FIELDS = [
  "id",
  "title",
  "description",
  "detailedDescription",
  "imageUrl",
  "previewImages",
  "category",
  "status",
  "ticketPrice",
  "originalPrice",
  "discountPercentage",
  "cashAlternative",
  "features",
  "specifications",
  "soldTickets",
  "maxTickets",
  "endDate",
];

describe(`contests router and REST adapter (${dbKind()})`, () => {
  let t: TestDb;
  let activeId: string;
  beforeAll(async () => {
    t = await createTestDb();
    activeId = (
      await createContest(t.db, {
        title: "Gold Watch",
        ticketPrice: "2.5",
        originalPrice: "3",
        discountPercentage: 17,
        cashAlternative: "1000",
        maxTickets: 100,
        features: ["Gold"],
        specifications: { case_size: "40 mm" },
      })
    ).id;
    await createContest(t.db, { title: "Over", status: "ended" });
  });
  afterAll(() => t.close());

  it("lists only active contests, with money as decimal strings", async () => {
    const caller = await callerFor(t.db);
    const list = await caller.contests.list();
    expect(list.map((c) => c.title)).toEqual(["Gold Watch"]);
    const c = list[0]!;
    expect(c.ticketPrice).toBe("2.50");
    expect(c.originalPrice).toBe("3.00");
    expect(c.cashAlternative).toBe("1000.00");
    expect(c.specifications).toEqual({ case_size: "40 mm" });
    expect(c.drawSeed).toBeNull(); // secret until the draw
    expect(c.drawSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("filters by category", async () => {
    const caller = await callerFor(t.db);
    expect(await caller.contests.list({ category: "cars" })).toEqual([]);
    expect((await caller.contests.list({ category: "cash" })).length).toBe(1);
  });

  it("GET /api/contests answers a bare array with every field of docs/product.md §3", async () => {
    const res = await rest(t.db, "GET", "/api/contests");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const field of PRODUCT_CONTEST_FIELDS) expect(res.body[0]).toHaveProperty(field);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("GET /api/contests/{id} answers one contest, or 404 with a message", async () => {
    const ok = await rest(t.db, "GET", `/api/contests/${activeId}`);
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(activeId);
    const missing = await rest(t.db, "GET", "/api/contests/does-not-exist");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Contest not found" });
  });

  it("unknown /api paths answer 404 JSON; wrong methods 405", async () => {
    const unknown = await rest(t.db, "GET", "/api/no-such-thing");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Not found/);
    const wrong = await rest(t.db, "DELETE", "/api/contests");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  it("malformed JSON answers 400, a non-JSON body 415, a non-object 400", async () => {
    const broken = await rest(t.db, "POST", "/api/auth/login", { rawBody: "{not json" });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: "Malformed JSON body" });
    const form = await rest(t.db, "POST", "/api/auth/login", {
      rawBody: "email=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const array = await rest(t.db, "POST", "/api/auth/login", { rawBody: "[1,2]" });
    expect(array.status).toBe(400);
  });

  it("invalid input answers 400 naming the rule", async () => {
    const res = await rest(t.db, "POST", "/api/auth/login", { body: { email: "nope", password: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Please enter a valid email address");
    expect(res.body.message).toContain("Password must be at least 6 characters");
  });

  it("GET /api/login redirects to the sign-in page, relatively (whatever Host the request named)", async () => {
    const res = await rest(t.db, "GET", "/api/login", { headers: { host: "evil.example", "x-forwarded-host": "evil.example" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
  });
});
