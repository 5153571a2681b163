/**
 * Live events: tiny payloads (a kind and a user id) that tell subscribers to refetch.
 * Nothing here carries message text: the database stays the one source of truth.
 */
export { EVENT_CHANNEL } from "../platform/db";

export type LiveEvent =
  /** The user's notifications changed (new, read, all read). */
  | { kind: "notification"; userId: string }
  /** Several users' notifications changed at once (one batch of a draw's results: services/draws/fanout.ts). */
  | { kind: "notifications"; userIds: string[] }
  /** The support conversation of player `userId` changed (message, reply, read flags). */
  | { kind: "support"; userId: string }
  /** Sessions of `userId` were deleted (logout, password reset or change): their live streams end. */
  | { kind: "session-ended"; userId: string }
  /**
   * Contest figures changed (tickets sold, drawn, cancelled, edited): lists and pages refetch.
   * Sent by a database trigger on "Contest" (prisma/migrations/20261124120000_public_read_events).
   */
  | { kind: "contests" }
  /** Winner posts changed (created, edited, published): the winners gallery refetches. */
  | { kind: "winners" }
  /** The bus (re)connected and may have missed events: every subscriber should refetch. */
  | { kind: "resync" };

/** Where an event came from, when known: the PostgreSQL session (backend pid) that sent it. */
export type LiveEventOrigin = { processId: number };

export type LiveEventListener = (event: LiveEvent, origin?: LiveEventOrigin) => void;

/** One bus per app process; subscribers are local, publishing fans out to every instance. */
export interface EventBus {
  readonly kind: "in-process" | "postgres";
  /** Publishes now (not tied to a transaction). Services use `publishAfterCommit` instead. */
  publish(event: LiveEvent): Promise<void>;
  /**
   * Adds a local listener; returns the function that removes it. `stream`: the listener feeds a
   * client's live stream (`liveEvents`), counted by `streamCount` (the public-read cache's own
   * listener is not a stream).
   */
  subscribe(listener: LiveEventListener, opts?: { stream?: boolean }): () => void;
  /** Local listeners currently attached (lets tests prove subscriptions stop). */
  listenerCount(): number;
  /** Listeners that feed a client's live stream: the `prize_live_streams_open` gauge. */
  streamCount(): number;
  close(): Promise<void>;
}

export function encodeEvent(event: LiveEvent): string {
  return JSON.stringify(event);
}

export function decodeEvent(payload: string | undefined | null): LiveEvent | null {
  if (!payload) return null;
  try {
    const e = JSON.parse(payload) as Partial<LiveEvent> & { userId?: unknown; userIds?: unknown[] };
    if (e.kind === "resync") return { kind: "resync" };
    if (e.kind === "contests") return { kind: "contests" };
    if (e.kind === "winners") return { kind: "winners" };
    if (e.kind === "notifications" && Array.isArray(e.userIds) && e.userIds.every((id) => typeof id === "string")) {
      return { kind: "notifications", userIds: e.userIds };
    }
    if ((e.kind === "notification" || e.kind === "support" || e.kind === "session-ended") && typeof e.userId === "string") {
      return { kind: e.kind, userId: e.userId };
    }
  } catch {
    /* foreign payload on our channel: ignore */
  }
  return null;
}
