/** argon2id at OWASP's minimum (19 MiB, t=2, p=1) for passwords and security answers. */
import { hash, verify } from "@node-rs/argon2";
import { getEnv } from "../platform/env";
import { serviceUnavailable } from "../platform/errors";

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * A cap on argon2 work: at most ARGON2_MAX_CONCURRENT hashes run at once (each takes ~19 MiB and a
 * core for tens of milliseconds) and at most ARGON2_MAX_QUEUE wait; beyond that the caller gets a
 * 503 (Retry-After: 5) at once instead of every other request slowing down. Per process.
 */
export const ARGON2_LIMITS = {
  get concurrent() {
    return getEnv().ARGON2_MAX_CONCURRENT;
  },
  get queue() {
    return getEnv().ARGON2_MAX_QUEUE;
  },
};
export const SERVER_BUSY = "The server is busy checking passwords. Please try again in a few seconds.";

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` under the argon2 cap (exported for tests). */
export async function withArgon2Slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_LIMITS.concurrent) {
    if (waiting.length >= ARGON2_LIMITS.queue) throw serviceUnavailable(SERVER_BUSY, 5);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next waiter (running stays the same), else it is freed.
    if (next) next();
    else running--;
  }
}

export function hashSecret(secret: string): Promise<string> {
  return withArgon2Slot(() => hash(secret, OPTIONS));
}

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  return withArgon2Slot(async () => {
    try {
      return await verify(hashed, secret);
    } catch {
      return false;
    }
  });
}

/** Security answers are compared trimmed and lower-cased. */
export function normaliseAnswer(answer: string): string {
  return answer.trim().toLowerCase();
}

/** A real hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashSecret("dummy-password-for-timing");
  // A failed first attempt (server busy) must not be remembered.
  dummyHash.catch(() => {
    dummyHash = undefined;
  });
  return dummyHash;
}
