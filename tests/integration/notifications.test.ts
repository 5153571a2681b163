import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEventBus } from "../../src/server/events";
import { resetDrainForTests, SERVER_RESTARTING, startClosing } from "../../src/server/platform/drain";
import { notify, unreadCount } from "../../src/server/services/kernel";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createUser, rest, signalCallerFor } from "../helpers/fixtures";

describe(`notifications service, router and REST rows (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await (await getEventBus()).close();
    await t.close();
  });

  it("lists newest first with the product's fields, counts unread, marks one and all read", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    await notify(t.db, user.id, { type: "success", title: "First", message: "one" });
    await notify(t.db, user.id, { title: "Second", message: "two" });
    await notify(t.db, user.id, { type: "contest_result", title: "Third", message: "three" });
    await notify(t.db, other.id, { title: "Not yours", message: "x" });

    const list = await rest(t.db, "GET", "/api/notifications", { user });
    expect(list.status).toBe(200);
    expect(list.body.map((n: { title: string }) => n.title)).toEqual(["Third", "Second", "First"]);
    expect(Object.keys(list.body[0]).sort()).toEqual(["createdAt", "id", "isRead", "message", "title", "type"]);
    expect(list.body[1].type).toBe("other"); // the default type

    const count = await rest(t.db, "GET", "/api/notifications/unread-count", { user });
    expect(count.status).toBe(200);
    expect(count.body).toBe(3); // a bare number

    const one = await rest(t.db, "POST", `/api/notifications/${list.body[0].id}/read`, { user });
    expect(one.status).toBe(200);
    expect(one.body.message).toBeTruthy();
    expect((await rest(t.db, "GET", "/api/notifications/unread-count", { user })).body).toBe(2);

    const all = await rest(t.db, "POST", "/api/notifications/mark-all-read", { user });
    expect(all.status).toBe(200);
    expect((await rest(t.db, "GET", "/api/notifications/unread-count", { user })).body).toBe(0);
    // the other user's notification is untouched
    expect((await rest(t.db, "GET", "/api/notifications/unread-count", { user: other })).body).toBe(1);
  });

  it("refuses to mark someone else's notification (404) and needs a session (401)", async () => {
    const owner = await createUser(t.db);
    const intruder = await createUser(t.db);
    const n = await notify(t.db, owner.id, { title: "Private", message: "p" });
    const res = await rest(t.db, "POST", `/api/notifications/${n.id}/read`, { user: intruder });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Notification not found" });
    const caller = await callerFor(t.db, owner);
    expect((await caller.notifications.list())[0]?.isRead).toBe(false);

    const anon = await rest(t.db, "GET", "/api/notifications");
    expect(anon.status).toBe(401);
    expect(anon.body.message).toContain("Unauthorized");
    expect((await rest(t.db, "GET", "/api/notifications/unread-count")).status).toBe(401);
  });

  it("sign-up leaves a welcome notification", async () => {
    const res = await rest(t.db, "POST", "/api/auth/signup", {
      body: {
        firstName: "Wendy",
        lastName: "Welcome",
        email: `wendy-${Date.now()}@example.com`,
        password: "secret1",
        confirmPassword: "secret1",
        securityQuestion: "What was the name of your first pet?",
        securityAnswer: "rex",
      },
    });
    expect(res.status).toBe(201);
    const rows = await t.db.notification.findMany({ where: { userId: res.body.user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.title).toBe("Welcome to Prize Contests!");
  });

  it("a notification made inside a rolled-back transaction neither persists nor fires", async () => {
    const user = await createUser(t.db);
    const bus = await getEventBus();
    const seen: string[] = [];
    const off = bus.subscribe((e) => {
      if (e.kind === "notification" && e.userId === user.id) seen.push("event");
    });
    await t.db
      .$transaction(async (tx) => {
        await notify(tx, user.id, { title: "Never", message: "rolled back" });
        throw new Error("abort");
      })
      .catch(() => {});
    await t.db.$transaction(async (tx) => {
      await notify(tx, user.id, { title: "Kept", message: "committed" });
      // not delivered before the commit
      await new Promise((r) => setTimeout(r, 50));
      expect(seen).toEqual([]);
    });
    await expect.poll(() => seen.length).toBe(1);
    off();
    const rows = await t.db.notification.findMany({ where: { userId: user.id } });
    expect(rows.map((r) => r.title)).toEqual(["Kept"]);
  });

  it("the onChange subscription ticks for the user's own notifications and stops on abort", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const bus = await getEventBus();
    const before = bus.listenerCount();
    const controller = new AbortController();
    const caller = await signalCallerFor(t.db, user, controller.signal);
    const iterable = await caller.notifications.onChange();
    const it = iterable[Symbol.asyncIterator]();
    expect((await it.next()).value).toMatchObject({ kind: "ready", header: { me: { id: user.id } } });
    const next = it.next();
    await notify(t.db, other.id, { title: "other", message: "x" });
    await notify(t.db, user.id, { title: "mine", message: "y" });
    expect((await next).value).toMatchObject({ kind: "notification", header: { me: { id: user.id }, unread: 1 } });
    expect(bus.listenerCount()).toBe(before + 1);
    // The client leaves while the procedure waits for the next event: the generator ends and unsubscribes.
    const waiting = it.next();
    controller.abort();
    expect((await waiting).done).toBe(true);
    expect(bus.listenerCount()).toBe(before);
  });

  it("a restart ends every live stream with SERVICE_UNAVAILABLE, the code httpSubscriptionLink reconnects on", async () => {
    const user = await createUser(t.db);
    const bus = await getEventBus();
    const before = bus.listenerCount();
    const caller = await signalCallerFor(t.db, user, new AbortController().signal);
    const it = (await caller.notifications.onChange())[Symbol.asyncIterator]();
    expect((await it.next()).value).toMatchObject({ kind: "ready" });
    const waiting = it.next();
    try {
      startClosing();
      await expect(waiting).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", message: SERVER_RESTARTING });
      expect(bus.listenerCount()).toBe(before);
    } finally {
      resetDrainForTests();
    }
  });

  it("every tick carries the header as read after the change it announces: the player, balance included, and the unread count", async () => {
    const user = await createUser(t.db);
    await notify(t.db, user.id, { title: "before", message: "x" });
    await t.db.user.update({ where: { id: user.id }, data: { balance: "12.340", cashBalance: "12.340" } });
    const controller = new AbortController();
    const caller = await signalCallerFor(t.db, user, controller.signal);
    const it = (await caller.notifications.onChange())[Symbol.asyncIterator]();
    const ready = (await it.next()).value;
    const me = await (await callerFor(t.db, user)).auth.me();
    expect(ready).toEqual({ kind: "ready", header: { me, unread: await unreadCount(t.db, user.id) } });
    expect(ready).toMatchObject({ header: { me: { id: user.id, balance: "12.34" }, unread: 1 } }); // "before" (createUser sends no welcome)
    // A later tick brings what changed with it: the page does not ask for the count or the player.
    const next = it.next();
    await t.db.user.update({ where: { id: user.id }, data: { balance: "20.000", cashBalance: "20.000" } });
    await notify(t.db, user.id, { title: "after", message: "y" });
    expect((await next).value).toMatchObject({ kind: "notification", header: { me: { balance: "20.00" }, unread: 2 } });
    // Marking read announces the lower count the same way.
    const afterRead = it.next();
    await (await callerFor(t.db, user)).notifications.markAllRead();
    expect((await afterRead).value).toMatchObject({ kind: "notification", header: { unread: 0 } });
    controller.abort();
  });

  it("subscriptions need a session", async () => {
    const anon = await callerFor(t.db);
    await expect(anon.notifications.onChange()).rejects.toThrow(/Unauthorized/);
  });
});
