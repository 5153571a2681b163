/**
 * The public reads every visitor makes (the contest list, one contest, the winners gallery) served
 * from memory: each answer is kept as its value, its JSON text and an ETag, so the REST adapter
 * answers 304 or sends the stored bytes and tRPC returns the stored value without a query.
 *
 * Freshness (docs/performance.md):
 * - Database triggers (prisma/migrations/20261124120000_public_read_events) send a `contests` or
 *   `winners` live event whenever a Contest or WinnerPost row changes; every instance drops the
 *   affected entries when the event arrives (LISTEN/NOTIFY on PostgreSQL, PGlite's listen hook).
 * - On this instance the writer's own connection hears the event before its COMMIT returns
 *   (src/server/platform/db.ts `onOwnNotification`), so a player who just bought sees the new figure.
 * - Other instances hear it a few milliseconds later; `resync` (the listener reconnected, events
 *   may be lost) drops everything, and no entry lives longer than MAX_AGE_MS in any case.
 * - Under load, at most one query per key runs at a time (single flight). While a newer load
 *   runs, readers get the previous answer for at most STALE_WINDOW_MS instead of queueing, so a
 *   sold count can lag by about a second while tickets are selling fast, never more.
 */
import { strongEtag } from "../platform/etag";
import type { ContestCategory } from "@/shared/constants";
import type { DatabaseHandle, Db } from "../platform/db";
import { getDatabase } from "../platform/db";
import { decodeEvent, type EventBus, type LiveEvent } from "../events/types";
import { getContest, listActiveContests, type PublicContest } from "../services/contests";
import { listPublishedWinnerPosts, type PublicWinnerPost } from "../services/prizes";

export type CachedJson<T = unknown> = { value: T; json: string; etag: string };

/** An outdated answer may be served while its replacement loads, for this long at most. */
export const STALE_WINDOW_MS = 1_000;
/** Safety net if an event is ever lost: no answer is kept longer than this. */
export const MAX_AGE_MS = 30_000;
/** Contest ids are bounded by the schema; this bounds the map against id scans. */
export const MAX_ENTRIES = 500;

type Entry = {
  data?: CachedJson;
  loadedAt: number;
  /** The group's generation when `data` started loading; older than the group's: outdated. */
  dataGeneration: number;
  /** When `data` first became outdated (the stale window counts from here). */
  outdatedAt?: number;
  loading?: Promise<CachedJson>;
  loadingGeneration: number;
};

type Group = "contests" | "winners";

/** Answers are shared by every reader: freezing makes an accidental in-place sort throw instead of leak. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !(value instanceof Date) && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function toCached<T>(value: T): CachedJson<T> {
  deepFreeze(value);
  const json = JSON.stringify(value);
  const etag = strongEtag(json);
  return { value, json, etag };
}

export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Per group: a counter bumped by every invalidation, so a load that started before one is not kept as fresh. */
  private readonly generation: Record<Group, number> = { contests: 0, winners: 0 };
  /** Queries run (tests and /api/metrics read it to prove readers share loads). */
  loads = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  contestList(category?: ContestCategory): Promise<CachedJson<PublicContest[]>> {
    return this.get(`contests:list:${category ?? ""}`, "contests", () => listActiveContests(this.db, category));
  }

  /** Unknown ids are not cached (their NotFound error propagates), so id scans cost a query each but no memory. */
  contest(id: string): Promise<CachedJson<PublicContest>> {
    return this.get(`contests:one:${id}`, "contests", () => getContest(this.db, id));
  }

  winnerPosts(): Promise<CachedJson<PublicWinnerPost[]>> {
    return this.get("winners:list", "winners", () => listPublishedWinnerPosts(this.db));
  }

  /** Marks a group outdated (a live event said it changed); `resync` marks both. */
  invalidate(group: Group | "all"): void {
    const now = this.now();
    for (const g of group === "all" ? (["contests", "winners"] as const) : [group]) {
      this.generation[g] += 1;
      for (const [key, entry] of this.entries) if (key.startsWith(`${g}:`)) entry.outdatedAt ??= now;
    }
  }

  onEvent(event: LiveEvent): void {
    if (event.kind === "contests") this.invalidate("contests");
    else if (event.kind === "winners") this.invalidate("winners");
    else if (event.kind === "resync") this.invalidate("all");
  }

  private get<T>(key: string, group: Group, load: () => Promise<T>): Promise<CachedJson<T>> {
    const now = this.now();
    const generation = this.generation[group];
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= MAX_ENTRIES) this.evictOne();
      entry = { loadedAt: 0, dataGeneration: -1, loadingGeneration: -1 };
      this.entries.set(key, entry);
    }
    const { data } = entry;
    if (data && entry.dataGeneration === generation && now - entry.loadedAt < MAX_AGE_MS) {
      return Promise.resolve(data as CachedJson<T>);
    }
    if (entry.loading) {
      // A load that started after the last change answers this reader too (single flight).
      if (entry.loadingGeneration === generation) return entry.loading as Promise<CachedJson<T>>;
      // The running load predates a change: rather than queue behind it and the next one, serve
      // the previous answer while it is barely outdated (the documented lag under load).
      if (data && entry.outdatedAt !== undefined && now - entry.outdatedAt < STALE_WINDOW_MS) {
        return Promise.resolve(data as CachedJson<T>);
      }
      return entry.loading.then(() => this.get(key, group, load));
    }
    return this.startLoad(key, group, entry, generation, load) as Promise<CachedJson<T>>;
  }

  private startLoad<T>(key: string, group: Group, entry: Entry, generation: number, load: () => Promise<T>): Promise<CachedJson> {
    this.loads += 1;
    entry.loadingGeneration = generation;
    const loading = load()
      .then((value) => {
        const data = toCached(value);
        entry.data = data;
        entry.loadedAt = this.now();
        entry.dataGeneration = generation;
        // Still outdated if a change arrived while this loaded; the stale window keeps counting.
        if (this.generation[group] === generation) entry.outdatedAt = undefined;
        return data;
      })
      .finally(() => {
        if (entry.loading === loading) entry.loading = undefined;
        if (!entry.data && this.entries.get(key) === entry) this.entries.delete(key);
      });
    entry.loading = loading;
    return loading;
  }

  private evictOne(): void {
    for (const [key, entry] of this.entries) {
      if (!entry.loading) {
        this.entries.delete(key);
        return;
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

type GlobalWithCaches = typeof globalThis & { __prizePublicReads?: WeakMap<DatabaseHandle, PublicReadCache> };
const globalForCaches = globalThis as GlobalWithCaches;

/** Wires a cache to a bus (and to the handle's own-connection notifications): returns it. */
export function attachPublicReadCache(handle: DatabaseHandle, bus: EventBus): PublicReadCache {
  const cache = new PublicReadCache(handle.db);
  bus.subscribe((event, origin) => {
    // This instance's own writes were applied when their COMMIT returned; skip the echo.
    if (origin && handle.isOwnSession?.(origin.processId)) return;
    cache.onEvent(event);
  });
  handle.onOwnNotification?.((payload) => {
    const event = decodeEvent(payload);
    if (event) cache.onEvent(event);
  });
  return cache;
}

/**
 * This process's cache, when `db` is the process's shared database (requests with another
 * database, e.g. a test's own, read directly). Returns undefined until the bus is up.
 */
export async function publicReadsFor(db: Db): Promise<PublicReadCache | undefined> {
  const handle = await getDatabase();
  if (handle.db !== db) return undefined;
  globalForCaches.__prizePublicReads ??= new WeakMap();
  let cache = globalForCaches.__prizePublicReads.get(handle);
  if (!cache) {
    const { getEventBus } = await import("../events");
    const bus = await getEventBus();
    cache = globalForCaches.__prizePublicReads.get(handle);
    if (!cache) {
      cache = attachPublicReadCache(handle, bus);
      globalForCaches.__prizePublicReads.set(handle, cache);
    }
  }
  return cache;
}

/**
 * The published winner posts from the cache (or the database when the cache does not serve this
 * handle). Public pages call this directly, like the cached REST rows: no session lookup and no
 * per-IP budget write for a read that costs nothing.
 */
export async function readPublishedWinners(db: Db): Promise<PublicWinnerPost[]> {
  const reads = await publicReadsFor(db);
  return reads ? (await reads.winnerPosts()).value : listPublishedWinnerPosts(db);
}

/** The active contests from the cache (or the database): the players' home shell reads them without a session (src/app/shell/). */
export async function readContestList(db: Db): Promise<PublicContest[]> {
  const reads = await publicReadsFor(db);
  return reads ? (await reads.contestList()).value : listActiveContests(db);
}

/** One contest from the cache (or the database); an unknown id throws NotFound. */
export async function readContest(db: Db, id: string): Promise<PublicContest> {
  const reads = await publicReadsFor(db);
  return reads ? (await reads.contest(id)).value : getContest(db, id);
}
