/** Spend limits and self-exclusion (docs/fair-play.md): inputs and windows both sides use (texts: ./responsible-play-messages.ts). */
import "./schemas/zod-config";
import { z } from "zod";
import { AGE_MESSAGES, type LimitPeriod, MINIMUM_AGE } from "./responsible-play-messages";
import { limitAmountSchema } from "./safer-play";

/** Rolling windows the limits count over. */
export const LIMIT_WINDOW_HOURS: Record<LimitPeriod, number> = { daily: 24, weekly: 24 * 7, monthly: 24 * 30 };
/** A higher or removed limit waits this long. */
export const LIMIT_RAISE_DELAY_HOURS = 24;

export const SELF_EXCLUSION_PERIODS = { "6m": 6, "1y": 12, "5y": 60 } as const; // months
export type SelfExclusionPeriod = keyof typeof SELF_EXCLUSION_PERIODS;

/** 0 is a limit too: "no spending" (the safer-play prompt offers it). */
const usd = limitAmountSchema;

/** PUT /api/user/limits: each period optional; null removes it; absent leaves it as it is. */
export const limitsInputSchema = z
  .object({ daily: usd.nullable().optional(), weekly: usd.nullable().optional(), monthly: usd.nullable().optional() })
  .strict();
export type LimitsInput = z.infer<typeof limitsInputSchema>;

export const selfExclusionSchema = z.object({
  period: z.enum(["6m", "1y", "5y"], 'period must be "6m", "1y" or "5y"'),
});

/** Whole years between a date of birth and `now` (UTC calendar). */
export function ageOn(dateOfBirth: Date, now: Date = new Date()): number {
  let age = now.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const m = now.getUTCMonth() - dateOfBirth.getUTCMonth();
  if (m < 0 || (m === 0 && now.getUTCDate() < dateOfBirth.getUTCDate())) age--;
  return age;
}

/** "YYYY-MM-DD", a real calendar day after 1900 (the age is judged separately). */
export const dateOfBirthFormatSchema = z
  .string(AGE_MESSAGES.invalid)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, AGE_MESSAGES.invalid)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1900;
  }, AGE_MESSAGES.invalid);

/** "YYYY-MM-DD", a real calendar day after 1900, 18 or more years ago. */
export const dateOfBirthSchema = dateOfBirthFormatSchema.refine(
  (s) => ageOn(new Date(`${s}T00:00:00Z`)) >= MINIMUM_AGE,
  AGE_MESSAGES.underAge,
);

/** PUT /api/user/date-of-birth: a declaration for accounts made before sign-up asked for it. */
export const declareAgeSchema = z.object({ dateOfBirth: dateOfBirthSchema });
/** What the server takes: any real date, so an under-18 declaration reaches the service and is remembered. */
export const declareAgeInputSchema = z.object({ dateOfBirth: dateOfBirthFormatSchema });
/** Hours an account that declared an under-18 date of birth must wait before declaring again. */
export const UNDER_AGE_LOCK_HOURS = 24;
