import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PRIVILEGED_ADMIN_READS } from "../../src/server/api/privileged";
import { createSession } from "../../src/server/auth/session";
import { exportRoutes } from "../../src/server/rest/routes/exports";
import { csvCell, EXPORT_LIMITS } from "../../src/server/services/admin";
import { TWO_FACTOR_REQUIRED } from "../../src/server/services/accounts";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { buyTickets } from "../helpers/entries";
import { drawContest } from "../../src/server/services/draws";

/** RFC 4180 lines of a small CSV (quoted cells may hold commas and doubled quotes; none here hold line breaks). */
function parseCsv(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map((m) => (m[1] ?? "").replace(/^"|"$/g, "").replace(/""/g, '"')),
    );
}

describe(`admin CSV exports (${dbKind()})`, () => {
  let t: TestDb;
  const saved = { ...EXPORT_LIMITS };
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterEach(() => {
    Object.assign(EXPORT_LIMITS, saved);
    delete process.env.ADMIN_2FA_REQUIRED;
  });
  afterAll(() => t.close());

  it("cells are RFC 4180 and defused against formula injection; numbers stay numbers", () => {
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1-555")).toBe("'+1-555");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-5.00")).toBe("-5.00");
    expect(csvCell(null)).toBe("");
    expect(csvCell(new Date("2026-01-02T03:04:05.000Z"))).toBe("2026-01-02T03:04:05.000Z");
  });

  it("signed out 401, a player 403, for every export", async () => {
    const player = await createUser(t.db);
    const contest = await createContest(t.db);
    for (const path of [
      "/api/admin/export/payments.csv",
      "/api/admin/export/withdrawals.csv",
      "/api/admin/export/audit.csv",
      `/api/admin/contests/${contest.id}/entries.csv`,
    ]) {
      expect((await rest(t.db, "GET", path)).status, path).toBe(401);
      expect((await rest(t.db, "GET", path, { user: player })).status, path).toBe(403);
    }
  });

  it("payments: a header, every payment newest first over several pages, hostile text defused, never cached", async () => {
    EXPORT_LIMITS.pageRows = 2;
    const admin = await createUser(t.db, { role: "owner" });
    const payer = await createUser(t.db, { email: "payer.csv@example.com" });
    for (let i = 0; i < 5; i++) {
      await t.db.payment.create({
        data: {
          userId: payer.id,
          amount: `${10 + i}.5`,
          cryptoCurrency: "BTC",
          provider: "sandbox",
          trackId: `csv-track-${i}`,
          payLink: "http://localhost/pay",
          status: i === 4 ? "rejected" : "pending",
          rejectionReason: i === 4 ? '=cmd|" /C calc"!A0, really' : null,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        },
      });
    }
    const res = await rest(t.db, "GET", "/api/admin/export/payments.csv", { user: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-export-truncated")).toBe("false");
    const [header, ...rows] = parseCsv(res.body as string);
    expect(header?.slice(0, 4)).toEqual(["id", "createdAt", "userEmail", "amount"]);
    expect(rows.map((r) => r[8])).toEqual(["csv-track-4", "csv-track-3", "csv-track-2", "csv-track-1", "csv-track-0"]);
    expect(rows[0]?.[3]).toBe("14.50");
    expect(rows[0]?.[2]).toBe("payer.csv@example.com");
    expect(rows[0]?.[header?.indexOf("rejectionReason") ?? -1]).toBe(`'=cmd|" /C calc"!A0, really`);
  });

  it("is bounded: at most EXPORT_LIMITS.maxRows rows, and the answer says it was cut", async () => {
    EXPORT_LIMITS.pageRows = 2;
    EXPORT_LIMITS.maxRows = 3;
    const admin = await createUser(t.db, { role: "owner" });
    await t.db.auditLog.createMany({
      data: Array.from({ length: 6 }, (_, i) => ({
        actorEmail: "a@example.com",
        action: "test.export",
        targetType: "test",
        targetId: `t${i}`,
        after: { i },
        createdAt: new Date(Date.UTC(2030, 0, 1 + i)),
      })),
    });
    const res = await rest(t.db, "GET", "/api/admin/export/audit.csv", { user: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-export-truncated")).toBe("true");
    expect(res.headers.get("x-export-rows")).toBe("3");
    const [, ...rows] = parseCsv(res.body as string);
    expect(rows.map((r) => r[6])).toEqual(["t5", "t4", "t3"]);
    expect(rows[0]?.[9]).toBe('{"i":5}');
  });

  it("a contest's entries in ticket order; an unknown contest is a 404", async () => {
    EXPORT_LIMITS.pageRows = 1;
    const admin = await createUser(t.db, { role: "owner" });
    const contest = await createContest(t.db);
    const buyer = await createUser(t.db, { firstName: "Ada", lastName: "Lovelace" });
    for (const [first, last] of [
      [4, 6],
      [1, 3],
    ] as const) {
      await t.db.ticketEntry.create({
        data: {
          userId: buyer.id,
          contestId: contest.id,
          ticketCount: last - first + 1,
          firstTicket: first,
          lastTicket: last,
          totalAmount: "4.5",
        },
      });
    }
    const res = await rest(t.db, "GET", `/api/admin/contests/${contest.id}/entries.csv`, { user: admin });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.body as string);
    expect(header).toContain("firstTicket");
    expect(rows.map((r) => [r[5], r[6], r[3]])).toEqual([
      ["1", "3", "Ada"],
      ["4", "6", "Ada"],
    ]);
    const missing = await rest(t.db, "GET", "/api/admin/contests/no-such-contest/entries.csv", { user: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Contest not found" });
  });

  it("after a draw each entry's result reads won or lost (the draw writes the winner on the contest, not on entries)", async () => {
    EXPORT_LIMITS.pageRows = 100;
    const admin = await createUser(t.db, { role: "owner" });
    const contest = await createContest(t.db, { maxTickets: 10 });
    const [ann, bob] = [await createUser(t.db, { balance: "50" }), await createUser(t.db, { balance: "50" })];
    await buyTickets(t.db, ann, contest, 3);
    await buyTickets(t.db, bob, contest, 2);
    const outcome = await drawContest(t.db, contest.id);
    const winnerId = (await t.db.contest.findUniqueOrThrow({ where: { id: contest.id } })).winnerId;
    expect(outcome).toBeTruthy();
    expect([ann.id, bob.id]).toContain(winnerId);
    const res = await rest(t.db, "GET", `/api/admin/contests/${contest.id}/entries.csv`, { user: admin });
    const [header, ...rows] = parseCsv(res.body as string);
    const result = header?.indexOf("result") ?? -1;
    const email = header?.indexOf("userEmail") ?? -1;
    const winnerEmail = winnerId === ann.id ? ann.email : bob.email;
    expect(rows.map((r) => [r[email], r[result]])).toEqual(
      [ann, bob].map((u) => [u.email, u.email === winnerEmail ? "won" : "lost"]),
    );
  });

  it("every export row is a privileged read, and every privileged read is an export row", () => {
    expect(exportRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(PRIVILEGED_ADMIN_READS).sort());
  });

  it("ADMIN_2FA_REQUIRED=true: an admin session that skipped the second factor gets 403 with a message, and nothing is audited", async () => {
    process.env.ADMIN_2FA_REQUIRED = "true";
    const admin = await createUser(t.db, { role: "owner" });
    const contest = await createContest(t.db);
    for (const path of [
      "/api/admin/export/payments.csv",
      "/api/admin/export/withdrawals.csv",
      "/api/admin/export/audit.csv",
      `/api/admin/contests/${contest.id}/entries.csv`,
    ]) {
      const res = await rest(t.db, "GET", path, { user: admin });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual({ message: TWO_FACTOR_REQUIRED });
    }
    expect(await t.db.auditLog.count({ where: { actorId: admin.id } })).toBe(0);

    // The same admin once the session passed the code: the file, and one audit row per download.
    const { token, session } = await createSession(t.db, admin.id);
    await t.db.session.update({ where: { id: session.id }, data: { twoFactorVerifiedAt: new Date() } });
    const ok = await rest(t.db, "GET", "/api/admin/export/payments.csv", { token });
    expect(ok.status).toBe(200);
    expect(await t.db.auditLog.count({ where: { actorId: admin.id, action: "export.read" } })).toBe(1);
  });

  it("every download writes an export.read audit row naming the export, its filters and its size", async () => {
    const admin = await createUser(t.db, { role: "owner", email: "exporter@example.com" });
    const contest = await createContest(t.db);
    expect((await rest(t.db, "GET", "/api/admin/export/withdrawals.csv", { user: admin })).status).toBe(200);
    expect((await rest(t.db, "GET", `/api/admin/contests/${contest.id}/entries.csv`, { user: admin })).status).toBe(200);
    // An unknown contest is a 404 and no download: not audited.
    expect((await rest(t.db, "GET", "/api/admin/contests/nope/entries.csv", { user: admin })).status).toBe(404);
    const rows = await t.db.auditLog.findMany({ where: { actorId: admin.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.action, r.actorEmail, r.targetType, r.targetId])).toEqual([
      ["export.read", "exporter@example.com", "export", "withdrawals"],
      ["export.read", "exporter@example.com", "export", "contest_entries"],
    ]);
    expect(rows[0]?.after).toMatchObject({ export: "withdrawals", filters: {}, truncated: false });
    expect(rows[1]?.after).toMatchObject({ export: "contest_entries", filters: { contestId: contest.id }, rows: 0 });
    // The admin Audit tab's filter finds them.
    const listed = await rest(t.db, "GET", "/api/admin/audit?action=export.read", { user: admin });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(contest.id);
  });
});
