/**
 * Live events. Publishing goes THROUGH THE DATABASE (`pg_notify` on the caller's client or
 * transaction), so an event is delivered only after its transaction commits and never after a
 * rollback, on PostgreSQL and on PGlite alike. Receiving: on PostgreSQL a dedicated LISTEN
 * connection per app instance (PgEventBus); on PGlite the embedded database's own listen hook
 * feeds an in-process EventEmitter (InProcessEventBus).
 */
import { type DatabaseHandle, type DbTx, getDatabase } from "../platform/db";
import { logger } from "../platform/logger";
import { closingSignal } from "../platform/drain";
import { InProcessEventBus } from "./in-process";
import { PgEventBus } from "./pg";
import { decodeEvent, EVENT_CHANNEL, type EventBus, encodeEvent, type LiveEvent } from "./types";

export { InProcessEventBus } from "./in-process";
export { PgEventBus } from "./pg";
export * from "./types";

/** Queues the event in the caller's transaction (or sends it now outside one): delivered after commit. */
export async function publishAfterCommit(client: DbTx, event: LiveEvent): Promise<void> {
  await client.$executeRaw`SELECT pg_notify(${EVENT_CHANNEL}, ${encodeEvent(event)})`;
}

/** The bus for a database handle: PgEventBus on a PostgreSQL server, else in-process fed by PGlite. */
export async function createEventBus(handle: DatabaseHandle): Promise<EventBus> {
  if (handle.kind === "postgres" && handle.url) {
    const bus = new PgEventBus(handle.url);
    await bus.ready.catch((err: unknown) => logger.warn({ err }, "live events: first LISTEN failed; retrying"));
    return bus;
  }
  const bus = new InProcessEventBus();
  const pglite = handle.pglite;
  if (pglite) {
    const unlisten = await pglite.listen(EVENT_CHANNEL, (payload) => {
      const event = decodeEvent(payload);
      if (event) bus.emitLocal(event);
    });
    const closeLocal = bus.close.bind(bus);
    bus.close = async () => {
      if (!pglite.closed) await unlisten().catch(() => {});
      await closeLocal();
    };
  }
  return bus;
}

type GlobalWithBus = typeof globalThis & { __prizeBuses?: WeakMap<DatabaseHandle, Promise<EventBus>> };
const globalForBus = globalThis as GlobalWithBus;

/** This process's bus for its current database (one LISTEN per instance, shared by all subscribers). */
export async function getEventBus(): Promise<EventBus> {
  const handle = await getDatabase();
  globalForBus.__prizeBuses ??= new WeakMap();
  let bus = globalForBus.__prizeBuses.get(handle);
  if (!bus) {
    bus = createEventBus(handle);
    globalForBus.__prizeBuses.set(handle, bus);
  }
  return bus;
}

/** Most support conversations one tick names; beyond that it says "refetch everything" (userIds: null). */
const TICK_USER_IDS = 20;

/**
 * What a live stream yields: a kind ticked (coalesced). For support ticks, `userIds` names the
 * conversations that changed, or null when the listener should refetch its whole list.
 */
export type LiveTick = { kind: LiveEvent["kind"] | "ready"; userIds?: string[] | null };

/**
 * Async iterator of the events that pass `filter` (plus `resync`), ending when `signal` aborts or
 * the instance starts closing (src/server/platform/drain.ts: a restart ends every stream).
 * Yields once at the start so a (re)connecting client refetches whatever it missed. Bursts are
 * coalesced: subscribers only need to know "something changed". With `spacingMs`, a change after a
 * quiet spell ticks at once and later ones wait until `spacingMs` after the last tick, then go as
 * one: every client refetches on a tick, so a stream of sales costs each open page one refetch per
 * `spacingMs`, not one per sale, and the last change is always announced.
 */
export async function* liveEvents(
  bus: EventBus,
  filter: (event: LiveEvent) => boolean,
  caller: AbortSignal | undefined,
  /** Sees every event first (streams.ts watches for its session ending on the same listener). */
  onEvent?: (event: LiveEvent) => void,
  spacingMs = 0,
): AsyncGenerator<LiveTick> {
  const closing = closingSignal();
  const signal = caller ? AbortSignal.any([caller, closing]) : closing;
  let pending: LiveEvent["kind"] | null = null;
  // Support conversations named since the last tick, so the admin list can update those rows alone;
  // null once more than TICK_USER_IDS were named (or a resync came): the listener refetches instead.
  let named: Set<string> | null = new Set();
  const unsubscribe = bus.subscribe(
    (event) => {
      onEvent?.(event);
      if (event.kind !== "resync" && !filter(event)) return;
      if (event.kind === "support" && named) {
        named.add(event.userId);
        if (named.size > TICK_USER_IDS) named = null;
      } else if (event.kind === "resync") named = null;
      pending = event.kind;
      wake?.();
    },
    { stream: true },
  );
  let wake: (() => void) | null = null;
  /** When the last change was ticked ("ready" does not count: the first change after it goes at once). */
  let lastTickAt = Number.NEGATIVE_INFINITY;
  const onAbort = () => wake?.();
  signal.addEventListener("abort", onAbort);
  try {
    yield { kind: "ready" };
    while (!signal.aborted) {
      if (pending === null) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
      if (signal.aborted) break;
      const wait = lastTickAt + spacingMs - Date.now();
      if (pending !== null && wait > 0) {
        await abortableDelay(wait, signal);
        if (signal.aborted) break;
      }
      if (pending !== null) {
        lastTickAt = Date.now();
        const kind: LiveEvent["kind"] = pending;
        const userIds = named === null ? null : [...named];
        pending = null;
        named = new Set();
        yield kind === "support" || userIds === null ? { kind, userIds } : { kind };
      }
    }
  } finally {
    unsubscribe();
    signal.removeEventListener("abort", onAbort);
  }
}

/** Resolves after `ms`, or as soon as `signal` aborts. */
function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** This process's bus if one was started (never starts one: a metrics scrape must not LISTEN). */
export async function peekEventBus(): Promise<EventBus | undefined> {
  const handle = await getDatabase();
  return globalForBus.__prizeBuses?.get(handle);
}
