/**
 * The admin lists that were cut at a fixed number of rows are keyset pages like every growing list
 * (docs/performance.md "Every list is a page", docs/admin.md "Paged lists"): walked with the cursor,
 * every row comes exactly once in the documented order; the work queues (pending withdrawals, open
 * complaints) oldest / earliest due first, `status=all` everything newest first; a bad cursor or
 * limit is a 400 and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AbuseSignal, Complaint, EmailOutbox, StaffProposal, User, Withdrawal } from "../../src/generated/prisma/client";
import { complaintReference } from "@/shared/complaints";
import { RISK_THRESHOLDS } from "@/shared/safer-play";
import { FOUR_EYES_ACTIONS } from "@/shared/staff";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, rest } from "../helpers/fixtures";

const N = 12;
const LIMIT = 5;
const start = Date.now() - 86_400_000;
/** Deterministic but not in creation order: rows made later are not always newer or due later. */
const shuffled = [7, 2, 11, 0, 5, 9, 3, 10, 1, 6, 8, 4];

/** Every page of a REST list, each `limit` long but the last, following the cursor (`key` of the last row). */
async function walk(t: TestDb, user: User, path: string, key = "id", limit = LIMIT): Promise<Record<string, unknown>[]> {
  const seen: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 30; i++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await rest(t.db, "GET", `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
      user,
    });
    expect(res.status).toBe(200);
    const page = res.body as Record<string, unknown>[];
    expect(page.length).toBeLessThanOrEqual(limit);
    seen.push(...page);
    if (page.length < limit) return seen;
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
  it("waiting for a second approver: oldest first, a page at a time, only the actions asked for and the caller may confirm; 230 all reachable", async () => {
    const finance = await createUser(t.db, { role: "finance" });
    const content = await createUser(t.db, { role: "content" });
    // 230 waiting (more than the old cut of 200), their times out of creation order with many ties
    // (the id breaks them), and decided ones that never show.
    const COUNT = 230;
    await t.db.staffProposal.createMany({
      data: Array.from({ length: COUNT + 20 }, (_, i) => ({
        action: FOUR_EYES_ACTIONS[i % FOUR_EYES_ACTIONS.length] as string,
        subjectId: `paging-subject-${i}`,
        summary: { amount: `${i}`, player: `p${i}@example.com` },
        status: i < COUNT ? ("waiting" as const) : i % 2 ? ("confirmed" as const) : ("cancelled" as const),
        proposedById: i % 3 ? owner.id : finance.id,
        proposedRole: i % 3 ? "owner" : "finance",
        createdAt: new Date(start + ((i * 37) % 97) * 1_000),
      })),
    });
    const inOrder = (rows: StaffProposal[]) =>
      [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)).map((p) => p.id);
    const waiting = await t.db.staffProposal.findMany({ where: { status: "waiting" } });
    expect(waiting).toHaveLength(COUNT);

    // No parameters: the first page of 50, as before (a bare array); the default page walks to the end.
    const first = await rest(t.db, "GET", "/api/admin/approvals", { user: owner });
    expect(first.status).toBe(200);
    expect(first.body.map((p: { id: string }) => p.id)).toEqual(inOrder(waiting).slice(0, 50));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await rest(t.db, "GET", `/api/admin/approvals${cursor ? `?cursor=${cursor}` : ""}`, { user: owner });
      expect(res.status).toBe(200);
      seen.push(...res.body.map((p: { id: string }) => p.id));
      if (res.body.length < 50) break;
      cursor = res.body.at(-1).id;
    }
    expect(seen).toEqual(inOrder(waiting));
    expect(new Set(seen).size).toBe(COUNT);
    expect(first.body[0]).toMatchObject({ status: "waiting", proposedByEmail: expect.stringContaining("@") });

    // One tab's actions, a page of five at a time.
    const review = await walk(t, owner, "/api/admin/approvals?action=review.credit,review.takeBack", "id", 7);
    expect(review.map((p) => p.id)).toEqual(
      inOrder(waiting.filter((p) => p.action === "review.credit" || p.action === "review.takeBack")),
    );
    // Finance sees only what finance may confirm, however it asks; role changes are the owners'.
    const financeOnes = ["withdrawals.approve", "payments.approve", "review.credit", "review.takeBack"];
    const byFinance = await walk(t, finance, "/api/admin/approvals", "id", 20);
    expect(byFinance.map((p) => p.id)).toEqual(inOrder(waiting.filter((p) => financeOnes.includes(p.action))));
    expect((await rest(t.db, "GET", "/api/admin/approvals?action=admin.toggleAdmin", { user: finance })).body).toEqual([]);
    const byContent = await walk(t, content, "/api/admin/approvals?action=instantWins.set,withdrawals.approve");
    expect(byContent.map((p) => p.id)).toEqual(inOrder(waiting.filter((p) => p.action === "instantWins.set")));

    // The cursor may name a proposal decided since its page was read: the walk goes on after it.
    const [a, b] = inOrder(waiting);
    await t.db.staffProposal.update({ where: { id: a as string }, data: { status: "confirmed" } });
    const after = await rest(t.db, "GET", `/api/admin/approvals?limit=1&cursor=${a}`, { user: owner });
    expect(after.body.map((p: { id: string }) => p.id)).toEqual([b]);

    // Bad input: 400 with a message, nothing read.
    await refused(t, owner, "/api/admin/approvals");
    for (const q of ["action=nope", "action=withdrawals.approve,nope", `action=${"x".repeat(201)}`, "action=,"]) {
      const res = await rest(t.db, "GET", `/api/admin/approvals?${q}`, { user: owner });
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toBeTruthy();
    }
    // Viewers and support staff are refused outright (the role matrix, src/server/api/privileged.ts).
    const viewer = await createUser(t.db, { role: "viewer" });
    expect((await rest(t.db, "GET", "/api/admin/approvals", { user: viewer })).status).toBe(403);
  });

  it("support conversations: the search reaches the server by e-mail, name and message text, paged with the list's cursor", async () => {
    const at = (k: number) => new Date(start + k * 60_000);
    const players: User[] = [];
    for (let i = 0; i < N; i++) {
      const p = await createUser(t.db, { firstName: `Chatter${i}`, lastName: "Paging", email: `chat-paging-${i}@example.com` });
      players.push(p);
      await t.db.supportMessage.createMany({
        data: [
          // Every third one mentions the parcel; one is spelled in capitals.
          {
            userId: p.id,
            senderId: p.id,
            message: i % 3 === 0 ? `Where is my ${i === 3 ? "PARCEL" : "parcel"}?` : "Hello",
            createdAt: at(100 + (shuffled[i] ?? 0) * 2),
          },
          // Two conversations share their latest instant: the user id breaks the tie.
          {
            userId: p.id,
            message: "We are looking into it",
            isFromAdmin: true,
            createdAt: at(101 + (shuffled[i === 9 ? 1 : i] ?? 0) * 2),
          },
        ],
      });
    }
    // The oldest conversation of all, so never on the first page: its words are only in its messages.
    const needle = await createUser(t.db, { firstName: "Quinn", lastName: "Zephyr", email: "qz-paging@example.com" });
    await t.db.supportMessage.create({
      data: { userId: needle.id, senderId: needle.id, message: "The windscreen of my prize car is cracked", createdAt: at(1) },
    });
    const byLatest = (ids: string[]) =>
      t.db.supportConversation
        .findMany({ where: { userId: { in: ids } }, orderBy: [{ lastMessageAt: "desc" }, { userId: "asc" }] })
        .then((rows) => rows.map((r) => r.userId));

    const all = await walk(t, owner, "/api/admin/conversations");
    expect(all.map((c) => c.id)).toEqual(await byLatest([...players.map((p) => p.id), needle.id]));
    const firstPage = (await rest(t.db, "GET", `/api/admin/conversations?limit=${LIMIT}`, { user: owner })).body;
    expect(firstPage.map((c: { id: string }) => c.id)).not.toContain(needle.id);

    // Message text, any case, every word somewhere in the conversation; the e-mail; the name.
    for (const q of ["CRACKED windscreen", "cracked qz-paging", "QZ-PAGING@", "quinn zephyr", "zephyr PRIZE"]) {
      const found = await rest(t.db, "GET", `/api/admin/conversations?search=${encodeURIComponent(q)}`, { user: owner });
      expect(found.status, q).toBe(200);
      expect(
        found.body.map((c: { id: string }) => c.id),
        q,
      ).toEqual([needle.id]);
    }
    expect((await rest(t.db, "GET", "/api/admin/conversations?search=cracked%20hello", { user: owner })).body).toEqual([]);
    // LIKE's wildcards are plain characters: "%" matches no message here.
    expect((await rest(t.db, "GET", "/api/admin/conversations?search=%25", { user: owner })).body).toEqual([]);
    // A search pages like the list, each match once, in the list's order.
    const parcels = await walk(t, owner, "/api/admin/conversations?search=parcel");
    expect(parcels.map((c) => c.id)).toEqual(await byLatest(players.filter((_, i) => i % 3 === 0).map((p) => p.id)));
    // The tRPC procedure the Messages tab calls answers the same.
    const caller = await callerFor(t.db, owner);
    expect((await caller.support.conversations({ search: "windscreen", limit: LIMIT })).map((c) => c.id)).toEqual([needle.id]);

    await refused(t, owner, "/api/admin/conversations?search=parcel");
    const long = await rest(t.db, "GET", `/api/admin/conversations?search=${"a".repeat(201)}`, { user: owner });
    expect(long.status).toBe(400);
    expect(long.body.message).toBeTruthy();
    // Support and owners read conversations; finance does not (the role matrix).
    const support = await createUser(t.db, { role: "support" });
    expect((await rest(t.db, "GET", "/api/admin/conversations?search=windscreen", { user: support })).body).toHaveLength(1);
    const finance = await createUser(t.db, { role: "finance" });
    expect((await rest(t.db, "GET", "/api/admin/conversations?search=windscreen", { user: finance })).status).toBe(403);
  });
});
