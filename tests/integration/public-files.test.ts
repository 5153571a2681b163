/**
 * The entry-list files (src/server/services/draws/public-files.ts, docs/fair-play.md "Entry-list
 * files"): made once per close and stored compressed with an ETag, answered without rebuilding, gzip
 * to clients that take it, 304 when the client has it; and every public raw row counts against the
 * anonymous per-IP budget (src/server/security/anonymous-limit.ts), the gateway's webhook aside.
 */
import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { handleRestRequest } from "../../src/server/rest/handler";
import { entriesDigestText } from "../../src/shared/draw";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { buyTickets } from "../helpers/entries";
import { createContest, createUser, rest } from "../helpers/fixtures";

const ip = (n: number) => ({ "x-forwarded-for": `198.51.100.${n}` });

describe(`entry-list files (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let ada: User;
  const saved = process.env.RATE_LIMIT_ANON_PER_MINUTE;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    ada = await createUser(t.db, { balance: "100" });
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.RATE_LIMIT_ANON_PER_MINUTE;
    else process.env.RATE_LIMIT_ANON_PER_MINUTE = saved;
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    handleRestRequest(new Request(`http://localhost:3000${path}`, { headers }));

  async function closedContest(tickets: number[]) {
    const c = await createContest(t.db, { title: "Listed" });
    for (const n of tickets) await buyTickets(t.db, ada, c, n);
    expect(
      (await rest(t.db, "POST", `/api/admin/contests/${c.id}/status`, { body: { status: "ended" }, user: admin })).status,
    ).toBe(200);
    return c;
  }

  it("is made once at the close, stored compressed with an ETag, and answered from the stored copy: gzip when accepted, 304 when unchanged", async () => {
    const open = await createContest(t.db, { title: "Still open" });
    expect((await rest(t.db, "GET", `/api/contests/${open.id}/draw/entries`)).status).toBe(409);

    const c = await closedContest([3, 2, 4]);
    const entries = await t.db.ticketEntry.findMany({ where: { contestId: c.id } });
    const text = entriesDigestText(entries);
    const path = `/api/contests/${c.id}/draw/entries`;

    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(text);
    const etag = plain.headers.get("etag") as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const row = await t.db.publicFile.findUniqueOrThrow({ where: { contestId_kind: { contestId: c.id, kind: "entries" } } });
    expect(row).toMatchObject({ etag, size: Buffer.byteLength(text) });
    expect(gunzipSync(row.gzip).toString()).toBe(text);

    const zipped = await get(path, { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("accept-encoding");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(text);
    const gzEtag = zipped.headers.get("etag") as string;
    expect(gzEtag).not.toBe(etag);
    expect((await get(path, { "if-none-match": etag })).status).toBe(304);
    expect((await get(path, { "accept-encoding": "gzip", "if-none-match": gzEtag })).status).toBe(304);
    expect((await get(path, { "accept-encoding": "gzip;q=0", "if-none-match": etag })).status).toBe(304);

    // Answered from the stored copy: an entry written after it was made (it never could be: the
    // list is final) is not in the answer, and its cost does not depend on the entries any more.
    await t.db.ticketEntry.create({
      data: { userId: ada.id, contestId: c.id, ticketCount: 1, firstTicket: 100, lastTicket: 100, totalAmount: "1" },
    });
    const again = await get(path);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe(text);
    expect(await t.db.publicFile.count({ where: { contestId: c.id } })).toBe(1);

    // The free-entries file is stored the same way (empty here).
    const free = await get(`/api/contests/${c.id}/draw/free-entries`);
    expect(free.status).toBe(200);
    expect(await free.text()).toBe("");
  });

  it("every public row counts against the anonymous per-IP budget, the entry-list file included; the gateway's webhook does not", async () => {
    const c = await closedContest([1]);
    process.env.RATE_LIMIT_ANON_PER_MINUTE = "3";
    const path = `/api/contests/${c.id}/draw/entries`;
    for (let i = 0; i < 3; i++) expect((await get(path, ip(1))).status).toBe(200);
    const refused = await rest(t.db, "GET", path, { headers: ip(1) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toMatch(/^Too many requests from your address/);
    // The login redirect is a public raw row too.
    expect((await get("/api/login", ip(1))).status).toBe(429);
    // A signed-in player is held by their own limits, not the address's.
    expect((await rest(t.db, "GET", path, { headers: ip(1), user: ada })).status).toBe(200);
    // The gateway's signed webhook is never refused for volume (refused for its signature instead).
    for (let i = 0; i < 5; i++) {
      const hook = await rest(t.db, "POST", "/api/payments/webhook", { rawBody: '{"track_id":"x"}', headers: ip(2) });
      expect(hook.status).not.toBe(429);
    }
  });
});
