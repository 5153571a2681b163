/**
 * The admin lists that were cut at a fixed number of rows are keyset pages like every growing list
 * (docs/performance.md "Every list is a page", docs/admin.md "Paged lists"): walked with the cursor,
 * every row comes exactly once in the documented order; the work queues (pending withdrawals, open
 * complaints) oldest / earliest due first, `status=all` everything newest first; a bad cursor or
 * limit is a 400 and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AbuseSignal, Complaint, EmailOutbox, User, Withdrawal } from "../../src/generated/prisma/client";
import { complaintReference } from "@/shared/complaints";
import { RISK_THRESHOLDS } from "@/shared/safer-play";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, rest } from "../helpers/fixtures";

const N = 12;
const LIMIT = 5;
const start = Date.now() - 86_400_000;
/** Deterministic but not in creation order: rows made later are not always newer or due later. */
const shuffled = [7, 2, 11, 0, 5, 9, 3, 10, 1, 6, 8, 4];

/** Every page of a REST list, each `limit` long but the last, following the cursor (`key` of the last row). */
async function walk(t: TestDb, user: User, path: string, key = "id"): Promise<Record<string, unknown>[]> {
  const seen: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10; i++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await rest(t.db, "GET", `${path}${sep}limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
      user,
    });
    expect(res.status).toBe(200);
    const page = res.body as Record<string, unknown>[];
    expect(page.length).toBeLessThanOrEqual(LIMIT);
    seen.push(...page);
    if (page.length < LIMIT) return seen;
    cursor = String(page.at(-1)?.[key]);
  }
  throw new Error(`${path} did not end`);
}

/** A bad cursor or limit: 400 with a message. */
async function refused(t: TestDb, user: User, path: string) {
  for (const q of ["cursor=nope-no-such-row", "limit=0", "limit=101", "limit=abc"]) {
    const res = await rest(t.db, "GET", `${path}${path.includes("?") ? "&" : "?"}${q}`, { user });
    expect(res.status, q).toBe(400);
    expect(res.body.message, q).toBeTruthy();
  }
}

describe(`capped admin lists are paged (${dbKind()})`, () => {
  let t: TestDb;
  let owner: User;
  let player: User;
  beforeAll(async () => {
    t = await createTestDb();
    owner = await createUser(t.db, { role: "owner" });
    player = await createUser(t.db);
  });
  afterAll(() => t.close());

  it("withdrawals: the pending queue oldest first, every withdrawal newest first with status=all", async () => {
    const rows: Withdrawal[] = [];
    for (let i = 0; i < N; i++) {
      rows.push(
        await t.db.withdrawal.create({
          data: {
            userId: player.id,
            amount: `${10 + i}`,
            cryptoCurrency: "USDT",
            network: "TRC20",
            address: "TXYZ",
            // Two rows share a timestamp: the id breaks the tie, so the cursor still splits them.
            createdAt: new Date(start + (shuffled[i === 3 ? 1 : i] ?? 0) * 60_000),
            ...(i % 3 === 0 && { status: "paid" as const, paidAt: new Date(), txid: `tx-${i}` }),
          },
        }),
      );
    }
    const byOldest = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    const pending = await walk(t, owner, "/api/admin/withdrawals");
    expect(pending.map((w) => w.id)).toEqual(byOldest.filter((w) => w.status === "pending").map((w) => w.id));
    expect(pending.every((w) => w.status === "pending")).toBe(true);
    const all = await walk(t, owner, "/api/admin/withdrawals?status=all");
    expect(all.map((w) => w.id)).toEqual([...byOldest].reverse().map((w) => w.id));
    // Without ?limit a page is 50: all twelve in one.
    expect((await rest(t.db, "GET", "/api/admin/withdrawals?status=all", { user: owner })).body).toHaveLength(N);
    const before = await t.db.withdrawal.findMany({ orderBy: { id: "asc" } });
    await refused(t, owner, "/api/admin/withdrawals");
    await refused(t, owner, "/api/admin/withdrawals?status=all");
    expect((await rest(t.db, "GET", "/api/admin/withdrawals?status=done", { user: owner })).status).toBe(400);
    expect(await t.db.withdrawal.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("complaints: the open ones earliest due first, every complaint newest first with status=all; the cursor is a reference", async () => {
    const rows: Complaint[] = [];
    for (let i = 0; i < N; i++) {
      rows.push(
        await t.db.complaint.create({
          data: {
            userId: player.id,
            category: "draw",
            subject: `paging ${i}`,
            body: "b",
            // Due dates out of filing order; two share one (the number breaks the tie).
            dueAt: new Date(start + 10 * 86_400_000 + (shuffled[i === 6 ? 4 : i] ?? 0) * 3_600_000),
            status: i % 4 === 1 ? "answered" : "acknowledged",
            answeredAt: i % 4 === 1 ? new Date() : null,
          },
        }),
      );
    }
    const ref = (c: Complaint) => complaintReference(c.number, c.createdAt);
    const open = await walk(t, owner, "/api/admin/complaints", "reference");
    expect(open.map((c) => c.reference)).toEqual(
      rows
        .filter((c) => c.status === "acknowledged")
        .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.number - b.number)
        .map(ref),
    );
    const all = await walk(t, owner, "/api/admin/complaints?status=all", "reference");
    expect(all.map((c) => c.reference)).toEqual([...rows].sort((a, b) => b.number - a.number).map(ref));
    const before = await t.db.complaint.findMany({ orderBy: { id: "asc" } });
    await refused(t, owner, "/api/admin/complaints");
    // A well-formed reference that names no complaint is refused too.
    const unknown = await rest(t.db, "GET", "/api/admin/complaints?cursor=C-2026-999999", { user: owner });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unknown cursor");
    expect(await t.db.complaint.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("outbox: newest first a page at a time, each page read audited; a bad cursor reads and audits nothing", async () => {
    const to = "paging-outbox@example.com";
    const rows: EmailOutbox[] = [];
    for (let i = 0; i < N; i++) {
      rows.push(
        await t.db.emailOutbox.create({
          data: {
            to,
            kind: "other",
            subject: `mail ${i}`,
            text: "t",
            html: "<p>t</p>",
            createdAt: new Date(start + (shuffled[i] ?? 0) * 1_000),
          },
        }),
      );
    }
    await t.db.emailOutbox.create({
      data: { to: "someone-else@example.com", kind: "other", subject: "x", text: "t", html: "t" },
    });
    const caller = await callerFor(t.db, owner);
    const audits = () => t.db.auditLog.count({ where: { action: "outbox.read", actorId: owner.id } });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const rowsOf = await caller.admin.outbox({ search: to, limit: LIMIT, cursor });
      seen.push(...rowsOf.map((m) => m.id));
      cursor = rowsOf.at(-1)?.id;
    }
    expect(seen).toEqual(
      [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id)).map((m) => m.id),
    );
    expect(await audits()).toBe(3);
    await expect(caller.admin.outbox({ search: to, cursor: "nope" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.admin.outbox({ limit: 101 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await audits()).toBe(3);
  });

  it("players at risk: by player id, a bounded page each, every flagged player once; a calm player never", async () => {
    const flagged: string[] = [];
    const noon = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 1, 12));
    let ref = 0;
    const topUps = async (userId: string, n: number) => {
      for (let k = 0; k < n; k++)
        await t.db.payment.create({
          data: {
            userId,
            amount: "20",
            cryptoCurrency: "USDT",
            provider: "sandbox",
            trackId: `paging-risk-${ref++}`,
            payLink: "https://example.com",
            createdAt: new Date(noon.getTime() + k * 60_000),
          },
        });
    };
    for (let i = 0; i < N; i++) {
      const u = await createUser(t.db);
      await topUps(u.id, RISK_THRESHOLDS.topUpsPerDay);
      flagged.push(u.id);
    }
    const calm = await createUser(t.db);
    await topUps(calm.id, RISK_THRESHOLDS.topUpsPerDay - 1);
    const rows = await walk(t, owner, "/api/admin/risk-markers", "userId");
    expect(rows.map((r) => r.userId)).toEqual([...flagged].sort());
    expect(rows.every((r) => (r.markers as string[]).includes("many_top_ups"))).toBe(true);
    // The cursor may name a player who is not flagged: the walk goes on after them.
    const afterCalm = (await rest(t.db, "GET", `/api/admin/risk-markers?cursor=${calm.id}`, { user: owner })).body;
    expect(afterCalm.map((r: { userId: string }) => r.userId)).toEqual(flagged.filter((id) => id > calm.id).sort());
    await refused(t, owner, "/api/admin/risk-markers");
  });

  it("identity checks waiting: oldest first a page at a time; the cursor is the last userId", async () => {
    const waiting: { userId: string; at: Date }[] = [];
    for (let i = 0; i < N; i++) {
      const u = await createUser(t.db);
      // Two asked at the same instant: the userId breaks the tie.
      const at = new Date(start + (shuffled[i === 8 ? 2 : i] ?? 0) * 1_000);
      await t.db.identityProfile.create({
        data: { userId: u.id, checkStatus: i === 5 ? "approved" : "pending", checkRequestedAt: at },
      });
      if (i !== 5) waiting.push({ userId: u.id, at });
    }
    const rows = await walk(t, owner, "/api/admin/identity", "userId");
    expect(rows.map((r) => r.userId)).toEqual(
      [...waiting].sort((a, b) => a.at.getTime() - b.at.getTime() || a.userId.localeCompare(b.userId)).map((w) => w.userId),
    );
    await refused(t, owner, "/api/admin/identity");
  });

  it("abuse signals: newest first a page at a time", async () => {
    const rows: AbuseSignal[] = [];
    for (let i = 0; i < N; i++) {
      rows.push(
        await t.db.abuseSignal.create({
          data: {
            userId: player.id,
            kind: "disposable_email",
            key: `paging-${i}`,
            linkedUserIds: [],
            evidence: {},
            createdAt: new Date(start + (shuffled[i] ?? 0) * 1_000),
          },
        }),
      );
    }
    const all = await walk(t, owner, "/api/admin/abuse-signals");
    expect(all.map((s) => s.id)).toEqual(
      [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id)).map((s) => s.id),
    );
    await refused(t, owner, "/api/admin/abuse-signals");
  });
});
