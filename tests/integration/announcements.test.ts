import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { ANNOUNCE_MESSAGES, runMarketingSend, runPendingMarketingSends } from "../../src/server/services/retention";
import { selfExclude } from "../../src/server/services/safer-play";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { type PushPeer, startPushPeer } from "../helpers/push-peer";
import { deliverPendingPushes } from "../../src/server/push/delivery";

describe(`a contest's announcement to players who opted in (${dbKind()})`, () => {
  let t: TestDb;
  let editor: User;
  const opted: User[] = [];
  let notOpted: User;
  let excluded: User;
  let closed: User;
  beforeAll(async () => {
    t = await createTestDb();
    editor = await createUser(t.db, { role: "content" });
    for (let i = 0; i < 7; i++) opted.push(await createUser(t.db));
    notOpted = await createUser(t.db);
    excluded = await createUser(t.db);
    closed = await createUser(t.db);
    const now = new Date();
    await t.db.user.updateMany({
      where: { id: { in: [...opted.map((u) => u.id), excluded.id, closed.id] } },
      data: { marketingEmailAt: now },
    });
    await selfExclude(t.db, excluded.id, "6m" as never);
    await t.db.user.update({ where: { id: closed.id }, data: { closedAt: now } });
  });
  afterAll(async () => {
    await t.close();
  });

  const mailsOf = (contestTitle: string) =>
    t.db.emailOutbox.findMany({
      where: { kind: "promotion", subject: `New contest: ${contestTitle}` },
      select: { userId: true },
    });

  it("is started once per contest on sale, audited; a viewer may not; an ended contest cannot be announced", async () => {
    const contest = await createContest(t.db, { title: "Announce Me" });
    const path = `/api/admin/contests/${contest.id}/announce`;
    expect((await rest(t.db, "POST", path, { user: await createUser(t.db, { role: "viewer" }) })).status).toBe(403);
    expect((await rest(t.db, "POST", path, { user: opted[0] })).status).toBe(403);
    const first = await rest(t.db, "POST", path, { user: editor });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: ANNOUNCE_MESSAGES.queued });
    const again = await rest(t.db, "POST", path, { user: editor });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ANNOUNCE_MESSAGES.already);
    expect(await t.db.auditLog.count({ where: { action: "contest.announce", targetId: contest.id } })).toBe(1);

    const ended = await createContest(t.db, { title: "Over", status: "ended" });
    const late = await rest(t.db, "POST", `/api/admin/contests/${ended.id}/announce`, { user: editor });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ANNOUNCE_MESSAGES.notOnSale);
    expect((await rest(t.db, "POST", "/api/admin/contests/nope/announce", { user: editor })).status).toBe(404);
    expect(await t.db.marketingSend.count({ where: { subjectId: ended.id } })).toBe(0);

    // The job resumes every unfinished send: this one reaches the players who opted in.
    expect(await runPendingMarketingSends(t.db)).toBe(1);
    expect(await mailsOf("Announce Me")).toHaveLength(opted.length);
    expect(await runPendingMarketingSends(t.db)).toBe(0);
  });

  it("reaches each opted-in player once, though it stopped half-way and two runners resumed it at once", async () => {
    const contest = await createContest(t.db, { title: "Resume Me" });
    expect((await rest(t.db, "POST", `/api/admin/contests/${contest.id}/announce`, { user: editor })).status).toBe(200);
    const send = await t.db.marketingSend.findFirstOrThrow({ where: { subjectId: contest.id } });

    // One batch of 3 players, then the runner "crashes".
    const partial = await runMarketingSend(t.db, send.id, { batchPlayers: 3, maxBatches: 1 });
    expect(partial.done).toBe(false);
    const half = await t.db.marketingSend.findUniqueOrThrow({ where: { id: send.id } });
    expect(half.cursor).not.toBeNull();
    expect(half.doneAt).toBeNull();

    // Two runners resume together: the row lock makes them take turns from the cursor.
    await Promise.all([
      runMarketingSend(t.db, send.id, { batchPlayers: 3 }),
      runMarketingSend(t.db, send.id, { batchPlayers: 3 }),
    ]);

    const mails = await mailsOf("Resume Me");
    const ids = mails.map((m) => m.userId);
    expect(new Set(ids).size).toBe(ids.length); // nobody twice
    expect(ids.sort()).toEqual(opted.map((u) => u.id).sort()); // every opted-in player; nobody blocked or not asked
    for (const u of [notOpted, excluded, closed, editor]) expect(ids).not.toContain(u.id);
    const done = await t.db.marketingSend.findUniqueOrThrow({ where: { id: send.id } });
    expect(done.doneAt).not.toBeNull();
    expect(done.queued).toBe(opted.length);

    // Every mail carries the one-click headers.
    const rows = await t.db.emailOutbox.findMany({ where: { subject: "New contest: Resume Me" } });
    for (const r of rows) expect(r.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("players who opted in to push offers get the announcement on their devices, signed and encrypted; an opt-out before delivery drops it", async () => {
    const peer: PushPeer = await startPushPeer();
    try {
      const fan = await createUser(t.db);
      const quitter = await createUser(t.db);
      const pushExcluded = await createUser(t.db);
      const emailOnly = opted[0] as User;
      const now = new Date();
      await t.db.user.updateMany({
        where: { id: { in: [fan.id, quitter.id, pushExcluded.id] } },
        data: { marketingPushAt: now },
      });
      await selfExclude(t.db, pushExcluded.id, "6m" as never);
      const devices = new Map<string, string>();
      for (const u of [fan, quitter, pushExcluded, emailOnly]) {
        const device = peer.device();
        expect((await rest(t.db, "POST", "/api/push/subscriptions", { user: u, body: device })).status).toBe(200);
        devices.set(u.id, new URL(device.endpoint).pathname);
      }
      const contest = await createContest(t.db, { title: "Push Me", ticketPrice: "2.5" });
      expect((await rest(t.db, "POST", `/api/admin/contests/${contest.id}/announce`, { user: editor })).status).toBe(200);
      await runPendingMarketingSends(t.db);

      const offers = await t.db.pushOutbox.findMany({ where: { kind: "offer" }, include: { subscription: true } });
      // The fan and the quitter opted in to push offers; not the excluded one, nor the e-mail-only player.
      expect(offers.map((o) => o.subscription.userId).sort()).toEqual([fan.id, quitter.id].sort());
      // The quitter turns push offers off before the offer leaves: it is dropped, not sent.
      expect((await rest(t.db, "PUT", "/api/user/marketing-consent", { user: quitter, body: { push: false } })).status).toBe(200);
      const report = await deliverPendingPushes(t.db);
      expect(report).toMatchObject({ sent: 1, failed: 1 });
      const [got] = await peer.waitFor(1);
      expect(peer.refused).toEqual([]);
      expect(got?.path).toBe(devices.get(fan.id));
      expect(got?.payload).toMatchObject({
        title: "New contest: Push Me",
        body: "Open now, tickets from $2.50.",
        url: `/contest/${contest.id}`,
      });
      expect(peer.received.map((p) => p.path)).not.toContain(devices.get(quitter.id));
    } finally {
      await peer.close();
    }
  });
});
