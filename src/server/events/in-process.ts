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

  subscribe(listener: LiveEventListener): () => void {
    this.emitter.on("event", listener);
    return () => {
      this.emitter.off("event", listener);
    };
  }

  listenerCount(): number {
    return this.emitter.listenerCount("event");
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
