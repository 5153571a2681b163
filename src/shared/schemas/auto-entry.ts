/**
 * Auto-entry, standing orders (docs/retention.md "Auto-entry"): what a player sends to set one up,
 * and what the list answers. The same bounds in the browser form and on the server.
 */
import "./zod-config";
import { z } from "zod";
import { CONTEST_CATEGORIES } from "../constants";
import { answerIndexSchema } from "../fair-play";
import { formatCount } from "../format";
import { contestIdInput } from "./cart";
import { id, message, money, nameAnswers, time } from "./response-primitives";

export const AUTO_ENTRY_PERIODS = ["weekly", "daily"] as const;
export type AutoEntryPeriod = (typeof AUTO_ENTRY_PERIODS)[number];
export const AUTO_ENTRY_PERIOD_MS: Record<AutoEntryPeriod, number> = {
  weekly: 7 * 86_400_000,
  daily: 86_400_000,
};

export const AUTO_ENTRY_LIMITS = {
  ticketsMin: 1,
  ticketsMax: 20,
  /** Chosen contests per order. */
  contestsMax: 10,
  capMin: 1,
  capMax: 10_000,
  /** Active (not stopped, not cancelled) orders a player may hold. */
  activeMax: 10,
  /** Contests of a category one period buys at most (those ending soonest). */
  categoryContestsMax: 20,
} as const;

export const AUTO_ENTRY_MESSAGES = {
  target: "Choose one or more contests, or a category",
  bothTargets: "Choose contests or a category, not both",
  contestsMax: `Choose at most ${AUTO_ENTRY_LIMITS.contestsMax} contests`,
  duplicateContest: "Each contest may be chosen once",
  tickets: `Tickets per period must be a whole number from ${AUTO_ENTRY_LIMITS.ticketsMin} to ${AUTO_ENTRY_LIMITS.ticketsMax}`,
  cap: `The spending cap must be from $${AUTO_ENTRY_LIMITS.capMin} to $${formatCount(AUTO_ENTRY_LIMITS.capMax)}`,
  period: "The period must be weekly or daily",
  tooMany: `You can have at most ${AUTO_ENTRY_LIMITS.activeMax} active auto-entries. Cancel one to set up another.`,
  notFound: "Auto-entry not found",
  notOpen: (title: string) => `${title} is not open for entries`,
  unknownContest: "One of the chosen contests does not exist",
  answerNotInTarget: "An answer was given for a contest this auto-entry does not enter",
  blocked: "Auto-entry is not available while your account is closed, self-excluded or at a spending limit.",
  created: "Auto-entry set up. The first entries are bought now, then one round every period.",
  stoppedAtOnce: (reason: string) => `Auto-entry set up, but it stopped at once: ${reason}.`,
  cancelled: "Auto-entry cancelled. Nothing more will be bought.",
  alreadyCancelled: "This auto-entry is already cancelled",
} as const;

const capText = z
  .union([z.string(), z.number()], AUTO_ENTRY_MESSAGES.cap)
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,5}(\.\d{1,2})?$/.test(v), AUTO_ENTRY_MESSAGES.cap)
  .refine((v) => Number(v) >= AUTO_ENTRY_LIMITS.capMin && Number(v) <= AUTO_ENTRY_LIMITS.capMax, AUTO_ENTRY_MESSAGES.cap);

/** POST /api/user/auto-entries. `answers`: the skill answer of each chosen contest that has a question. */
export const createAutoEntrySchema = z
  .object({
    contestIds: z
      .array(contestIdInput, AUTO_ENTRY_MESSAGES.target)
      .max(AUTO_ENTRY_LIMITS.contestsMax, AUTO_ENTRY_MESSAGES.contestsMax)
      .optional(),
    category: z.enum(CONTEST_CATEGORIES, "Unknown category").optional(),
    ticketsPerPeriod: z
      .number(AUTO_ENTRY_MESSAGES.tickets)
      .int(AUTO_ENTRY_MESSAGES.tickets)
      .min(AUTO_ENTRY_LIMITS.ticketsMin, AUTO_ENTRY_MESSAGES.tickets)
      .max(AUTO_ENTRY_LIMITS.ticketsMax, AUTO_ENTRY_MESSAGES.tickets),
    period: z.enum(AUTO_ENTRY_PERIODS, AUTO_ENTRY_MESSAGES.period).default("weekly"),
    capUsd: capText,
    answers: z
      .array(z.object({ contestId: contestIdInput, answerIndex: answerIndexSchema }))
      .max(AUTO_ENTRY_LIMITS.categoryContestsMax)
      .default([]),
  })
  .superRefine((v, ctx) => {
    const ids = v.contestIds ?? [];
    if (ids.length && v.category) ctx.addIssue({ code: "custom", message: AUTO_ENTRY_MESSAGES.bothTargets, path: ["category"] });
    else if (!ids.length && !v.category)
      ctx.addIssue({ code: "custom", message: AUTO_ENTRY_MESSAGES.target, path: ["contestIds"] });
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: "custom", message: AUTO_ENTRY_MESSAGES.duplicateContest, path: ["contestIds"] });
    if (new Set(v.answers.map((a) => a.contestId)).size !== v.answers.length)
      ctx.addIssue({ code: "custom", message: AUTO_ENTRY_MESSAGES.duplicateContest, path: ["answers"] });
  });
export type CreateAutoEntryInput = z.output<typeof createAutoEntrySchema>;

export const autoEntryIdSchema = z.object({ id: z.string().trim().min(1, "Auto-entry id required").max(64) });

export const AUTO_ENTRY_OUTCOMES = ["bought", "skipped", "refused"] as const;

export const autoEntryRunOutput = z.object({
  contestId: id,
  contestTitle: z.string().nullable(),
  period: time,
  outcome: z.enum(AUTO_ENTRY_OUTCOMES),
  reason: z.string().nullable(),
  tickets: z.number().int(),
  amount: money,
  createdAt: time,
});

export const autoEntryOutput = z.object({
  id,
  status: z.enum(["active", "stopped", "cancelled"]),
  stopReason: z.string().nullable(),
  contests: z.array(z.object({ id, title: z.string() })),
  category: z.enum(CONTEST_CATEGORIES).nullable(),
  ticketsPerPeriod: z.number().int(),
  period: z.enum(AUTO_ENTRY_PERIODS),
  capUsd: money,
  spentUsd: money,
  nextRunAt: time.nullable(),
  createdAt: time,
  /** The latest runs, newest first (at most 10). */
  recentRuns: z.array(autoEntryRunOutput),
});
export const autoEntryWithMessageOutput = z.object({ message, autoEntry: autoEntryOutput });

nameAnswers({ AutoEntry: autoEntryOutput, AutoEntryRun: autoEntryRunOutput });
