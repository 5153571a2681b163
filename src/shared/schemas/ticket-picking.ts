/** Requests of pick your numbers, lucky dip and the online free entry (src/shared/ticket-picking.ts). */
import "./zod-config";
import { z } from "zod";
import { answerIndexSchema } from "../fair-play";
import { duplicatesOf, PICK_LIMITS, PICK_MESSAGES } from "../ticket-picking";

const ticketNumber = z.number(PICK_MESSAGES.numbers).int(PICK_MESSAGES.numbers).min(1, PICK_MESSAGES.numbers).max(1e9);

/** Distinct numbers, 1..numbersMax of them (each within 1..maxTickets is checked on the server, which knows the max). */
export const ticketNumbersSchema = z
  .array(ticketNumber, PICK_MESSAGES.numbers)
  .min(1, PICK_MESSAGES.numbersEmpty)
  .max(PICK_LIMITS.numbersMax, PICK_MESSAGES.numbersMax)
  .superRefine((ns, ctx) => {
    const dup = duplicatesOf(ns);
    if (dup.length) ctx.addIssue({ code: "custom", message: PICK_MESSAGES.duplicates(dup) });
  });

const contestId = z.string("Contest ID required").trim().min(1, "Contest ID required").max(64);

/** GET /api/contests/:id/numbers: one page of the grid, or the page holding `search`. */
export const numbersPageSchema = z.object({
  id: contestId,
  page: z.coerce
    .number("page must be a whole number from 1")
    .int("page must be a whole number from 1")
    .min(1)
    .max(1e6)
    .optional(),
  search: z.coerce.number("search must be a ticket number").int("search must be a ticket number").min(1).max(1e9).optional(),
});

/** POST /api/cart/hold and /api/cart/release. */
export const holdNumbersSchema = z.object({ contestId, ticketNumbers: ticketNumbersSchema });

/** POST /api/cart/lucky-dip: the server chooses `quantity` free numbers and holds them. */
export const luckyDipSchema = z.object({
  contestId,
  quantity: z
    .number("quantity must be a whole number from 1")
    .int("quantity must be a whole number from 1")
    .min(1, "quantity must be a whole number from 1")
    .max(PICK_LIMITS.numbersMax, `quantity may be at most ${PICK_LIMITS.numbersMax}`),
});

/** POST /api/contests/:id/free-entry: one free ticket, behind the skill question where there is one. */
export const onlineFreeEntrySchema = z.object({ contestId, answerIndex: answerIndexSchema.optional() });
