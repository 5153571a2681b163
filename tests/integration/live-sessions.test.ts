import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { createContextInner } from "../../src/server/api/context";
import { appRouter, createCaller } from "../../src/server/api/root";
import { createSession } from "../../src/server/auth/session";
import { getEventBus } from "../../src/server/events";
import { LIVE_STREAM_LIMITS, openStreams, TOO_MANY_STREAMS_ACCOUNT, TOO_MANY_STREAMS_IP } from "../../src/server/events/streams";
import * as auth from "../../src/server/services/accounts";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, FIXTURE_ANSWER, FIXTURE_PASSWORD } from "../helpers/fixtures";

let ipCounter = 0;
const freshIp = () => `10.14.0.${++ipCounter}`;

describe(`live streams end with their session and are capped (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await (await getEventBus()).close();
    await t.close();
  });

  /** A signed-in caller on its own session (the token is returned so another caller can share it). */
  async function signedIn(user: User, opts: { ip?: string; token?: string; signal?: AbortSignal } = {}) {
    const token = opts.token ?? (await createSession(t.db, user.id)).token;
    const headers = new Headers({ cookie: `${SESSION_COOKIE}=${token}`, "x-forwarded-for": opts.ip ?? freshIp() });
    const caller = createCaller(await createContextInner({ db: t.db, headers }), { signal: opts.signal });
    return { caller, token };
  }

  async function openStream(user: User, opts: { ip?: string; token?: string } = {}) {
    const controller = new AbortController();
    const { caller, token } = await signedIn(user, { ...opts, signal: controller.signal });
    const it = (await caller.notifications.onChange())[Symbol.asyncIterator]();
    expect((await it.next()).value).toMatchObject({ kind: "ready", header: { me: { id: user.id } } });
    return { it, token, close: () => controller.abort() };
  }

  it("logout ends the session's streams (and only that session's)", async () => {
    const user = await createUser(t.db);
    const a = await openStream(user);
    const b = await openStream(user);
    const waitingA = a.it.next();
    const waitingB = b.it.next();
    const { caller } = await signedIn(user, { token: a.token });
    await caller.auth.logout();
    expect((await waitingA).done).toBe(true);
    // b's session lives: its stream keeps running.
    const race = await Promise.race([waitingB.then(() => "ended"), new Promise((r) => setTimeout(() => r("open"), 300))]);
    expect(race).toBe("open");
    b.close();
    expect((await waitingB).done).toBe(true);
  });

  it("a password reset ends every stream of the account", async () => {
    const user = await createUser(t.db);
    const streams = [await openStream(user), await openStream(user)];
    // The reset also notifies the owner (one tick may come first), then the streams end.
    const drain = async (it: AsyncIterator<unknown>) => {
      for (let i = 0; i < 5; i++) if ((await it.next()).done) return true;
      return false;
    };
    const waiting = streams.map((s) => drain(s.it));
    const ip = freshIp();
    const { token } = await auth.verifySecurity(t.db, { email: user.email, securityAnswer: FIXTURE_ANSWER }, { ip });
    await auth.resetPassword(t.db, { email: user.email, password: "newpass123" }, { ip, resetToken: token });
    for (const w of waiting) expect(await w).toBe(true);
    expect(openStreams({ userId: user.id })).toBe(0);
  });

  it("a password change ends the other sessions' streams, not the current one", async () => {
    const user = await createUser(t.db);
    const mine = await openStream(user);
    const other = await openStream(user);
    const waitingMine = mine.it.next();
    const waitingOther = other.it.next();
    const { caller } = await signedIn(user, { token: mine.token });
    await caller.auth.changePassword({
      currentPassword: FIXTURE_PASSWORD,
      newPassword: "another123",
      confirmPassword: "another123",
    } as never);
    expect((await waitingOther).done).toBe(true);
    const race = await Promise.race([waitingMine.then(() => "ended"), new Promise((r) => setTimeout(() => r("open"), 300))]);
    expect(race).toBe("open");
    mine.close();
    await waitingMine;
  });

  it("an expired session's stream ends by itself", async () => {
    const saved = LIVE_STREAM_LIMITS.recheckMs;
    LIVE_STREAM_LIMITS.recheckMs = 100;
    try {
      const user = await createUser(t.db);
      const s = await openStream(user);
      const waiting = s.it.next();
      await t.db.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await waiting).done).toBe(true);
    } finally {
      LIVE_STREAM_LIMITS.recheckMs = saved;
    }
  });

  it("at most 5 streams per account: the 6th is refused with 429 until one closes", async () => {
    const user = await createUser(t.db);
    const streams = [];
    for (let i = 0; i < LIVE_STREAM_LIMITS.perAccount; i++) streams.push(await openStream(user));
    const { caller } = await signedIn(user);
    await expect(caller.notifications.onChange()).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: TOO_MANY_STREAMS_ACCOUNT,
    });
    const first = streams[0];
    const ended = first?.it.next();
    first?.close();
    await ended;
    expect(openStreams({ userId: user.id })).toBe(LIVE_STREAM_LIMITS.perAccount - 1);
    streams.push(await openStream(user));
    for (const s of streams) s.close();
  });

  it("at most 20 streams per IP over all accounts", async () => {
    const ip = freshIp();
    const streams = [];
    for (let i = 0; i < LIVE_STREAM_LIMITS.perIp; i++) streams.push(await openStream(await createUser(t.db), { ip }));
    const { caller } = await signedIn(await createUser(t.db), { ip });
    await expect(caller.notifications.onChange()).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: TOO_MANY_STREAMS_IP,
    });
    for (const s of streams) {
      const w = s.it.next();
      s.close();
      await w;
    }
    expect(openStreams({ ip })).toBe(0);
  });

  it("every subscription is a capped stream that ends with its session (contests.onChange included)", async () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: { stream?: boolean } } }
    >;
    const subscriptions = Object.entries(procedures).filter(([, p]) => p._def.type === "subscription");
    expect(subscriptions.map(([path]) => path)).toContain("contests.onChange");
    for (const [path, p] of subscriptions) expect(p._def.meta?.stream, path).toBe(true);

    // contests.onChange: refused beyond the account's share, and ended by logout.
    const user = await createUser(t.db);
    const ip = freshIp();
    const open: { close: () => void; it: AsyncIterator<unknown>; token: string }[] = [];
    for (let i = 0; i < LIVE_STREAM_LIMITS.perAccount; i++) {
      const controller = new AbortController();
      const { caller, token } = await signedIn(user, { ip, signal: controller.signal });
      const it = (await caller.contests.onChange())[Symbol.asyncIterator]();
      expect((await it.next()).value).toEqual({ kind: "ready" });
      open.push({ it, token, close: () => controller.abort() });
    }
    const { caller: extra } = await signedIn(user, { ip });
    await expect(extra.contests.onChange()).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: TOO_MANY_STREAMS_ACCOUNT,
    });
    const first = open[0] as (typeof open)[number];
    const waiting = first.it.next();
    const { caller: same } = await signedIn(user, { token: first.token });
    await same.auth.logout();
    expect((await waiting).done).toBe(true);
    for (const s of open) s.close();
  });
});
