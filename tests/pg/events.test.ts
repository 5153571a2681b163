/**
 * Two app instances on one PostgreSQL: each has its own PgEventBus (its own LISTEN connection)
 * and its own Prisma pool. An event published by one (through a committed transaction) reaches
 * the other; a rolled-back one reaches nobody; a dropped LISTEN connection comes back.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/platform/db";
import { type LiveEvent, PgEventBus, publishAfterCommit } from "../../src/server/events";
import { notify } from "../../src/server/services/kernel";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser } from "../helpers/fixtures";

function collect(bus: PgEventBus): LiveEvent[] {
  const seen: LiveEvent[] = [];
  bus.subscribe((e) => seen.push(e));
  return seen;
}

describe("live events across app instances (PostgreSQL LISTEN/NOTIFY)", () => {
  let t: TestDb;
  let instanceB: DatabaseHandle;
  let busA: PgEventBus;
  let busB: PgEventBus;
  beforeAll(async () => {
    t = await createTestDb();
    instanceB = await openDatabase({ url: t.url, poolSize: 2 });
    busA = new PgEventBus(t.url as string, { maxReconnectDelayMs: 200 });
    busB = new PgEventBus(t.url as string, { maxReconnectDelayMs: 200 });
    await Promise.all([busA.ready, busB.ready]);
  });
  afterAll(async () => {
    await busA.close();
    await busB.close();
    await instanceB.close();
    await t.close();
  });

  it("two buses use two separate LISTEN connections", async () => {
    const [a, b] = await Promise.all([busA.backendPid(), busB.backendPid()]);
    expect(a).toBeTypeOf("number");
    expect(a).not.toBe(b);
  });

  it("an event committed on instance A reaches instance B (and A itself); a rollback reaches nobody", async () => {
    const user = await createUser(t.db);
    const seenA = collect(busA);
    const seenB = collect(busB);
    await instanceB.db
      .$transaction(async (tx) => {
        await publishAfterCommit(tx, { kind: "support", userId: "rolled-back" });
        throw new Error("abort");
      })
      .catch(() => {});
    // instance A's Prisma client writes the notification; B only listens
    await t.db.$transaction(async (tx) => {
      await notify(tx, user.id, { title: "Cross-instance", message: "hello" });
    });
    await expect.poll(() => seenB).toContainEqual({ kind: "notification", userId: user.id });
    await expect.poll(() => seenA).toContainEqual({ kind: "notification", userId: user.id });
    // and the other way round, through B's own database pool
    await publishAfterCommit(instanceB.db, { kind: "support", userId: user.id });
    await expect.poll(() => seenA).toContainEqual({ kind: "support", userId: user.id });
    expect([...seenA, ...seenB]).not.toContainEqual({ kind: "support", userId: "rolled-back" });
  });

  it("a bus whose LISTEN connection is killed reconnects, signals resync and receives again", async () => {
    const seenB = collect(busB);
    const pid = await busB.backendPid();
    const killer = new pg.Client({ connectionString: t.url });
    await killer.connect();
    await killer.query("SELECT pg_terminate_backend($1)", [pid]);
    await killer.end();
    await expect.poll(() => seenB, { timeout: 15_000 }).toContainEqual({ kind: "resync" });
    expect(await busB.backendPid()).not.toBe(pid);
    await busA.publish({ kind: "notification", userId: "after-reconnect" });
    await expect.poll(() => seenB).toContainEqual({ kind: "notification", userId: "after-reconnect" });
  });
});
