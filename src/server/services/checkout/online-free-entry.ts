import type { z } from "zod";
import { noteFreeEntry } from "../accounts";
import type { freeEntryOutput } from "@/shared/schemas/responses";
import { PICK_LIMITS, PICK_MESSAGES } from "@/shared/ticket-picking";
import type { Db, DbTx } from "../../platform/db";
import { formatDateTime } from "@/shared/format";
import { getEnv } from "../../platform/env";
import { conflict, notFound } from "../../platform/errors";
import { logger } from "../../platform/logger";
import { consumeOrThrow } from "../../security/rate-limit";
import { drawIfSoldOut } from "../draws";
import { PURCHASE_TX_OPTIONS, type PurchasedLine } from "./purchases";
import { guardSpending } from "../safer-play";
import { checkSkillAnswers, gateSkillAnswers } from "./skill-question";
import { allocateFreeTickets } from "./free-entries";

const attemptRule = { limit: PICK_LIMITS.freeEntryAttemptsPerHour, windowMs: 3_600_000 };

/** The entry, and the instant prizes its ticket won (booked in the same transaction, like a purchase's). */
export type OnlineFreeEntryResult = z.output<typeof freeEntryOutput>;

/**
 * When this player's next online free entry to the contest opens (FREE_ENTRY_PERIOD_HOURS after the
 * last one), or null when one is open now. The contest page says it before the click.
 */
export async function nextOnlineFreeEntryAt(db: DbTx, userId: string, contestId: string, now = new Date()): Promise<Date | null> {
  const periodMs = getEnv().FREE_ENTRY_PERIOD_HOURS * 3_600_000;
  const last = await db.onlineFreeEntry.findFirst({
    where: { userId, contestId, createdAt: { gt: new Date(now.getTime() - periodMs) } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  return last ? new Date(last.createdAt.getTime() + periodMs) : null;
}

export async function claimOnlineFreeEntry(
  db: Db,
  userId: string,
  input: { contestId: string; answerIndex?: number },
): Promise<OnlineFreeEntryResult> {
  await consumeOrThrow(db, `free-online:${userId}`, attemptRule, PICK_MESSAGES.freeEntryRate);
  const { contestId } = input;
  const line = { contestId, quantity: 1, answerIndex: input.answerIndex };
  const pre = await db.contest.findUnique({ where: { id: contestId }, select: { title: true, onlineFreeEntry: true } });
  if (!pre) throw notFound("Contest not found");
  if (!pre.onlineFreeEntry) throw conflict(PICK_MESSAGES.freeEntryOff(pre.title));
  await gateSkillAnswers(db, userId, [line]); // counted outside the transaction, like a purchase's answer
  const { entry, instantWins } = await db.$transaction(async (tx) => {
    const c = await tx.contest.findUnique({
      where: { id: contestId },
      select: {
        id: true,
        title: true,
        ticketPrice: true,
        maxTicketsPerUser: true,
        maxTickets: true,
        pickNumbers: true,
        skillQuestion: true,
        onlineFreeEntry: true,
      },
    });
    if (!c) throw notFound("Contest not found");
    if (!c.onlineFreeEntry) throw conflict(PICK_MESSAGES.freeEntryOff(c.title));
    checkSkillAnswers([c], [line]);
    await guardSpending(tx, userId, null); // locks the player's row; a self-excluded player gets no entries
    const next = await nextOnlineFreeEntryAt(tx, userId, contestId);
    if (next) throw conflict(PICK_MESSAGES.freeEntryUsed(c.title, `from ${formatDateTime(next, "UTC")}`));
    const { entryId, taken, instantWins } = await allocateFreeTickets(tx, userId, line, c, `Online free entry: 1 × ${c.title}`);
    const ticket = taken.entries[0];
    if (!ticket) throw new Error("allocation wrote no entry");
    await tx.onlineFreeEntry.create({ data: { userId, contestId, entryId } });
    // Never refused for it (the free route stays open to a household); linked accounts entering are recorded.
    await noteFreeEntry(tx, userId, contestId);
    const entry = {
      entryId,
      contestId,
      contestTitle: c.title,
      ticketCount: 1,
      firstTicket: ticket.firstTicket,
      lastTicket: ticket.lastTicket,
      ticketPrice: "0.00",
      totalAmount: "0.00",
    } satisfies PurchasedLine;
    return { entry, instantWins };
  }, PURCHASE_TX_OPTIONS);
  await drawIfSoldOut(db, contestId).catch((err: unknown) => logger.error({ err, contestId }, "draw after sell-out failed"));
  return { message: `Free entry received: ticket #${entry.firstTicket}`, entry, instantWins };
}
