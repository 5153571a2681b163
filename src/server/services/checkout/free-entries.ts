/**
 * Free postal entries (docs/fair-play.md): an admin records a received postal entry for a player.
 * The tickets are taken exactly like a purchase (takeTickets in ./ticket-taking: the same conditional
 * UPDATE, consecutive numbers, total and per-player caps under the contest's row lock) with a
 * zero-amount ledger row, so the entry has the same odds and shows in the player's purchases.
 */
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { Db, DbTx } from "../../platform/db";
import { forbidden, notFound } from "../../platform/errors";
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play-messages";
import { logger } from "../../platform/logger";
import { drawIfSoldOut } from "../draws";
import { recordAudit, applyBalanceChange, notifyMany } from "../kernel";
import { guardSpending } from "../safer-play";
import { awardInstantWins, type InstantWin } from "./instant-wins";
import { PURCHASE_TX_OPTIONS, type PurchasedLine } from "./purchases";
import { type Allocation, type AllocatableContest, type AllocationLine, allocateTickets, entryIdsFor } from "../tickets";

const ZERO = new Prisma.Decimal(0);

/**
 * Free tickets, postal or online: a zero-amount ledger row, then the one allocation path of paid
 * tickets too (same odds, same caps), and instant wins exactly like paid ones (the player is notified).
 */
export async function allocateFreeTickets(
  tx: DbTx,
  userId: string,
  line: AllocationLine,
  c: AllocatableContest,
  note: string,
): Promise<{ entryId: string; taken: Allocation; instantWins: InstantWin[] }> {
  const entryIds = entryIdsFor(c, line.quantity, randomUUID);
  const entryId = entryIds[0] as string;
  await applyBalanceChange(tx, { userId, amount: ZERO, kind: "purchase", reference: entryId, note });
  const taken = await allocateTickets(tx, userId, line, c, entryIds, ZERO, { freeEntry: true });
  const { wins } = await awardInstantWins(
    tx,
    userId,
    taken.entries.map((e) => ({ ...e, contestId: line.contestId })),
  );
  return { entryId, taken, instantWins: wins };
}

export async function recordFreeEntry(
  db: Db,
  contestId: string,
  userId: string,
  quantity: number,
  actorId: string | null = null,
): Promise<{ message: string; entry: PurchasedLine; instantWins: InstantWin[] }> {
  if (actorId !== null && actorId === userId) throw forbidden(FAIR_PLAY_MESSAGES.freeEntryOwnAccount);
  const { entry, instantWins } = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
    if (!user) throw notFound("User not found");
    const c = await tx.contest.findUnique({
      where: { id: contestId },
      select: { id: true, ticketPrice: true, title: true, maxTicketsPerUser: true, pickNumbers: true, maxTickets: true },
    });
    if (!c) throw notFound("Contest not found");
    await guardSpending(tx, userId, null); // a self-excluded player gets no entries, free ones included
    const { entryId, taken, instantWins } = await allocateFreeTickets(
      tx,
      userId,
      { contestId, quantity },
      c,
      `Free postal entry: ${quantity} × ${c.title}`,
    );
    const firstTicket = Math.min(...taken.entries.map((e) => e.firstTicket));
    const lastTicket = Math.max(...taken.entries.map((e) => e.lastTicket));
    // Picked contests get one entry per (lucky-dip) number: name each; else the consecutive range.
    const numbers =
      taken.entries.length > 1
        ? taken.entries.map((e) => `#${e.firstTicket}`).join(", ")
        : `#${firstTicket}${quantity === 1 ? "" : `–#${lastTicket}`}`;
    await recordAudit(tx, {
      actorId,
      action: "contest.free_entry",
      targetType: "contest",
      targetId: contestId,
      after: { userId, quantity, entryId, firstTicket, lastTicket },
    });
    await notifyMany(tx, [
      {
        userId,
        type: "success",
        title: "Free entry received",
        message: `Your postal entry for "${c.title}" was received: ticket${quantity === 1 ? "" : "s"} ${numbers}.`,
      },
    ]);
    const entry = {
      entryId,
      contestId,
      contestTitle: c.title,
      ticketCount: quantity,
      firstTicket,
      lastTicket,
      ticketPrice: "0.00",
      totalAmount: "0.00",
    } satisfies PurchasedLine;
    return { entry, instantWins };
  }, PURCHASE_TX_OPTIONS);
  await drawIfSoldOut(db, contestId).catch((err: unknown) => logger.error({ err, contestId }, "draw after sell-out failed"));
  return { message: "Free entry recorded", entry, instantWins };
}
