/**
 * The online free entry route (docs/fair-play.md), beside the postal one: a signed-in player takes
 * one free ticket per contest per FREE_ENTRY_PERIOD_HOURS, behind the contest's skill question, with
 * the same odds as a paid ticket. Like a postal entry it is a zero-amount ledger row and an entry
 * marked freeEntry, allocated by the same function as paid tickets (services/ticket-allocation.ts),
 * so it counts in the ticket maximum and the per-player cap (and reaches the instant-win hook).
 * The admin turns it off per contest (Contest.onlineFreeEntry); the postal route stays.
 *
 * Race-safe: the player's row is locked (FOR UPDATE, by guardSpending) before the period is checked
 * and the claim written, so two requests at once give one entry and one 409.
 */
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import { PICK_LIMITS, PICK_MESSAGES } from "@/shared/ticket-picking";
import type { Db } from "../platform/db";
import { getEnv } from "../platform/env";
import { conflict, notFound } from "../platform/errors";
import { logger } from "../platform/logger";
import { consumeOrThrow } from "../security/rate-limit";
import { drawIfSoldOut } from "./draws";
import { applyBalanceChange } from "./ledger";
import { PURCHASE_TX_OPTIONS, type PurchasedLine } from "./purchases";
import { guardSpending } from "./responsible-play";
import { checkSkillAnswers, gateSkillAnswers } from "./skill-question";
import { awardInstantWins } from "./instant-wins";
import { allocateTickets, entryIdsFor } from "./ticket-allocation";

const attemptRule = { limit: PICK_LIMITS.freeEntryAttemptsPerHour, windowMs: 3_600_000 };

export type OnlineFreeEntryResult = { message: string; entry: PurchasedLine };

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
  const entry = await db.$transaction(async (tx) => {
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
    const periodMs = getEnv().FREE_ENTRY_PERIOD_HOURS * 3_600_000;
    const last = await tx.onlineFreeEntry.findFirst({
      where: { userId, contestId, createdAt: { gt: new Date(Date.now() - periodMs) } },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
    });
    if (last) {
      const next = new Date(last.createdAt.getTime() + periodMs);
      throw conflict(PICK_MESSAGES.freeEntryUsed(c.title, `from ${next.toISOString().slice(0, 16).replace("T", " ")} UTC`));
    }
    const entryIds = entryIdsFor(c, 1, randomUUID);
    const entryId = entryIds[0] as string;
    const zero = new Prisma.Decimal(0);
    await applyBalanceChange(tx, {
      userId,
      amount: zero,
      kind: "purchase",
      reference: entryId,
      note: `Online free entry: 1 × ${c.title}`,
    });
    const taken = await allocateTickets(tx, userId, line, c, entryIds, zero, { freeEntry: true });
    // Eligible for instant wins exactly like a paid ticket (src/server/services/instant-wins.ts).
    await awardInstantWins(
      tx,
      userId,
      taken.entries.map((e) => ({ ...e, contestId })),
    );
    const ticket = taken.entries[0];
    if (!ticket) throw new Error("allocation wrote no entry");
    await tx.onlineFreeEntry.create({ data: { userId, contestId, entryId } });
    return {
      entryId,
      contestId,
      contestTitle: c.title,
      ticketCount: 1,
      firstTicket: ticket.firstTicket,
      lastTicket: ticket.lastTicket,
      ticketPrice: "0.00",
      totalAmount: moneyString(zero),
    } satisfies PurchasedLine;
  }, PURCHASE_TX_OPTIONS);
  await drawIfSoldOut(db, contestId).catch((err: unknown) => logger.error({ err, contestId }, "draw after sell-out failed"));
  return { message: `Free entry received: ticket #${entry.firstTicket}`, entry };
}
