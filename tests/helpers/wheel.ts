/** Makes wheel outcomes predictable in tests: a known server seed and a client seed chosen for the outcome. */
import type { Db } from "../../src/server/platform/db";
import { ensureActiveSeed } from "../../src/server/services/wheel";
import { sha256Hex } from "../../src/shared/draw";
import { DEFAULT_WHEEL_CONFIG, drawWheel, type WheelOutcome } from "../../src/shared/wheel";

export const TEST_SERVER_SEED = "test-server-seed-0123456789abcdef";

/** A client seed whose draws at nonces start.. give `outcomes` in order (default config). */
export async function clientSeedFor(outcomes: WheelOutcome[], start = 0, serverSeed = TEST_SERVER_SEED): Promise<string> {
  for (let k = 0; k < 200_000; k++) {
    const candidate = `c${k}`;
    let ok = true;
    for (let i = 0; i < outcomes.length && ok; i++) {
      const d = await drawWheel(serverSeed, candidate, start + i, DEFAULT_WHEEL_CONFIG);
      ok = d.segment.outcome === outcomes[i];
    }
    if (ok) return candidate;
  }
  throw new Error(`no client seed found for ${outcomes.join(",")}`);
}

/** Puts a known server seed (and client seed) on the user's active seed, nonce reset to 0. */
export async function forceSeed(db: Db, userId: string, clientSeed: string, serverSeed = TEST_SERVER_SEED): Promise<void> {
  const seed = await ensureActiveSeed(db, userId);
  await db.wheelSeed.update({
    where: { id: seed.id },
    data: { serverSeed, serverSeedHash: await sha256Hex(serverSeed), clientSeed, nextNonce: 0 },
  });
}

/** Each user's balance equals the sum of their ledger rows. */
export async function ledgerMatchesBalance(db: Db, userId: string): Promise<{ balance: string; ledger: string }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const sum = await db.ledgerEntry.aggregate({ where: { userId }, _sum: { amount: true } });
  return { balance: user.balance.toFixed(3), ledger: (sum._sum.amount ?? user.balance.minus(user.balance)).toFixed(3) };
}
