/**
 * Spend-limit, self-exclusion and age texts and the constants they name (docs/fair-play.md "Safer
 * play"), apart from the zod schemas of ./responsible-play.ts and ./safer-play.ts so the browser's
 * standing notices do not load zod.
 */
import { formatDateTime } from "./format";
import { formatUsd } from "./money-format";

export const LIMIT_PERIODS = ["daily", "weekly", "monthly"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Hours between asking to end a self-exclusion and its end (never before the chosen period is over). */
export const SELF_EXCLUSION_COOLING_OFF_HOURS = 24;

export const RESPONSIBLE_MESSAGES = {
  // Server texts name instants in UTC with the label; the browser shows its own zone where it formats itself.
  // null: the chosen period is over and the exclusion lasts until the player asks to end it.
  selfExcluded: (until: Date | null) =>
    until
      ? `Your account is self-excluded until ${formatDateTime(until, "UTC")}`
      : `Your account is self-excluded until you ask to end it (it ends ${SELF_EXCLUSION_COOLING_OFF_HOURS} h after you ask)`,
  overLimit: (period: LimitPeriod, limit: string, left: string) =>
    `This would exceed your ${period} spend limit of ${formatUsd(limit)}: ${formatUsd(left)} left`,
  limitsDelayed: (from: Date) => `Lower limits apply now; higher or removed limits apply from ${formatDateTime(from, "UTC")}`,
  limitReached: (period: LimitPeriod, limit: string, until: Date | null) =>
    `You have reached your ${period} spend limit of ${formatUsd(limit)}${until ? `: tickets and paid spins are open again from ${formatDateTime(until, "UTC")}` : ""}`,
  ageRequired: "Please declare your date of birth (18+) in your account before spending",
} as const;

export const MINIMUM_AGE = 18;
export const AGE_MESSAGES = {
  required: "Please enter your date of birth",
  invalid: "Date of birth must be a valid date (YYYY-MM-DD)",
  underAge: `You must be ${MINIMUM_AGE} or over to play`,
} as const;
