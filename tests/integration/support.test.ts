import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEventBus } from "../../src/server/events";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest, signalCallerFor } from "../helpers/fixtures";

describe(`support chat service, router and REST rows (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await (await getEventBus()).close();
    await t.close();
  });

  it("a player sends trimmed text and reads their own thread; isFromAdmin is ignored", async () => {
    const player = await createUser(t.db);
    const sent = await rest(t.db, "POST", "/api/support/messages", {
      user: player,
      body: { message: "  Hello, I need help  ", isFromAdmin: true },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ message: "Hello, I need help", isFromAdmin: false });
    const thread = await rest(t.db, "GET", "/api/support/messages", { user: player });
    expect(thread.status).toBe(200);
    expect(thread.body).toHaveLength(1);
    expect(Object.keys(thread.body[0]).sort()).toEqual(["createdAt", "id", "isFromAdmin", "message"]);
    // nobody else sees it in their thread
    const other = await createUser(t.db);
    expect((await rest(t.db, "GET", "/api/support/messages", { user: other })).body).toEqual([]);
  });

  it("refuses empty, whitespace-only and over-long messages with a clear 400", async () => {
    const player = await createUser(t.db);
    for (const message of ["", "   \n\t "]) {
      const res = await rest(t.db, "POST", "/api/support/messages", { user: player, body: { message } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "Message cannot be empty" });
    }
    const missing = await rest(t.db, "POST", "/api/support/messages", { user: player, body: {} });
    expect(missing.status).toBe(400);
    const long = await rest(t.db, "POST", "/api/support/messages", { user: player, body: { message: "x".repeat(2001) } });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: "Message must be at most 2,000 characters" });
    const max = await rest(t.db, "POST", "/api/support/messages", { user: player, body: { message: "x".repeat(2000) } });
    expect(max.status).toBe(201);
    expect((await rest(t.db, "POST", "/api/support/messages", { body: { message: "hi" } })).status).toBe(401);
  });

  it("admins list conversations with unread counts, search by name or email, read, reply and mark read", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const alice = await createUser(t.db, { firstName: "Alice", lastName: "Archer", email: "alice.support@example.com" });
    const bob = await createUser(t.db, { firstName: "Bob", lastName: "Baker", email: "bob.b@example.com" });
    await rest(t.db, "POST", "/api/support/messages", { user: alice, body: { message: "A1" } });
    await rest(t.db, "POST", "/api/support/messages", { user: alice, body: { message: "A2" } });
    await rest(t.db, "POST", "/api/support/messages", { user: bob, body: { message: "B1" } });

    const list = await rest(t.db, "GET", "/api/admin/conversations", { user: admin });
    expect(list.status).toBe(200);
    const mine = list.body.filter((c: { userId: string }) => [alice.id, bob.id].includes(c.userId));
    expect(mine.map((c: { userName: string }) => c.userName)).toEqual(["Bob Baker", "Alice Archer"]); // newest first
    const a = mine.find((c: { userId: string }) => c.userId === alice.id);
    expect(a).toMatchObject({ id: alice.id, userEmail: "alice.support@example.com", unreadCount: 2 });
    expect(typeof a.lastMessageAt).toBe("string");

    const byName = await rest(t.db, "GET", "/api/admin/conversations?search=alice%20arch", { user: admin });
    expect(byName.body.map((c: { userId: string }) => c.userId)).toEqual([alice.id]);
    const byEmail = await rest(t.db, "GET", "/api/admin/conversations?search=BOB.B@", { user: admin });
    expect(byEmail.body.map((c: { userId: string }) => c.userId)).toEqual([bob.id]);
    expect((await rest(t.db, "GET", "/api/admin/conversations?search=nobody-here", { user: admin })).body).toEqual([]);

    const thread = await rest(t.db, "GET", `/api/admin/conversations/${alice.id}/messages`, { user: admin });
    expect(thread.status).toBe(200);
    expect(thread.body.map((m: { message: string }) => m.message)).toEqual(["A1", "A2"]);

    const read = await rest(t.db, "POST", `/api/admin/conversations/${alice.id}/read`, { user: admin });
    expect(read.status).toBe(200);
    const after = await rest(t.db, "GET", "/api/admin/conversations", { user: admin });
    expect(after.body.find((c: { userId: string }) => c.userId === alice.id).unreadCount).toBe(0);
    expect(after.body.find((c: { userId: string }) => c.userId === bob.id).unreadCount).toBe(1);

    const reply = await rest(t.db, "POST", "/api/support/admin-reply", {
      user: admin,
      body: { userId: bob.id, message: "  We are on it  " },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ message: "We are on it", isFromAdmin: true });
    // replying reads the conversation and notifies the player
    expect(
      (await rest(t.db, "GET", "/api/admin/conversations", { user: admin })).body.find(
        (c: { userId: string }) => c.userId === bob.id,
      ).unreadCount,
    ).toBe(0);
    const notes = await rest(t.db, "GET", "/api/notifications", { user: bob });
    expect(notes.body[0]).toMatchObject({ title: "New message from support", message: "We are on it", isRead: false });
    const bobThread = await rest(t.db, "GET", "/api/support/messages", { user: bob });
    expect(bobThread.body.map((m: { message: string; isFromAdmin: boolean }) => [m.message, m.isFromAdmin])).toEqual([
      ["B1", false],
      ["We are on it", true],
    ]);
    // the player reading the thread marks the admin's reply read by the user
    const row = await t.db.supportMessage.findFirstOrThrow({ where: { userId: bob.id, isFromAdmin: true } });
    expect(row.readByUser).toBe(true);
    expect(row.senderId).toBe(admin.id);
  });

  it("admin reply refuses an empty message, a missing user and an unknown user", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const player = await createUser(t.db);
    const empty = await rest(t.db, "POST", "/api/support/admin-reply", {
      user: admin,
      body: { userId: player.id, message: "  " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: "Message cannot be empty" });
    const noUser = await rest(t.db, "POST", "/api/support/admin-reply", { user: admin, body: { message: "hello" } });
    expect(noUser.status).toBe(400);
    expect(noUser.body).toEqual({ message: "No user selected" });
    const blankUser = await rest(t.db, "POST", "/api/support/admin-reply", { user: admin, body: { userId: " ", message: "hi" } });
    expect(blankUser.status).toBe(400);
    const unknown = await rest(t.db, "POST", "/api/support/admin-reply", {
      user: admin,
      body: { userId: "no-such-user", message: "hello" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "User not found" });
    expect(await t.db.supportMessage.count({ where: { isFromAdmin: true, userId: player.id } })).toBe(0);
    expect(await t.db.notification.count({ where: { userId: player.id } })).toBe(0);
    const unknownThread = await rest(t.db, "GET", "/api/admin/conversations/no-such-user/messages", { user: admin });
    expect(unknownThread.status).toBe(404);
  });

  it("only admins read other people's conversations or reply", async () => {
    const victim = await createUser(t.db);
    const player = await createUser(t.db);
    await rest(t.db, "POST", "/api/support/messages", { user: victim, body: { message: "secret" } });
    const paths: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/conversations"],
      ["GET", `/api/admin/conversations/${victim.id}/messages`],
      ["POST", `/api/admin/conversations/${victim.id}/read`],
      ["POST", "/api/support/admin-reply", { userId: victim.id, message: "fake support" }],
    ];
    for (const [method, path, body] of paths) {
      const asPlayer = await rest(t.db, method, path, { user: player, body });
      expect(asPlayer.status, `${method} ${path}`).toBe(403);
      const anon = await rest(t.db, method, path, { body });
      expect(anon.status, `${method} ${path}`).toBe(401);
    }
    expect(await t.db.supportMessage.count({ where: { userId: victim.id, isFromAdmin: true } })).toBe(0);
  });

  it("live: the player's thread, the admin's list and open thread tick on the right events", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const player = await createUser(t.db);
    const stranger = await createUser(t.db);
    const bus = await getEventBus();
    const before = bus.listenerCount();
    const controller = new AbortController();
    const asPlayer = await signalCallerFor(t.db, player, controller.signal);
    const asAdmin = await signalCallerFor(t.db, admin, controller.signal);
    const thread = (await asPlayer.support.onThread())[Symbol.asyncIterator]();
    const list = (await asAdmin.support.onConversations())[Symbol.asyncIterator]();
    const open = (await asAdmin.support.onConversation({ userId: player.id }))[Symbol.asyncIterator]();
    for (const it of [thread, list, open]) expect((await it.next()).value).toEqual({ kind: "ready" });
    expect(bus.listenerCount()).toBe(before + 3);

    const listNext = list.next();
    await rest(t.db, "POST", "/api/support/messages", { user: stranger, body: { message: "other conversation" } });
    // The admin's list tick names the conversation that changed, so only that row is read again.
    expect((await listNext).value).toEqual({ kind: "support", userIds: [stranger.id] });

    const threadNext = thread.next();
    const openNext = open.next();
    await rest(t.db, "POST", "/api/support/admin-reply", { user: admin, body: { userId: player.id, message: "hi" } });
    expect((await threadNext).value).toEqual({ kind: "support", userIds: [player.id] });
    expect((await openNext).value).toEqual({ kind: "support", userIds: [player.id] });

    // a player can't subscribe to the admin streams
    const asOther = await signalCallerFor(t.db, stranger, controller.signal);
    await expect(asOther.support.onConversations()).rejects.toThrow(/Admin access required/);
    await expect(asOther.support.onConversation({ userId: player.id })).rejects.toThrow(/Admin access required/);

    controller.abort();
    for (const it of [thread, list, open]) {
      // at most one coalesced tick may still be queued; then the stream ends
      let r = await it.next();
      if (!r.done) r = await it.next();
      expect(r.done).toBe(true);
    }
    expect(bus.listenerCount()).toBe(before);
  });
});
