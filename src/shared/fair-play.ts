/**
 * Fair-play rules both sides need (docs/fair-play.md): the skill question shape, the frozen terms,
 * the minimum open period (its messages: ./fair-play-messages.ts).
 */
import "./schemas/zod-config";
import { z } from "zod";

/** Default of MIN_CONTEST_OPEN_HOURS: time for postal (free) entries to arrive. */
export const DEFAULT_MIN_CONTEST_OPEN_HOURS = 72;

/** A multiple-choice question players answer before entering; 3 or 4 options. */
export const skillQuestionSchema = z
  .object({
    text: z.string("Question text is required").trim().min(3, "Question text is required").max(300),
    options: z
      .array(z.string().trim().min(1, "Each answer option needs text").max(120), "Options must be a list")
      .min(3, "A skill question needs 3 or 4 options")
      .max(4, "A skill question needs 3 or 4 options"),
    correctIndex: z.number("correctIndex must be a number").int().min(0).max(3),
  })
  .strip()
  .refine((q) => q.correctIndex < q.options.length, {
    message: "correctIndex must point at one of the options",
    path: ["correctIndex"],
  });
export type SkillQuestion = z.output<typeof skillQuestionSchema>;

/** What the public sees: never the correct answer. */
export type PublicSkillQuestion = { text: string; options: string[] };

/** Answer index a player sends with a cart line or POST /api/cart/add. */
export const answerIndexSchema = z.number("answerIndex must be a number").int("answerIndex must be a whole number").min(0).max(3);

/** Fields that can no longer change once a ticket is sold (labels for the 409 message). */
export const FROZEN_TERMS = {
  maxTickets: "max tickets",
  maxTicketsPerUser: "max tickets per player",
  ticketPrice: "ticket price",
  endDate: "end date",
  skillQuestion: "the skill question",
} as const;

/** The postal free-entry rules shown on every contest page (the address comes from FREE_ENTRY_ADDRESS). */
export function freeEntryRules(): string[] {
  return [
    "Send one postcard or letter per entry, by ordinary post, to the address above.",
    "Write your full name, the email address of your account, the contest title and your answer to the skill question (if the contest has one).",
    "Each valid postal entry gives one ticket with exactly the same chance of winning as a paid ticket; the same per-player and total ticket limits apply.",
    "Entries must arrive before the contest closes; entries that arrive late or are illegible are not entered.",
    "No purchase necessary. Free entries appear in your purchases like paid ones, at $0.00.",
  ];
}

/** POST /api/admin/contests/{id}/free-entries: a received postal entry for a player. */
export const freeEntrySchema = z.object({
  contestId: z.string().min(1).max(64),
  userId: z.string("User ID is required").trim().min(1, "User ID is required").max(64),
  quantity: z
    .number("quantity must be a number")
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(100, "quantity must be at most 100")
    .default(1),
});
