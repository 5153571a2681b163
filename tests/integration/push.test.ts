/**
 * Web push (docs/push.md; src/server/push/): a device subscribes through the REST rows, an event
 * that pushes (a top-up approved) writes a push outbox row in its own transaction, and the delivery
 * pass POSTs it to a real push service started here (tests/helpers/push-peer.ts), which verifies the
 * VAPID signature and decrypts the aes128gcm payload with the device's keys. Also: 404/410 from the
 * push service removes the device; two delivery passes at once send each push once; a claim whose
 * worker died is never sent again; other failures retry with back-off, then give up; bad input 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import {
  deliverPendingPushes,
  MAX_ATTEMPTS,
  PUSH_ROWS_KEEP_DAYS,
  purgeOldPushes,
  SENDING_LEASE_MS,
} from "../../src/server/push/delivery";
import { PUSHED_NOTIFICATIONS } from "../../src/server/push/outbox";
import { PUSH_DEVICES_MAX } from "../../src/server/push/subscriptions";
import { fanOutDrawResults } from "../../src/server/services/draws";
import { LOST_TITLE, WON_TITLE } from "../../src/server/services/draws/fanout";
import { notify } from "../../src/server/services/kernel";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { type PushPeer, startPushPeer } from "../helpers/push-peer";

describe(`web push (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  let peer: PushPeer;
  beforeAll(async () => {
    delete process.env.OXAPAY_MERCHANT_API_KEY;
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
    peer = await startPushPeer();
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const subscribe = (user: User, body: unknown) => rest(t.db, "POST", "/api/push/subscriptions", { user, body });

  async function approvedTopUp(user: User, amount = "25"): Promise<void> {
    const created = await rest(t.db, "POST", "/api/payments/create", {
      user,
      body: { amount, currency: "USD", cryptoCurrency: "USDT", network: "BEP20" },
    });
    expect(created.status).toBe(200);
    const payment = await t.db.payment.findUniqueOrThrow({ where: { trackId: created.body.trackId } });
    const approved = await rest(t.db, "POST", `/api/payments/${payment.id}/approve`, {
      user: admin,
      body: { override: true, reason: "Seen on-chain in the test" },
    });
    expect(approved.status).toBe(200);
  }

  it("a top-up approved reaches the device's push service, signed with the VAPID key and encrypted to the device", async () => {
    const player = await createUser(t.db);
    const key = await rest(t.db, "GET", "/api/push/public-key", { user: player });
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // Signed out: no key, no subscription.
    expect((await rest(t.db, "GET", "/api/push/public-key")).status).toBe(401);

    const device = peer.device();
    const sub = await subscribe(player, device);
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({ message: "Push notifications are on for this device", subscribed: true });

    const before = peer.received.length;
    await approvedTopUp(player, "25");
    const rows = await t.db.pushOutbox.findMany({ where: { subscription: { userId: player.id } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "topup_approved", status: "pending", url: "/payments" });

    const report = await deliverPendingPushes(t.db);
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const pushes = await peer.waitFor(before + 1);
    expect(peer.refused).toEqual([]);
    const got = pushes.slice(before).find((p) => p.path === new URL(device.endpoint).pathname);
    expect(got?.vapidKey).toBe(key.body.publicKey);
    expect(got?.claims.aud).toBe(peer.origin);
    expect(got?.claims.sub).toMatch(/^mailto:/);
    expect(Number(got?.ttl)).toBeGreaterThan(0);
    expect(got?.payload).toMatchObject({
      title: "Payment Approved",
      body: "Your payment of $25.00 has been approved and added to your balance.",
      url: "/payments",
    });
    expect(await t.db.pushOutbox.findUniqueOrThrow({ where: { id: rows[0]?.id } })).toMatchObject({ status: "sent" });
    const stored = await t.db.pushSubscription.findUniqueOrThrow({ where: { endpoint: device.endpoint } });
    expect(stored.lastSuccessAt).not.toBeNull();
  });

  it("pushes only the listed events, only to subscribed devices, and every device of the player", async () => {
    const player = await createUser(t.db);
    const other = await createUser(t.db);
    const [a, b] = [peer.device(), peer.device()];
    expect((await subscribe(player, a)).status).toBe(200);
    expect((await subscribe(player, b)).status).toBe(200);
    await t.db.$transaction(async (tx) => {
      await notify(tx, player.id, {
        type: "success",
        title: "Withdrawal Paid",
        message: "Your withdrawal of $5.00 has been sent.",
      });
      await notify(tx, player.id, { type: "other", title: "New reply from support", message: "Not a push" });
      await notify(tx, other.id, { type: "success", title: "Withdrawal Paid", message: "No device: no row" });
    });
    const rows = await t.db.pushOutbox.findMany({ where: { subscription: { userId: { in: [player.id, other.id] } } } });
    expect(rows.map((r) => r.kind).sort()).toEqual(["withdrawal_paid", "withdrawal_paid"]);
    expect(new Set(rows.map((r) => r.subscriptionId)).size).toBe(2);
    // A notification whose transaction rolls back pushes nothing.
    await expect(
      t.db.$transaction(async (tx) => {
        await notify(tx, player.id, { type: "success", title: "Prize Shipped", message: "rolled back" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await t.db.pushOutbox.count({ where: { kind: "prize_shipped", subscription: { userId: player.id } } })).toBe(0);
    // The draw's titles are the ones the push list names (src/server/services/draws/fanout.ts).
    expect(PUSHED_NOTIFICATIONS[WON_TITLE]?.kind).toBe("draw_result");
    expect(PUSHED_NOTIFICATIONS[LOST_TITLE]?.kind).toBe("draw_result");
    await deliverPendingPushes(t.db);
  });

  it("a draw's result is pushed to each entrant's device: the winner's and everyone else's, from the fan-out", async () => {
    const [winner, other] = [await createUser(t.db, { balance: "5" }), await createUser(t.db, { balance: "5" })];
    const devices = new Map([
      [winner.id, peer.device()],
      [other.id, peer.device()],
    ]);
    for (const u of [winner, other]) expect((await subscribe(u, devices.get(u.id))).status).toBe(200);
    const c = await createContest(t.db, { ticketPrice: "1.00", maxTickets: 2 });
    for (const u of [winner, other]) {
      expect((await rest(t.db, "POST", "/api/cart/add", { user: u, body: { contestId: c.id, quantity: 1 } })).status).toBe(200);
    }
    await fanOutDrawResults(t.db, c.id);
    const drawn = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(drawn.winnerId).not.toBeNull();
    const before = peer.received.length;
    await deliverPendingPushes(t.db);
    const got = (await peer.waitFor(before + 2)).slice(before);
    expect(peer.refused).toEqual([]);
    for (const u of [winner, other]) {
      const push = got.find((p) => p.path === new URL(devices.get(u.id)?.endpoint ?? "").pathname);
      const won = drawn.winnerId === u.id;
      expect(push?.payload).toMatchObject({ title: won ? WON_TITLE : LOST_TITLE, url: won ? "/prizes" : "/" });
      expect(push?.payload.body).toContain(c.title);
    }
  });

  it("a push service answering 410 (or 404) removes that device and its pushes", async () => {
    const player = await createUser(t.db);
    const device = peer.device();
    expect((await subscribe(player, device)).status).toBe(200);
    await approvedTopUp(player, "10");
    peer.answer = 410;
    try {
      const report = await deliverPendingPushes(t.db);
      expect(report.gone).toBe(1);
    } finally {
      peer.answer = 201;
    }
    expect(await t.db.pushSubscription.count({ where: { endpoint: device.endpoint } })).toBe(0);
    expect(await t.db.pushOutbox.count({ where: { subscription: { userId: player.id } } })).toBe(0);

    const again = peer.device();
    expect((await subscribe(player, again)).status).toBe(200);
    await approvedTopUp(player, "11");
    peer.answer = 404;
    try {
      expect((await deliverPendingPushes(t.db)).gone).toBe(1);
    } finally {
      peer.answer = 201;
    }
    expect(await t.db.pushSubscription.count({ where: { userId: player.id } })).toBe(0);
  });

  it("at most once: two delivery passes at once send each push one POST; a claim whose worker died is never sent", async () => {
    const player = await createUser(t.db);
    const devices = [peer.device(), peer.device(), peer.device()];
    for (const d of devices) expect((await subscribe(player, d)).status).toBe(200);
    await t.db.$transaction(async (tx) => {
      for (let i = 0; i < 4; i++) {
        await notify(tx, player.id, { type: "success", title: "Instant Win!", message: `Ticket #${i} won a prize.` });
      }
    });
    const rows = await t.db.pushOutbox.findMany({ where: { subscription: { userId: player.id } } });
    expect(rows).toHaveLength(12);
    const postsBefore = peer.posts;
    const receivedBefore = peer.received.length;
    const [one, two] = await Promise.all([deliverPendingPushes(t.db), deliverPendingPushes(t.db)]);
    expect(one.sent + two.sent).toBe(12);
    expect(peer.posts - postsBefore).toBe(12);
    const tags = peer.received.slice(receivedBefore).map((p) => p.payload.tag);
    expect(new Set(tags).size).toBe(12);
    expect(await t.db.pushOutbox.count({ where: { subscription: { userId: player.id }, status: "sent" } })).toBe(12);

    // A row claimed by a worker that died mid-send: failed after the lease, never POSTed.
    await t.db.$transaction(async (tx) => {
      await notify(tx, player.id, { type: "success", title: "Prize Shipped", message: "claimed then crashed" });
    });
    const stranded = await t.db.pushOutbox.findMany({ where: { kind: "prize_shipped", subscription: { userId: player.id } } });
    await t.db.pushOutbox.updateMany({
      where: { id: { in: stranded.map((r) => r.id) } },
      data: { status: "sending", claimedAt: new Date(Date.now() - SENDING_LEASE_MS - 1000), attempts: 1 },
    });
    const posts = peer.posts;
    const report = await deliverPendingPushes(t.db);
    expect(report.abandoned).toBe(3);
    expect(peer.posts).toBe(posts);
    expect(await t.db.pushOutbox.count({ where: { id: { in: stranded.map((r) => r.id) }, status: "failed" } })).toBe(3);
  });

  it("other failures retry with back-off and give up after the last attempt", async () => {
    const player = await createUser(t.db);
    expect((await subscribe(player, peer.device())).status).toBe(200);
    await approvedTopUp(player, "12");
    const [row] = await t.db.pushOutbox.findMany({ where: { subscription: { userId: player.id } } });
    if (!row) throw new Error("no push row");
    peer.answer = 503;
    try {
      let now = new Date();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await deliverPendingPushes(t.db, now);
        const r = await t.db.pushOutbox.findUniqueOrThrow({ where: { id: row.id } });
        expect(r.attempts).toBe(attempt);
        expect(r.lastError).toContain("503");
        if (attempt < MAX_ATTEMPTS) {
          expect(r.status).toBe("pending");
          expect(r.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
          // Not due yet: the next pass at the same time leaves it.
          await deliverPendingPushes(t.db, now);
          expect((await t.db.pushOutbox.findUniqueOrThrow({ where: { id: row.id } })).attempts).toBe(attempt);
          now = new Date(r.nextAttemptAt.getTime() + 1);
        } else {
          expect(r.status).toBe("failed");
        }
      }
    } finally {
      peer.answer = 201;
    }
    // The device stays: only 404/410 remove it.
    expect(await t.db.pushSubscription.count({ where: { userId: player.id } })).toBe(1);
    // Failed and sent rows are deleted after PUSH_ROWS_KEEP_DAYS; pending ones never.
    const later = new Date(Date.now() + (PUSH_ROWS_KEEP_DAYS + 1) * 86_400_000);
    await approvedTopUp(player, "13");
    await purgeOldPushes(t.db, later);
    const left = await t.db.pushOutbox.findMany({ where: { subscription: { userId: player.id } } });
    expect(left.map((r) => r.status)).toEqual(["pending"]);
    await deliverPendingPushes(t.db);
  });

  it("bad subscriptions are refused with 400 and change nothing; unsubscribe takes only the caller's device", async () => {
    const player = await createUser(t.db);
    const good = peer.device();
    const bad: [unknown, string][] = [
      [{ ...good, endpoint: "http://push.example.com/x" }, "https URL"],
      [{ ...good, endpoint: "https://10.0.0.7/push/x" }, "https URL"],
      [{ ...good, endpoint: `https://push.example.com/${"x".repeat(2100)}` }, "at most 2048"],
      [{ ...good, endpoint: "javascript:alert(1)" }, "https URL"],
      [{ ...good, keys: { ...good.keys, p256dh: "short" } }, "keys.p256dh"],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }, "keys.auth"],
      [{ ...good, keys: { ...good.keys, auth: "+/+/+/+/+/+/+/+/+/+/+/" } }, "keys.auth"],
      [{ endpoint: good.endpoint }, ""],
    ];
    for (const [body, message] of bad) {
      const res = await subscribe(player, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(String(res.body.message ?? res.body.error ?? JSON.stringify(res.body))).toContain(message);
    }
    expect((await rest(t.db, "POST", "/api/push/subscriptions", { body: good })).status).toBe(401);
    expect(await t.db.pushSubscription.count({ where: { userId: player.id } })).toBe(0);

    // A loopback (http) endpoint is a test peer: refused in production unless PUSH_ALLOW_LOOPBACK.
    const env = process.env.NODE_ENV;
    (process.env as Record<string, string>).NODE_ENV = "production";
    try {
      expect((await subscribe(player, good)).status).toBe(400);
    } finally {
      (process.env as Record<string, string | undefined>).NODE_ENV = env;
    }
    expect(await t.db.pushSubscription.count({ where: { userId: player.id } })).toBe(0);

    // The same browser subscribed by another account moves to it; the first account cannot remove it.
    expect((await subscribe(player, good)).status).toBe(200);
    const next = await createUser(t.db);
    expect((await subscribe(next, good)).status).toBe(200);
    expect((await t.db.pushSubscription.findUniqueOrThrow({ where: { endpoint: good.endpoint } })).userId).toBe(next.id);
    const notMine = await rest(t.db, "DELETE", "/api/push/subscriptions", { user: player, body: { endpoint: good.endpoint } });
    expect(notMine.status).toBe(200);
    expect(await t.db.pushSubscription.count({ where: { endpoint: good.endpoint } })).toBe(1);
    const mine = await rest(t.db, "DELETE", "/api/push/subscriptions", { user: next, body: { endpoint: good.endpoint } });
    expect(mine.body).toEqual({ message: "Push notifications are off for this device", subscribed: false });
    expect(await t.db.pushSubscription.count({ where: { endpoint: good.endpoint } })).toBe(0);
  });

  it("keeps at most PUSH_DEVICES_MAX devices per account, the newest", async () => {
    const player = await createUser(t.db);
    const endpoints: string[] = [];
    for (let i = 0; i < PUSH_DEVICES_MAX + 2; i++) {
      const d = peer.device();
      endpoints.push(d.endpoint);
      expect((await subscribe(player, d)).status).toBe(200);
    }
    const kept = await t.db.pushSubscription.findMany({ where: { userId: player.id }, select: { endpoint: true } });
    expect(kept).toHaveLength(PUSH_DEVICES_MAX);
    expect(kept.map((k) => k.endpoint)).toContain(endpoints.at(-1));
  });
});
