import type { Prisma } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import type { Db } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { applyBalanceChange, notifyMany } from "../kernel";

/**
 * Cancels an active, undrawn contest: every entry is refunded to its owner's balance through the
 * ledger (kind 'refund', reference = entry id, so never twice; what was paid with credit comes back
 * as credit, the rest as cash) and marked 'refunded'; each
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
      // Each part back to where it came from: the credit part as credit, the rest as cash.
      await applyBalanceChange(tx, {
        userId: entry.userId,
        amount: entry.totalAmount,
        creditPart: entry.creditAmount,
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
