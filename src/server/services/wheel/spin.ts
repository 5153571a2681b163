/**
 * Fortune Wheel spins: the server decides.
 *
 * A spin is one transaction: consume a pending TRY AGAIN re-spin, or claim the daily free spin with
 * a conditional UPDATE on lastFreeSpinAt (database clock, so every instance agrees), or debit the
 * price through the ledger; allocate the nonce with UPDATE ... RETURNING on the player's active
 * seed (which also locks it against a concurrent rotation); draw with HMAC-SHA256; record the spin;
 * credit the prize through the ledger; grant the re-spin on TRY AGAIN.
 */
import type { z } from "zod";
import type { wheelSpinOutput, wheelState } from "@/shared/schemas/responses";
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { DEFAULT_WHEEL_CONFIG, drawWheel, type WheelConfig, wheelResultText, wheelTexts } from "@/shared/wheel";
import type { Db, DbTx } from "../../platform/db";
import { conflict, forbidden, notFound } from "../../platform/errors";
import { moneyString } from "@/shared/money";
import { consumeOrThrow } from "../../security/rate-limit";
import { applyBalanceChange, InsufficientBalanceError, fairPlaySettings } from "../kernel";
import { guardSpending } from "../safer-play";
import { getPaidSpinsEnabled, getWheelConfig, PAID_SPINS_OFF_MESSAGE } from "./config";
import { ensureActiveSeed, type SeedRow } from "./seeds";

/** Spins per player per minute, on the shared rate-limit table (holds across instances). */
export const SPIN_RATE_LIMIT = { points: 30, windowSeconds: 60 } as const;

export async function consumeSpinRateLimit(db: DbTx, userId: string): Promise<void> {
  await consumeOrThrow(
    db,
    `wheel:spin:${userId}`,
    { limit: SPIN_RATE_LIMIT.points, windowMs: SPIN_RATE_LIMIT.windowSeconds * 1000 },
    (retry) => `Too many spins. Please try again in ${retry}.`,
  );
}

export type WheelStatus = z.output<typeof wheelState>;

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
    balance: moneyString(new Prisma.Decimal(row.balance)),
    canSpinFree: dailyAvailable || pending !== null,
    nextFreeSpinAt: dailyAvailable ? null : next,
    pendingRespin: pending,
    freeSpinsAvailable: (dailyAvailable ? 1 : 0) + (pending ? 1 : 0),
    spinPrice: config.spinPrice,
  };
}

export async function getStatus(db: DbTx, userId: string): Promise<WheelStatus & { paidSpinsEnabled: boolean }> {
  const [row, config, paidSpinsEnabled] = await Promise.all([
    readUserWheel(db, userId),
    getWheelConfig(db),
    getPaidSpinsEnabled(db),
  ]);
  // paidSpinsEnabled: an admin can switch paid spins off (docs/fair-play.md); the page then offers the free spin only.
  return { ...statusOf(row, config), paidSpinsEnabled };
}

/** POST /api/wheel/update-balance: kept for old clients; never changes the balance. */
export async function currentBalance(db: DbTx, userId: string): Promise<{ balance: string; message: string }> {
  const row = await readUserWheel(db, userId);
  return {
    balance: moneyString(new Prisma.Decimal(row.balance)),
    message: "Balance is updated by the server when a spin is settled",
  };
}

/** The refusals under the default configuration; the live texts come from `wheelTexts(config)`. */
export const NO_FREE_SPIN_MESSAGE = wheelTexts(DEFAULT_WHEEL_CONFIG).noFreeSpin;
export const INSUFFICIENT_BALANCE_MESSAGE = wheelTexts(DEFAULT_WHEEL_CONFIG).insufficientBalance;

export type SpinResult = z.output<typeof wheelSpinOutput>;

/** The prize after WHEEL_DAILY_PAYOUT_CAP: what is left of the cap over the last 24 h, at most. */
async function capPrize(tx: DbTx, userId: string, prize: Prisma.Decimal): Promise<Prisma.Decimal> {
  if (prize.lte(0)) return prize;
  const cap = new Prisma.Decimal(fairPlaySettings().wheelDailyPayoutCap);
  const rows = await tx.$queryRaw<{ won: Prisma.Decimal | null }[]>`
    SELECT SUM("amount") AS "won" FROM "LedgerEntry"
    WHERE "userId" = ${userId} AND "kind" = 'wheel_prize' AND "createdAt" > now() - interval '24 hours'`;
  const room = Prisma.Decimal.max(0, cap.sub(new Prisma.Decimal(rows[0]?.won ?? 0)));
  return Prisma.Decimal.min(prize, room);
}

export async function spin(db: Db, userId: string, requestedPaid: boolean): Promise<SpinResult> {
  await consumeSpinRateLimit(db, userId);
  const config = await getWheelConfig(db);
  const spinId = randomUUID();
  const price = new Prisma.Decimal(config.spinPrice);

  return db.$transaction(
    async (tx) => {
      // Responsible play: a self-excluded player cannot spin at all (docs/fair-play.md).
      await guardSpending(tx, userId, null);
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
      if (!isRespin && kind === "paid" && !(await getPaidSpinsEnabled(tx))) throw forbidden(PAID_SPINS_OFF_MESSAGE);
      let cost = new Prisma.Decimal(0);
      if (!isRespin && kind === "free") {
        const n = await tx.$executeRaw`
        UPDATE "User" SET "lastFreeSpinAt" = now(), "updatedAt" = now()
        WHERE "id" = ${userId}
          AND ("lastFreeSpinAt" IS NULL OR "lastFreeSpinAt" <= now() - make_interval(hours => ${config.freeSpinIntervalHours}))`;
        if (n !== 1) throw conflict(wheelTexts(config).noFreeSpin);
      } else if (!isRespin) {
        cost = price;
        await guardSpending(tx, userId, price); // spend limits count paid spins
        try {
          await applyBalanceChange(tx, {
            userId,
            amount: price.negated(),
            kind: "wheel_spin",
            reference: spinId,
            note: "Paid wheel spin",
          });
        } catch (err) {
          if (err instanceof InsufficientBalanceError) throw conflict(wheelTexts(config).insufficientBalance);
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
      // WHEEL_DAILY_PAYOUT_CAP: winnings over a rolling 24 h are capped per player (the row is locked
      // by guardSpending above, so concurrent spins cannot both use the same room).
      const prize = await capPrize(tx, userId, new Prisma.Decimal(segment.prize));
      const capped = !prize.eq(segment.prize);
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
        prize: moneyString(prize),
        cost: moneyString(cost),
        message: capped
          ? `${wheelResultText(segment.outcome, segment.prize)} Daily wheel winnings cap of $${moneyString(fairPlaySettings().wheelDailyPayoutCap)} reached: $${moneyString(prize)} credited.`
          : wheelResultText(segment.outcome, segment.prize),
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
    cost: moneyString(r.cost),
    prize: moneyString(r.prize),
    nonce: r.nonce,
    clientSeed: r.clientSeed,
    serverSeedHash: r.seed.serverSeedHash,
    serverSeed: r.seed.revealedAt ? r.seed.serverSeed : null,
  }));
}
