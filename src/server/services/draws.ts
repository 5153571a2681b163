/**
 * Provably fair draws (docs/product.md §10, docs/fair-play.md). A contest commits to sha256(seed)
 * when it opens. Closing sales (closeSales) fixes the final entry list (entriesHash) and, with
 * DRAW_BEACON, a drand round emitted after the close; the draw (completeDraw) derives the winning
 * ticket from HMAC-SHA256(seed, contestId:soldTickets:entriesHash[:beacon]:counter) with rejection
 * sampling (src/shared/draw.ts) and reveals the seed, so anyone can recompute it.
 *
 * Exactly-once: closing is a conditional UPDATE (status = 'active' AND drawnAt IS NULL) that locks
 * the contest row, so concurrent End clicks, the scheduler on several instances and a purchase
 * racing the close serialise on that row; the draw is a second conditional UPDATE (drawnAt IS NULL).
 */
import { notifyMany } from "./notifications";
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { computeDrawWinner, type DrawMethod, entriesHashOf, sha256Hex } from "@/shared/draw";
import type { Db, DbTx } from "../db";
import { conflict, notFound } from "../errors";
import { logger } from "../logger";
import { moneyString } from "@/shared/money";
import { PRIZE_CLAIM_DAYS } from "@/shared/prizes";
import { fairPlaySettings } from "../fair-play-settings";
import { beaconChainInfo, fetchVerifiedRound, roundAfter } from "./beacon";
import { mailDrawResults, mailPrizeClaimSteps } from "../mail/events";
import { applyBalanceChange } from "./ledger";

/** A fresh secret seed (32 random bytes, hex) and its published SHA-256. */
export async function newDrawSeed(): Promise<{ drawSeed: string; drawSeedHash: string }> {
  const drawSeed = randomBytes(32).toString("hex");
  return { drawSeed, drawSeedHash: await sha256Hex(drawSeed) };
}

export type DrawOutcome = {
  contestId: string;
  soldTickets: number;
  winningTicket: number | null;
  winnerId: string | null;
  winnerPostId: string | null;
  notified: number;
};

type LockedRow = {
  id: string;
  title: string;
  drawSeed: string;
  soldTickets: number;
  imageUrl: string | null;
  cashAlternative: Prisma.Decimal | null;
  drawMethod: string | null;
  entriesHash: string | null;
  beaconRandomness: string | null;
};

function winnerDisplayName(u: { firstName: string; lastName: string; displayName: string | null }): string {
  if (u.displayName?.trim()) return u.displayName.trim();
  const initial = u.lastName.trim().charAt(0);
  return initial ? `${u.firstName} ${initial}.` : u.firstName;
}

/**
 * Closes sales of an active contest once: status 'ended', the close instant, whether an admin
 * ended it early, the draw method, the hash of the final entry list and (DRAW_BEACON) the drand
 * round to wait for. Returns false when it was not active (someone else closed it).
 */
export async function closeSales(db: Db, contestId: string, opts: { early?: boolean } = {}): Promise<boolean> {
  const beacon = fairPlaySettings().beacon;
  const now = new Date();
  // Chain info first (built in for quicknet): no network call while the contest row is locked.
  const round = beacon ? roundAfter(await beaconChainInfo(beacon), now) : null;
  const method: DrawMethod = beacon ? "beacon" : "entries";
  return db.$transaction(async (tx) => {
    const closed = await tx.$queryRaw<{ id: string; soldTickets: number }[]>`
      UPDATE "Contest" SET "status" = 'ended', "salesClosedAt" = ${now}, "updatedAt" = ${now},
        "endedEarlyAt" = CASE WHEN ${opts.early === true}
          AND ("endDate" IS NULL OR "endDate" > ${now})
          AND ("maxTickets" IS NULL OR "soldTickets" < "maxTickets") THEN ${now}::timestamp(3) ELSE NULL END,
        "drawMethod" = ${method}, "beaconChainHash" = ${beacon?.chainHash ?? null}, "beaconRound" = ${round}::int
      WHERE "id" = ${contestId} AND "status" = 'active' AND "drawnAt" IS NULL
      RETURNING "id", "soldTickets"`;
    if (!closed[0]) return false;
    // Every purchase that got the row lock before us has committed; later ones find it ended.
    const entries = await tx.ticketEntry.findMany({
      where: { contestId },
      select: { id: true, firstTicket: true, lastTicket: true },
    });
    await tx.contest.update({ where: { id: contestId }, data: { entriesHash: await entriesHashOf(entries) } });
    return true;
  });
}

/** Contests whose sales closed but whose winner is not drawn yet (e.g. waiting for the beacon). */
export async function findAwaitingDraws(db: DbTx): Promise<string[]> {
  const rows = await db.contest.findMany({
    where: { status: "ended", salesClosedAt: { not: null }, drawnAt: null },
    select: { id: true },
    orderBy: { salesClosedAt: "asc" },
    take: 100,
  });
  return rows.map((r) => r.id);
}

/**
 * Ends and draws an active contest once: closes sales, then draws at once unless the draw waits
 * for its beacon round (then the contest shows "Contest ended - awaiting results" and the
 * scheduler completes it). Returns null when someone else already closed it or the beacon is
 * pending; throws notFound for an unknown id.
 */
export async function drawContest(db: Db, contestId: string, opts: { early?: boolean } = {}): Promise<DrawOutcome | null> {
  const exists = await db.contest.findUnique({ where: { id: contestId }, select: { id: true } });
  if (!exists) throw notFound("Contest not found");
  if (!(await closeSales(db, contestId, opts))) return null;
  return completeDraw(db, contestId);
}

/**
 * Draws a closed contest once: fetches and verifies its beacon round when it uses one (outside the
 * transaction), then one transaction picks the winner. null = drawn already, or beacon pending.
 */
export async function completeDraw(db: Db, contestId: string): Promise<DrawOutcome | null> {
  const pending = await db.contest.findUnique({
    where: { id: contestId },
    select: { drawnAt: true, salesClosedAt: true, drawMethod: true, beaconRound: true, beaconRandomness: true },
  });
  if (!pending || pending.drawnAt || !pending.salesClosedAt) return null;
  let beaconRound: { randomness: string; signature: string } | null = null;
  if (pending.drawMethod === "beacon" && !pending.beaconRandomness) {
    const settings = fairPlaySettings().beacon;
    if (!settings || pending.beaconRound === null) return null; // beacon switched off: an admin must cancel
    beaconRound = await fetchVerifiedRound(settings, pending.beaconRound);
    if (!beaconRound) return null;
  }
  return db.$transaction(async (tx) => {
    const now = new Date();
    const locked = await tx.$queryRaw<LockedRow[]>`
      UPDATE "Contest" SET "drawnAt" = ${now}, "updatedAt" = ${now},
        "beaconRandomness" = COALESCE("beaconRandomness", ${beaconRound?.randomness ?? null}),
        "beaconSignature" = COALESCE("beaconSignature", ${beaconRound?.signature ?? null})
      WHERE "id" = ${contestId} AND "status" = 'ended' AND "salesClosedAt" IS NOT NULL AND "drawnAt" IS NULL
      RETURNING "id", "title", "drawSeed", "soldTickets", "imageUrl", "cashAlternative",
        "drawMethod", "entriesHash", "beaconRandomness"`;
    const contest = locked[0];
    if (!contest) return null;

    const winningTicket = await computeDrawWinner({
      seed: contest.drawSeed,
      contestId: contest.id,
      soldTickets: contest.soldTickets,
      method: contest.drawMethod as DrawMethod | null,
      entriesHash: contest.entriesHash,
      beaconRandomness: contest.beaconRandomness,
    });
    const outcome: DrawOutcome = {
      contestId,
      soldTickets: contest.soldTickets,
      winningTicket,
      winnerId: null,
      winnerPostId: null,
      notified: 0,
    };
    if (winningTicket === null) return outcome; // no tickets sold: ended without a winner

    const winnerEntry = await tx.ticketEntry.findFirst({
      where: { contestId, firstTicket: { lte: winningTicket }, lastTicket: { gte: winningTicket } },
      include: { user: { select: { id: true, firstName: true, lastName: true, displayName: true } } },
    });
    if (!winnerEntry) {
      // soldTickets and entries are written in one purchase transaction, so this means corrupt data.
      throw conflict(`No entry holds ticket ${winningTicket} of ${contest.soldTickets}`);
    }
    const winnerId = winnerEntry.userId;
    await tx.contest.update({ where: { id: contestId }, data: { winningTicket, winnerId } });
    await tx.ticketEntry.updateMany({ where: { contestId, result: null }, data: { result: "lost" } });
    await tx.ticketEntry.updateMany({ where: { contestId, userId: winnerId }, data: { result: "won" } });
    // The prize waits for the winner's claim: the cash alternative or delivery (services/prizes.ts).
    const prize = await tx.prize.create({
      data: {
        contestId,
        userId: winnerId,
        cashAlternative: contest.cashAlternative,
        claimBy: new Date(now.getTime() + PRIZE_CLAIM_DAYS * 86_400_000),
      },
    });
    await mailPrizeClaimSteps(tx, {
      userId: winnerId,
      contestTitle: contest.title,
      cashAlternative: prize.cashAlternative ? moneyString(prize.cashAlternative) : null,
      claimBy: prize.claimBy,
    });

    const participants = await tx.ticketEntry.findMany({
      where: { contestId },
      distinct: ["userId"],
      select: { userId: true },
    });
    await notifyMany(
      tx,
      participants.map(({ userId }) =>
        userId === winnerId
          ? {
              userId,
              type: "contest_result" as const,
              title: "Congratulations! You won!",
              message: `Your ticket #${winningTicket} won "${contest.title}". Claim your prize or its cash alternative under My Prizes.`,
            }
          : {
              userId,
              type: "contest_result" as const,
              title: "Contest Result",
              message: `The draw for "${contest.title}" has taken place: ticket #${winningTicket} won. Better luck next time!`,
            },
      ),
    );
    outcome.notified = participants.length;
    await mailDrawResults(tx, {
      contestId,
      contestTitle: contest.title,
      winningTicket,
      soldTickets: contest.soldTickets,
      winnerId,
    });

    const post = await tx.winnerPost.create({
      data: {
        title: `${winnerDisplayName(winnerEntry.user)} wins ${contest.title}`.slice(0, 200),
        description: `Ticket #${winningTicket} of ${contest.soldTickets} won the draw for ${contest.title}.`,
        winnerName: winnerDisplayName(winnerEntry.user),
        winnerId,
        contestId,
        contestTitle: contest.title,
        imageUrl: contest.imageUrl,
        winAmount: contest.cashAlternative ? `$${moneyString(contest.cashAlternative)} cash alternative` : null,
        winDate: now,
        isPublished: false,
      },
    });
    outcome.winnerId = winnerId;
    outcome.winnerPostId = post.id;
    return outcome;
  });
}

/**
 * Cancels an active, undrawn contest: every entry is refunded to its owner's balance through the
 * ledger (kind 'refund', reference = entry id, so never twice) and marked 'refunded'; each
 * participant is notified. Guarded by the same conditional UPDATE as the draw.
 */
export async function cancelContest(db: Db, contestId: string): Promise<{ refunded: number; notified: number }> {
  const exists = await db.contest.findUnique({ where: { id: contestId }, select: { id: true } });
  if (!exists) throw notFound("Contest not found");
  return db.$transaction(async (tx) => {
    const now = new Date();
    const locked = await tx.$queryRaw<{ id: string; title: string }[]>`
      UPDATE "Contest" SET "status" = 'cancelled', "updatedAt" = ${now}
      WHERE "id" = ${contestId} AND "drawnAt" IS NULL
        AND ("status" = 'active' OR ("status" = 'ended' AND "salesClosedAt" IS NOT NULL))
      RETURNING "id", "title"`;
    const contest = locked[0];
    if (!contest) throw conflict("Only a contest that has not been drawn can be cancelled");

    const entries = await tx.ticketEntry.findMany({ where: { contestId }, orderBy: { firstTicket: "asc" } });
    const perUser = new Map<string, Prisma.Decimal>();
    for (const entry of entries) {
      await applyBalanceChange(tx, {
        userId: entry.userId,
        amount: entry.totalAmount,
        kind: "refund",
        reference: entry.id,
        note: `Refund: ${contest.title} was cancelled`,
      });
      const sum = perUser.get(entry.userId);
      perUser.set(entry.userId, sum ? sum.add(entry.totalAmount) : entry.totalAmount);
    }
    await tx.ticketEntry.updateMany({ where: { contestId }, data: { result: "refunded" } });
    await notifyMany(
      tx,
      [...perUser].map(([userId, amount]) => ({
        userId,
        type: "warning" as const,
        title: "Contest Cancelled",
        message: `"${contest.title}" was cancelled. $${moneyString(amount)} has been refunded to your balance.`,
      })),
    );
    return { refunded: entries.length, notified: perUser.size };
  });
}

/** Active, undrawn contests that are sold out or past their end date. */
export async function findDueContests(db: DbTx, now = new Date()): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Contest"
    WHERE "status" = 'active' AND "drawnAt" IS NULL
      AND (("endDate" IS NOT NULL AND "endDate" <= ${now})
        OR ("maxTickets" IS NOT NULL AND "soldTickets" >= "maxTickets"))
    ORDER BY "endDate" ASC NULLS LAST
    LIMIT 100`;
  return rows.map((r) => r.id);
}

/** One scheduler pass: draws every due contest. Safe on several instances (each draw is guarded). */
export async function runDueDraws(db: Db, now = new Date()): Promise<DrawOutcome[]> {
  const done: DrawOutcome[] = [];
  for (const id of await findAwaitingDraws(db)) {
    try {
      const outcome = await completeDraw(db, id);
      if (outcome) done.push(outcome);
    } catch (err) {
      logger.error({ err, contestId: id }, "completing a draw failed");
    }
  }
  for (const id of await findDueContests(db, now)) {
    try {
      const outcome = await drawContest(db, id);
      if (outcome) done.push(outcome);
    } catch (err) {
      logger.error({ err, contestId: id }, "automatic draw failed");
    }
  }
  return done;
}

/** For the purchases service: draw right away when a purchase sold the contest out. */
export async function drawIfSoldOut(db: Db, contestId: string): Promise<DrawOutcome | null> {
  const c = await db.contest.findUnique({
    where: { id: contestId },
    select: { status: true, drawnAt: true, soldTickets: true, maxTickets: true },
  });
  if (c?.status !== "active" || c.drawnAt || c.maxTickets === null || c.soldTickets < c.maxTickets) return null;
  return drawContest(db, contestId);
}
