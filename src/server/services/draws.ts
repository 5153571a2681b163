/**
 * Provably fair draws (docs/product.md §10). A contest commits to sha256(seed) when it opens; the
 * draw derives the winning ticket from HMAC-SHA256(seed, `${contestId}:${soldTickets}:${counter}`)
 * with rejection sampling (src/shared/draw.ts) and reveals the seed, so anyone can recompute it.
 *
 * Exactly-once: the draw starts with a conditional UPDATE (status = 'active' AND drawnAt IS NULL)
 * that locks the contest row. Concurrent End clicks, the scheduler on several instances and a
 * purchase racing the draw all serialise on that row; only the first caller draws.
 */
import { notifyMany } from "./notifications";
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { computeWinningTicket, sha256Hex } from "@/shared/draw";
import type { Db, DbTx } from "../db";
import { conflict, notFound } from "../errors";
import { logger } from "../logger";
import { amountString } from "../money";
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
};

function winnerDisplayName(u: { firstName: string; lastName: string; displayName: string | null }): string {
  if (u.displayName?.trim()) return u.displayName.trim();
  const initial = u.lastName.trim().charAt(0);
  return initial ? `${u.firstName} ${initial}.` : u.firstName;
}

/**
 * Ends and draws an active contest once. Returns null when someone else already drew it (or it is
 * not active); throws notFound for an unknown id. Everything happens in one transaction.
 */
export async function drawContest(db: Db, contestId: string): Promise<DrawOutcome | null> {
  const exists = await db.contest.findUnique({ where: { id: contestId }, select: { id: true } });
  if (!exists) throw notFound("Contest not found");
  return db.$transaction(async (tx) => {
    const now = new Date();
    const locked = await tx.$queryRaw<LockedRow[]>`
      UPDATE "Contest" SET "status" = 'ended', "drawnAt" = ${now}, "updatedAt" = ${now}
      WHERE "id" = ${contestId} AND "status" = 'active' AND "drawnAt" IS NULL
      RETURNING "id", "title", "drawSeed", "soldTickets", "imageUrl", "cashAlternative"`;
    const contest = locked[0];
    if (!contest) return null;

    const winningTicket = await computeWinningTicket(contest.drawSeed, contest.id, contest.soldTickets);
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
              message: `Your ticket #${winningTicket} won "${contest.title}". We will contact you about your prize.`,
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

    const post = await tx.winnerPost.create({
      data: {
        title: `${winnerDisplayName(winnerEntry.user)} wins ${contest.title}`.slice(0, 200),
        description: `Ticket #${winningTicket} of ${contest.soldTickets} won the draw for ${contest.title}.`,
        winnerName: winnerDisplayName(winnerEntry.user),
        winnerId,
        contestId,
        contestTitle: contest.title,
        imageUrl: contest.imageUrl,
        winAmount: contest.cashAlternative ? `$${amountString(contest.cashAlternative)} cash alternative` : null,
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
      WHERE "id" = ${contestId} AND "status" = 'active' AND "drawnAt" IS NULL
      RETURNING "id", "title"`;
    const contest = locked[0];
    if (!contest) throw conflict("Only an active contest that has not been drawn can be cancelled");

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
        message: `"${contest.title}" was cancelled. $${amountString(amount)} has been refunded to your balance.`,
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
