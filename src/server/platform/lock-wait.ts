/**
 * Bounded lock waits. An interactive transaction dies after Prisma's timeout (5 s by default) and
 * its request would answer 500; a transaction that may queue behind others on a hot row (one
 * player's parallel number holds, every lucky dip of a contest) instead sets a lock timeout well
 * inside it, and a wait that runs out is a plain "busy, try again" (`LockWaitTimeout`). SQLSTATE
 * 55P03 is read anywhere in the error's chain, as src/server/platform/unique-violation.ts reads 23505.
 */
import type { DbTx } from "./db";

/** Inside a transaction: any lock wait longer than `ms` fails this transaction with 55P03. */
export async function boundLockWaits(tx: DbTx, ms: number): Promise<void> {
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${Math.max(1, Math.floor(ms))}ms'`);
}

type Loose = {
  code?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

/** True when `error` (or anything it wraps) is a lock wait that ran out (SQLSTATE 55P03). */
export function isLockTimeout(error: unknown): boolean {
  const queue: unknown[] = [error];
  for (let i = 0; i < 12 && queue.length > 0; i++) {
    const e = queue.shift();
    if (!e || typeof e !== "object") continue;
    const loose = e as Loose;
    if (loose.code === "55P03" || loose.originalCode === "55P03") return true;
    if (typeof loose.message === "string" && loose.message.includes("lock timeout")) return true;
    queue.push(loose.cause, loose.meta?.driverAdapterError);
  }
  return false;
}
