/**
 * Fortune Wheel seeds (provably fair): each player has one active server seed whose SHA-256 is
 * shown in advance; rotating reveals it so every past spin can be recomputed.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sha256Hex } from "@/shared/draw";
import type { Db, DbTx } from "../../platform/db";
import { conflict } from "../../platform/errors";

export type SeedRow = { id: string; serverSeed: string; serverSeedHash: string; clientSeed: string; nextNonce: number };

async function newSeedValues() {
  const serverSeed = randomBytes(32).toString("hex");
  return { id: randomUUID(), serverSeed, serverSeedHash: await sha256Hex(serverSeed) };
}

/** The player's active (unrevealed) seed, created on first use. Safe under concurrency (partial unique index). */
export async function ensureActiveSeed(db: DbTx, userId: string): Promise<SeedRow> {
  const existing = await db.wheelSeed.findFirst({ where: { userId, revealedAt: null } });
  if (existing) return existing;
  const v = await newSeedValues();
  const clientSeed = randomBytes(8).toString("hex");
  await db.$executeRaw`
    INSERT INTO "WheelSeed" ("id", "userId", "serverSeed", "serverSeedHash", "clientSeed", "nextNonce", "createdAt")
    VALUES (${v.id}, ${userId}, ${v.serverSeed}, ${v.serverSeedHash}, ${clientSeed}, 0, now())
    ON CONFLICT ("userId") WHERE "revealedAt" IS NULL DO NOTHING`;
  return db.wheelSeed.findFirstOrThrow({ where: { userId, revealedAt: null } });
}

export type FairnessState = { serverSeedHash: string; clientSeed: string; nextNonce: number };

export async function getFairness(db: DbTx, userId: string): Promise<FairnessState> {
  const s = await ensureActiveSeed(db, userId);
  return { serverSeedHash: s.serverSeedHash, clientSeed: s.clientSeed, nextNonce: s.nextNonce };
}

export async function setClientSeed(db: DbTx, userId: string, clientSeed: string): Promise<FairnessState> {
  await ensureActiveSeed(db, userId);
  await db.wheelSeed.updateMany({ where: { userId, revealedAt: null }, data: { clientSeed } });
  return getFairness(db, userId);
}

export type RevealedSeed = { id: string; serverSeed: string; serverSeedHash: string; clientSeed: string; spins: number };

/** Reveals the active server seed and starts a new one (same client seed, nonce 0). */
export async function rotateSeed(db: Db, userId: string): Promise<{ revealed: RevealedSeed; next: FairnessState }> {
  await ensureActiveSeed(db, userId);
  const next = await newSeedValues();
  return db.$transaction(async (tx) => {
    // Locks the active seed row: a spin in flight finishes (and uses its nonce) before the reveal.
    const rows = await tx.$queryRaw<SeedRow[]>`
      UPDATE "WheelSeed" SET "revealedAt" = now()
      WHERE "userId" = ${userId} AND "revealedAt" IS NULL
      RETURNING "id", "serverSeed", "serverSeedHash", "clientSeed", "nextNonce"`;
    const old = rows[0];
    if (!old) throw conflict("No active seed to rotate");
    await tx.wheelSeed.create({
      data: { id: next.id, userId, serverSeed: next.serverSeed, serverSeedHash: next.serverSeedHash, clientSeed: old.clientSeed },
    });
    return {
      revealed: {
        id: old.id,
        serverSeed: old.serverSeed,
        serverSeedHash: old.serverSeedHash,
        clientSeed: old.clientSeed,
        spins: old.nextNonce,
      },
      next: { serverSeedHash: next.serverSeedHash, clientSeed: old.clientSeed, nextNonce: 0 },
    };
  });
}
