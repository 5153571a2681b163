/**
 * Live streams (tRPC subscriptions over SSE) tied to the session that opened them: a stream ends
 * when its session ends (logout, password reset or change, expiry), and each process holds at most
 * LIVE_STREAMS_PER_ACCOUNT streams per account and LIVE_STREAMS_PER_IP per client address.
 *
 * Ending: services publish `session-ended` (through the database, so every instance hears it) when
 * they delete sessions (src/server/auth/session.ts); each stream of that user then looks its own
 * session up and stops when it is gone. A timer also re-checks at the session's expiry and at least
 * every `recheckMs`, so a missed event (bus reconnecting) cannot keep a stream alive for long.
 */
import type { DbTx } from "../platform/db";
import { getEnv } from "../platform/env";
import { tooManyRequests } from "../platform/errors";
import { getEventBus, type LiveTick, liveEvents } from "./index";
import type { LiveEvent } from "./types";

export const LIVE_STREAM_LIMITS = {
  get perAccount() {
    return getEnv().LIVE_STREAMS_PER_ACCOUNT;
  },
  get perIp() {
    return getEnv().LIVE_STREAMS_PER_IP;
  },
  /** Longest a stream runs without re-checking its session (tests lower it). */
  recheckMs: 5 * 60_000,
};

export const TOO_MANY_STREAMS_ACCOUNT = "Too many live connections for this account. Close some tabs and try again.";
export const TOO_MANY_STREAMS_IP = "Too many live connections from this network. Close some tabs and try again.";

const byUser = new Map<string, number>();
const byIp = new Map<string, number>();

/** Streams open in this process (tests). */
export function openStreams(key: { userId?: string; ip?: string }): number {
  if (key.userId) return byUser.get(key.userId) ?? 0;
  return byIp.get(key.ip ?? "") ?? 0;
}

/** Throws 429 when the account or the address already holds its share of streams. */
export function assertStreamSlot(userId: string, ip: string): void {
  if ((byUser.get(userId) ?? 0) >= LIVE_STREAM_LIMITS.perAccount) throw tooManyRequests(TOO_MANY_STREAMS_ACCOUNT, 30);
  if ((byIp.get(ip) ?? 0) >= LIVE_STREAM_LIMITS.perIp) throw tooManyRequests(TOO_MANY_STREAMS_IP, 30);
}

function acquire(userId: string, ip: string): () => void {
  assertStreamSlot(userId, ip);
  byUser.set(userId, (byUser.get(userId) ?? 0) + 1);
  byIp.set(ip, (byIp.get(ip) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const u = (byUser.get(userId) ?? 1) - 1;
    const i = (byIp.get(ip) ?? 1) - 1;
    if (u > 0) byUser.set(userId, u);
    else byUser.delete(userId);
    if (i > 0) byIp.set(ip, i);
    else byIp.delete(ip);
  };
}

export type StreamOwner = { db: DbTx; sessionId: string; userId: string; ip: string; expiresAt: Date };

/** `liveEvents` for a signed-in stream: counted against the caps, ended with its session. */
export async function* sessionLiveEvents(
  owner: StreamOwner,
  filter: (event: LiveEvent) => boolean,
  signal: AbortSignal | undefined,
  /** At least this long between two change ticks (`liveEvents`' `spacingMs`). */
  spacingMs = 0,
): AsyncGenerator<LiveTick> {
  const release = acquire(owner.userId, owner.ip);
  const ended = new AbortController();
  const stop = () => ended.abort();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (signal?.aborted) return;
    signal?.addEventListener("abort", stop, { once: true });
    const schedule = (expiresAt: Date) => {
      clearTimeout(timer);
      const ms = Math.max(0, Math.min(LIVE_STREAM_LIMITS.recheckMs, expiresAt.getTime() - Date.now()));
      timer = setTimeout(() => void check(), ms);
      timer.unref?.();
    };
    const check = async () => {
      if (ended.signal.aborted) return;
      let row: { expiresAt: Date } | null;
      try {
        row = await owner.db.session.findUnique({ where: { id: owner.sessionId }, select: { expiresAt: true } });
      } catch {
        // The database is unreachable: keep the stream, look again later.
        schedule(new Date(Date.now() + LIVE_STREAM_LIMITS.recheckMs));
        return;
      }
      if (!row || row.expiresAt.getTime() <= Date.now()) stop();
      else schedule(row.expiresAt);
    };
    const bus = await getEventBus();
    schedule(owner.expiresAt);
    yield* liveEvents(
      bus,
      filter,
      ended.signal,
      (e) => {
        if ((e.kind === "session-ended" && e.userId === owner.userId) || e.kind === "resync") void check();
      },
      spacingMs,
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
    release();
  }
}
