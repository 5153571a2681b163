/**
 * Hostile input the bad-input suite does not reach: malformed path encodings, LIKE wildcards in
 * admin searches, and flooding the support inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as trpcGet } from "../../src/app/api/trpc/[trpc]/route";
import { safeNext } from "../../src/components/auth/next";
import { SUPPORT_RATE_RULE } from "../../src/server/services/support";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";

describe(`hostile input (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it("malformed percent-encoding in a path answers 400, never 500", async () => {
    for (const path of ["/api/contests/%FF", "/api/contests/%E0%A4%A", "/api/notifications/%C0/read"]) {
      const method = path.endsWith("/read") ? "POST" : "GET";
      const user = await createUser(t.db);
      const res = await rest(t.db, method, path, { user });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ message: "Malformed URL path" });
    }
    const trpc = await trpcGet(new Request("http://localhost:3000/api/trpc/contests.get%FF?input=%7B%7D"));
    expect(trpc.status).toBe(400);
    expect(await trpc.json()).toEqual({ message: "Malformed URL path" });
  });

  it("a NUL (%00) in a path parameter answers 400 on every route, the cached public reads included", async () => {
    const user = await createUser(t.db);
    for (const [method, path, as] of [
      ["GET", "/api/contests/%00", undefined], // a cached read: no tRPC middleware on its way
      ["GET", "/api/contests/seed%00x", undefined],
      ["GET", "/api/contests/%00/draw", undefined],
      ["POST", "/api/notifications/%00/read", user],
    ] as const) {
      const res = await rest(t.db, method, path, as ? { user: as } : {});
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { message: "URL path must not contain NUL (%00)" },
      });
    }
  });

  it("admin user search matches % and _ literally", async () => {
    const admin = await createUser(t.db, { role: "owner", email: "boss@example.com" });
    await createUser(t.db, { email: "plain.one@example.com", firstName: "Plain" });
    const percent = await createUser(t.db, { email: "pct@example.com", firstName: "Hundred%" });
    const underscore = await createUser(t.db, { email: "under_score@example.com" });
    const search = async (q: string) => {
      const res = await rest(t.db, "GET", `/api/admin/users?search=${encodeURIComponent(q)}`, { user: admin });
      expect(res.status).toBe(200);
      return (res.body as { id: string }[]).map((u) => u.id).sort();
    };
    expect(await search("%")).toEqual([percent.id]);
    expect(await search("_")).toEqual([underscore.id]);
    expect(await search("e_s")).toEqual([]);
    expect(await search("\\")).toEqual([]);
    expect(await search("under_")).toEqual([underscore.id]);
  });

  it("admin conversation search matches % and _ literally", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const a = await createUser(t.db, { email: "chat_a@example.com" });
    const b = await createUser(t.db, { email: "chatxb@example.com" });
    for (const u of [a, b]) {
      expect((await rest(t.db, "POST", "/api/support/messages", { user: u, body: { message: "hello" } })).status).toBe(201);
    }
    const res = await rest(t.db, "GET", `/api/admin/conversations?search=${encodeURIComponent("chat_")}`, { user: admin });
    expect(res.status).toBe(200);
    expect((res.body as { userId: string }[]).map((c) => c.userId)).toEqual([a.id]);
  });

  it("a player may send 20 support messages a minute; the 21st answers 429 with a clear message", async () => {
    const player = await createUser(t.db);
    const send = () => rest(t.db, "POST", "/api/support/messages", { user: player, body: { message: "spam" } });
    for (let i = 0; i < SUPPORT_RATE_RULE.limit; i++) expect((await send()).status).toBe(201);
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/sending messages too quickly.*try again in/i);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await t.db.supportMessage.count({ where: { userId: player.id } })).toBe(SUPPORT_RATE_RULE.limit);
    // Another player is not affected.
    const other = await createUser(t.db);
    expect((await rest(t.db, "POST", "/api/support/messages", { user: other, body: { message: "hi" } })).status).toBe(201);
  });

  it("a sign-in redirect target is parsed against the origin: control characters, whitespace and other hosts go home", () => {
    // Each of these leaves the site in a browser (which strips TAB/LF/CR) or is not a path at all.
    for (const next of [
      "/\t/evil.example",
      "/\n/x",
      "/\r/evil.example",
      "/ /evil.example",
      "/\u00a0/evil.example",
      "/\u3000/evil.example",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "x",
      "",
      `/${"a".repeat(400)}`,
    ]) {
      expect(safeNext(next), JSON.stringify(next)).toBe("/");
    }
    // Paths on this site survive, query and hash included; odd characters are percent-encoded, never a host.
    expect(safeNext("/?category=cars")).toBe("/?category=cars");
    expect(safeNext("/contest/abc#draw")).toBe("/contest/abc#draw");
    expect(safeNext("/\u3002/evil.example")).toBe("/%E3%80%82/evil.example");
    expect(safeNext("/./..//evil.example")).toBe("/");
  });
});
