import { EventEmitter } from "node:events";
import { logger } from "../platform/logger";
import type { EventBus, LiveEvent, LiveEventListener, LiveEventOrigin } from "./types";

/**
 * In-process fan-out (an EventEmitter). Used alone on PGlite (one process owns the database);
 * the PostgreSQL bus uses one inside as its local fan-out too.
 */
export class InProcessEventBus implements EventBus {
  readonly kind: EventBus["kind"] = "in-process";
  private readonly emitter = new EventEmitter();
  private streams = 0;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Delivers to this process's listeners only. */
  emitLocal(event: LiveEvent, origin?: LiveEventOrigin): void {
    for (const listener of this.emitter.listeners("event") as LiveEventListener[]) {
      try {
        listener(event, origin);
      } catch (err) {
        logger.error({ err }, "live event listener failed");
      }
    }
  }

  async publish(event: LiveEvent): Promise<void> {
    this.emitLocal(event);
  }

  subscribe(listener: LiveEventListener, opts?: { stream?: boolean }): () => void {
    this.emitter.on("event", listener);
    if (opts?.stream) this.streams += 1;
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.emitter.off("event", listener);
      if (opts?.stream) this.streams -= 1;
    };
  }

  listenerCount(): number {
    return this.emitter.listenerCount("event");
  }

  streamCount(): number {
    return this.streams;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.streams = 0;
  }
}
