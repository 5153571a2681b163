import pg from "pg";
import { logger } from "../platform/logger";
import { InProcessEventBus } from "./in-process";
import { decodeEvent, EVENT_CHANNEL, type EventBus, encodeEvent, type LiveEvent, type LiveEventListener } from "./types";

/**
 * Cross-instance fan-out over PostgreSQL LISTEN/NOTIFY. Each app instance keeps ONE dedicated
 * `pg` client (outside Prisma's pool) listening on the channel and hands events to its local
 * listeners. If the connection drops it reconnects with backoff and emits `resync` so every
 * subscriber refetches what it may have missed.
 */
export class PgEventBus implements EventBus {
  readonly kind: EventBus["kind"] = "postgres";
  private readonly local = new InProcessEventBus();
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  /** Resolves once the first LISTEN is in place. */
  readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly opts: { channel?: string; maxReconnectDelayMs?: number } = {},
  ) {
    this.ready = this.connect();
    this.ready.catch(() => {
      /* connect() already scheduled a retry */
    });
  }

  private get channel(): string {
    return this.opts.channel ?? EVENT_CHANNEL;
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5_000 });
      client.on("notification", (msg) => {
        if (msg.channel !== this.channel) return;
        const event = decodeEvent(msg.payload);
        if (event) this.local.emitLocal(event, { processId: msg.processId });
      });
      client.on("error", (err) => {
        logger.warn({ err }, "live events: LISTEN connection error");
        this.dropped(client);
      });
      client.on("end", () => this.dropped(client));
      try {
        await client.connect();
        await client.query(`LISTEN "${this.channel}"`);
      } catch (err) {
        client.removeAllListeners("end");
        client.end().catch(() => {});
        this.scheduleReconnect();
        throw err;
      }
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      const wasReconnect = this.attempt > 0;
      this.client = client;
      this.attempt = 0;
      // Events published while we were away are lost: tell subscribers to refetch.
      if (wasReconnect) this.local.emitLocal({ kind: "resync" });
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.attempt += 1;
    const delay = Math.min(this.opts.maxReconnectDelayMs ?? 10_000, 100 * 2 ** Math.min(this.attempt, 10));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((err: unknown) => logger.warn({ err }, "live events: reconnect failed"));
    }, delay);
    this.reconnectTimer.unref?.();
  }

  /** True while the LISTEN connection is up. */
  get connected(): boolean {
    return this.client !== null;
  }

  /** Server process id of the LISTEN connection (tests terminate it to exercise reconnects). */
  async backendPid(): Promise<number | null> {
    if (!this.client) return null;
    const r = await this.client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return r.rows[0]?.pid ?? null;
  }

  async publish(event: LiveEvent): Promise<void> {
    if (!this.client) await this.connect();
    const client = this.client;
    if (!client) throw new Error("live events: not connected");
    await client.query("SELECT pg_notify($1, $2)", [this.channel, encodeEvent(event)]);
  }

  subscribe(listener: LiveEventListener, opts?: { stream?: boolean }): () => void {
    return this.local.subscribe(listener, opts);
  }

  listenerCount(): number {
    return this.local.listenerCount();
  }

  streamCount(): number {
    return this.local.streamCount();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
    }
    await this.local.close();
  }
}
