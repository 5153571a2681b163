/**
 * Fortune Wheel: the server decides (DESIGN.md "Trust").
 *
 * A spin is one transaction: consume a pending TRY AGAIN re-spin, or claim the daily free spin with
 * a conditional UPDATE on lastFreeSpinAt (database clock, so every instance agrees), or debit the
 * price through the ledger; allocate the nonce with UPDATE ... RETURNING on the player's active
 * seed (which also locks it against a concurrent rotation); draw with HMAC-SHA256; record the spin;
 * credit the prize through the ledger; grant the re-spin on TRY AGAIN.
 */
import { consumeOrThrow } from "../security/rate-limit";
import { randomBytes, randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { sha256Hex } from "@/shared/draw";
import {
  DEFAULT_WHEEL_CONFIG,
  drawWheel,
  type WheelConfig,
  type WheelOutcome,
  wheelConfigSchema,
  wheelEconomics,
  wheelResultText,
} from "@/shared/wheel";
import type { Db, DbTx } from "../db";
import { conflict, notFound } from "../errors";
import { amountString } from "../money";
import { applyBalanceChange, InsufficientBalanceError } from "./ledger";

export const WHEEL_SETTING_KEY = "wheel";

/* ------------------------------------------------------------------------------------------------
 * Rate limit. A minimal fixed-window counter on the shared RateLimit table (works across instances).
 * Kept local to this file on purpose: the accounts branch brings src/server/security/rate-limit.ts,
 * and the lead will switch this call over to it.
 * ---------------------------------------------------------------------------------------------- */
export const SPIN_RATE_LIMIT = { points: 30, windowSeconds: 60 } as const;

export async function consumeSpinRateLimit(db: DbTx, userId: string): Promise<void> {
  await consumeOrThrow(
    db,
    `wheel:spin:${userId}`,
    { limit: SPIN_RATE_LIMIT.points, windowMs: SPIN_RATE_LIMIT.windowSeconds * 1000 },
    (retry) => `Too many spins. Please try again in ${retry}.`,
  );
}

/* ------------------------------------------------------------------------------------------------
 * Configuration (economics): SPEC.md defaults, overridable by admins under AppSetting "wheel".
 * ---------------------------------------------------------------------------------------------- */
export async function getWheelConfig(db: DbTx): Promise<WheelConfig> {
  const row = await db.appSetting.findUnique({ where: { key: WHEEL_SETTING_KEY } });
  if (!row) return DEFAULT_WHEEL_CONFIG;
  const parsed = wheelConfigSchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_WHEEL_CONFIG;
}

export async function setWheelConfig(db: DbTx, config: WheelConfig): Promise<WheelConfig> {
  const value = wheelConfigSchema.parse(config);
  await db.appSetting.upsert({
    where: { key: WHEEL_SETTING_KEY },
    create: { key: WHEEL_SETTING_KEY, value },
    update: { value },
  });
  return value;
}

/** Expected figures of the configuration, plus what actually happened (sums from the spins table). */
export async function getEconomics(db: DbTx) {
  const config = await getWheelConfig(db);
  const [paid, all] = await Promise.all([
    db.wheelSpin.aggregate({ where: { isPaid: true }, _count: true, _sum: { cost: true, prize: true } }),
    db.wheelSpin.aggregate({ _count: true, _sum: { cost: true, prize: true } }),
  ]);
  const zero = new Prisma.Decimal(0);
  return {
    config,
    isDefault: JSON.stringify(config) === JSON.stringify(DEFAULT_WHEEL_CONFIG),
    expected: wheelEconomics(config),
    actual: {
      spins: all._count,
      paidSpins: paid._count,
      collected: amountString(all._sum.cost ?? zero),
      paidOut: amountString(all._sum.prize ?? zero),
      paidOutOnPaidSpins: amountString(paid._sum.prize ?? zero),
    },
  };
}

/* ------------------------------------------------------------------------------------------------
 * Seeds (provably fair).
 * ---------------------------------------------------------------------------------------------- */
type SeedRow = { id: string; serverSeed: string; serverSeedHash: string; clientSeed: string; nextNonce: number };

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

/* ------------------------------------------------------------------------------------------------
 * Status and spins.
 * ---------------------------------------------------------------------------------------------- */
export type WheelStatus = {
  balance: string;
  /** True when the next spin costs nothing: the daily free spin, or a TRY AGAIN re-spin. */
  canSpinFree: boolean;
  /** When the daily free spin is available again; null when it is available now. */
  nextFreeSpinAt: Date | null;
  /** A TRY AGAIN re-spin owed to the player, and its kind. */
  pendingRespin: "free" | "paid" | null;
  /** Free spins available now (daily + re-spin), for the count card. */
  freeSpinsAvailable: number;
  spinPrice: string;
};

type UserWheelRow = { balance: Prisma.Decimal; lastFreeSpinAt: Date | null; pendingRespin: string | null; now: Date };

async function readUserWheel(db: DbTx, userId: string): Promise<UserWheelRow> {
  const rows = await db.$queryRaw<UserWheelRow[]>`
    SELECT "balance", "lastFreeSpinAt", "pendingRespin", now() AS "now" FROM "User" WHERE "id" = ${userId}`;
  const row = rows[0];
  if (!row) throw notFound("User not found");
  return row;
}

function statusOf(row: UserWheelRow, config: WheelConfig): WheelStatus {
  const next = row.lastFreeSpinAt
    ? new Date(new Date(row.lastFreeSpinAt).getTime() + config.freeSpinIntervalHours * 3600_000)
    : null;
  const dailyAvailable = !next || next.getTime() <= new Date(row.now).getTime();
  const pending = row.pendingRespin === "free" || row.pendingRespin === "paid" ? row.pendingRespin : null;
  return {
    balance: amountString(new Prisma.Decimal(row.balance)),
    canSpinFree: dailyAvailable || pending !== null,
    nextFreeSpinAt: dailyAvailable ? null : next,
    pendingRespin: pending,
    freeSpinsAvailable: (dailyAvailable ? 1 : 0) + (pending ? 1 : 0),
    spinPrice: config.spinPrice,
  };
}

export async function getStatus(db: DbTx, userId: string): Promise<WheelStatus> {
  const [row, config] = await Promise.all([readUserWheel(db, userId), getWheelConfig(db)]);
  return statusOf(row, config);
}

/** POST /api/wheel/update-balance: kept for old clients; never changes the balance. */
export async function currentBalance(db: DbTx, userId: string): Promise<{ balance: string; message: string }> {
  const row = await readUserWheel(db, userId);
  return {
    balance: amountString(new Prisma.Decimal(row.balance)),
    message: "Balance is updated by the server when a spin is settled",
  };
}

export const NO_FREE_SPIN_MESSAGE = "No free spin available. Your next free spin is in less than 24 hours.";
export const INSUFFICIENT_BALANCE_MESSAGE = "Insufficient balance for a paid spin ($0.001 needed)";

export type SpinResult = WheelStatus & {
  spinId: string;
  /** The kind of this spin (a re-spin keeps the kind of the spin that granted it). */
  isPaid: boolean;
  isRespin: boolean;
  segmentIndex: number;
  segmentLabel: string;
  segment: { label: string; value: number };
  outcome: WheelOutcome;
  prize: string;
  cost: string;
  message: string;
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
};

export async function spin(db: Db, userId: string, requestedPaid: boolean): Promise<SpinResult> {
  await consumeSpinRateLimit(db, userId);
  const config = await getWheelConfig(db);
  const spinId = randomUUID();
  const price = new Prisma.Decimal(config.spinPrice);

  return db.$transaction(
    async (tx) => {
      // The first spin creates the player's seed, inside the transaction so a refused spin leaves none behind.
      await ensureActiveSeed(tx, userId);
      // 1. What pays for this spin: an owed re-spin (whatever the button), else the daily free spin, else the price.
      let kind: "free" | "paid" = requestedPaid ? "paid" : "free";
      let isRespin = false;
      for (const k of requestedPaid ? (["paid", "free"] as const) : (["free", "paid"] as const)) {
        const n = await tx.$executeRaw`
        UPDATE "User" SET "pendingRespin" = NULL, "updatedAt" = now()
        WHERE "id" = ${userId} AND "pendingRespin" = ${k}`;
        if (n === 1) {
          kind = k;
          isRespin = true;
          break;
        }
      }
      let cost = new Prisma.Decimal(0);
      if (!isRespin && kind === "free") {
        const n = await tx.$executeRaw`
        UPDATE "User" SET "lastFreeSpinAt" = now(), "updatedAt" = now()
        WHERE "id" = ${userId}
          AND ("lastFreeSpinAt" IS NULL OR "lastFreeSpinAt" <= now() - make_interval(hours => ${config.freeSpinIntervalHours}))`;
        if (n !== 1) throw conflict(NO_FREE_SPIN_MESSAGE);
      } else if (!isRespin) {
        cost = price;
        try {
          await applyBalanceChange(tx, {
            userId,
            amount: price.negated(),
            kind: "wheel_spin",
            reference: spinId,
            note: "Paid wheel spin",
          });
        } catch (err) {
          if (err instanceof InsufficientBalanceError) throw conflict(INSUFFICIENT_BALANCE_MESSAGE);
          throw err;
        }
      }

      // 2. Nonce: the row update also locks the seed against a concurrent rotation.
      const seeds = await tx.$queryRaw<(SeedRow & { nonce: number })[]>`
      UPDATE "WheelSeed" SET "nextNonce" = "nextNonce" + 1
      WHERE "userId" = ${userId} AND "revealedAt" IS NULL
      RETURNING "id", "serverSeed", "serverSeedHash", "clientSeed", "nextNonce", "nextNonce" - 1 AS "nonce"`;
      const seed = seeds[0];
      if (!seed) throw conflict("Your seed was rotated during the spin. Please spin again.");

      // 3. Draw (pure computation) and record.
      const { segmentIndex, segment } = await drawWheel(seed.serverSeed, seed.clientSeed, seed.nonce, config);
      const prize = new Prisma.Decimal(segment.prize);
      await tx.wheelSpin.create({
        data: {
          id: spinId,
          userId,
          seedId: seed.id,
          nonce: seed.nonce,
          clientSeed: seed.clientSeed,
          isPaid: kind === "paid",
          isRespin,
          segmentIndex,
          segmentLabel: segment.label,
          cost,
          prize,
        },
      });
      if (prize.gt(0)) {
        await applyBalanceChange(tx, {
          userId,
          amount: prize,
          kind: "wheel_prize",
          reference: spinId,
          note: `Wheel prize ${segment.label}`,
        });
      }
      if (segment.outcome === "retry") {
        await tx.$executeRaw`UPDATE "User" SET "pendingRespin" = ${kind}, "updatedAt" = now() WHERE "id" = ${userId}`;
      }

      const status = statusOf(await readUserWheel(tx, userId), config);
      return {
        ...status,
        spinId,
        isPaid: kind === "paid",
        isRespin,
        segmentIndex,
        segmentLabel: segment.label,
        segment: { label: segment.label, value: segment.value },
        outcome: segment.outcome,
        prize: amountString(prize),
        cost: amountString(cost),
        message: wheelResultText(segment.outcome, segment.prize),
        nonce: seed.nonce,
        clientSeed: seed.clientSeed,
        serverSeedHash: seed.serverSeedHash,
      };
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
}

export type SpinRecord = {
  id: string;
  createdAt: Date;
  isPaid: boolean;
  isRespin: boolean;
  segmentIndex: number;
  segmentLabel: string;
  cost: string;
  prize: string;
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  /** Revealed once the seed is rotated; then anyone can recompute the segment. */
  serverSeed: string | null;
};

/** The player's recent spins with what is needed to verify each one. */
export async function listSpins(db: DbTx, userId: string, limit = 50): Promise<SpinRecord[]> {
  const rows = await db.wheelSpin.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { nonce: "desc" }],
    take: Math.min(Math.max(limit, 1), 200),
    include: { seed: { select: { serverSeedHash: true, serverSeed: true, revealedAt: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    isPaid: r.isPaid,
    isRespin: r.isRespin,
    segmentIndex: r.segmentIndex,
    segmentLabel: r.segmentLabel,
    cost: amountString(r.cost),
    prize: amountString(r.prize),
    nonce: r.nonce,
    clientSeed: r.clientSeed,
    serverSeedHash: r.seed.serverSeedHash,
    serverSeed: r.seed.revealedAt ? r.seed.serverSeed : null,
  }));
}
