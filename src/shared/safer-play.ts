/**
 * Safer play (docs/fair-play.md "Safer play"): the spend-limit prompt, support organisations,
 * account closure, the cooling-off before a self-exclusion ends and the admin risk thresholds.
 * Shared by the server and the screens.
 */
import "./schemas/zod-config";
import { z } from "zod";
import { formatDateTime } from "./format";
import type { SupportOrganisation } from "./support-organisations";
import { SELF_EXCLUSION_COOLING_OFF_HOURS } from "./responsible-play-messages";

/** A limit the prompt or the Responsible play dialog takes: 0 is allowed and means "no spending". */
export const limitAmountSchema = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v),
  z
    .string("Limits must be USD amounts as strings")
    .regex(/^\d{1,9}(\.\d{1,2})?$/, "Limits must be USD amounts (0 or more) with at most 2 decimals"),
);

/**
 * The spend-limit prompt's answer (at sign-up, or before the first purchase): set at least one
 * limit, or decline. POST /api/user/limit-choice and the optional `spendLimit` of sign-up.
 */
export const limitChoiceSchema = z.discriminatedUnion(
  "choice",
  [
    z.object({ choice: z.literal("declined") }).strict(),
    z
      .object({
        choice: z.literal("set"),
        daily: limitAmountSchema.optional(),
        weekly: limitAmountSchema.optional(),
        monthly: limitAmountSchema.optional(),
      })
      .strict()
      .refine((v) => v.daily !== undefined || v.weekly !== undefined || v.monthly !== undefined, {
        message: "Choose at least one limit (daily, weekly or monthly), or decline",
      }),
  ],
  'choice must be "set" (with a daily, weekly or monthly limit) or "declined"',
);
export type LimitChoiceInput = z.infer<typeof limitChoiceSchema>;
export type LimitChoice = LimitChoiceInput["choice"];

/** POST /api/user/close: permanent, confirmed with the password and the word CLOSE. */
export const closeAccountSchema = z
  .object({
    password: z.string("Please enter your password").min(1, "Please enter your password").max(256),
    confirm: z.literal("CLOSE", "Type CLOSE to confirm that the closure is permanent"),
  })
  .strict();

export const SAFER_PLAY_MESSAGES = {
  choiceMade: "You have already answered the spend-limit question; change your limits in Responsible play",
  declined: "Noted: no spend limit for now. You can set one at any time in Responsible play",
  limitsSet: "Your limits apply now",
  closed: "This account is closed. Contact support for your history or any balance left",
  accountClosed: "Your account is closed and you are signed out everywhere",
  notExcluded: "Your account is not self-excluded",
  endRequested: (at: Date) =>
    `Your self-exclusion ends on ${formatDateTime(at, "UTC")}: ${SELF_EXCLUSION_COOLING_OFF_HOURS} h after you asked, and not before the period you chose`,
} as const;

/** A piece of a compliance paragraph: text, or a link the page draws as one (never a printed URL). */
export type ClauseSegment = string | { text: string; href: string };
/** A paragraph: plain text, or text with links. */
export type ClauseParagraph = string | ClauseSegment[];

/** A paragraph as plain text (links by their words): for tests and search. */
export function paragraphText(p: ClauseParagraph): string {
  return typeof p === "string" ? p : p.map((s) => (typeof s === "string" ? s : s.text)).join("");
}

/** One clause of the compliance page (src/server/services/draws/compliance.ts). */
export type Clause = {
  /** Anchor on the page (#id). */
  id: string;
  title: string;
  /** What the code of practice asks, in one line. */
  asks: string;
  /** What this site does, from its settings. */
  paragraphs: ClauseParagraph[];
  links?: SupportOrganisation[];
  /** Set while the setting this clause needs does not exist yet: the page shows it as work in progress. */
  pending?: string;
};

/**
 * Risk markers on the admin Players at risk list (src/server/services/safer-play/risk-markers.ts): what each
 * threshold means is in docs/admin.md.
 */
export const RISK_THRESHOLDS = {
  /** Days (UTC) in the last `limitDaysWindow` on which the player spent up to their daily limit. */
  limitDays: 3,
  limitDaysWindow: 30,
  /** Weeks of spending in a row, each higher than the one before (rolling 7-day weeks ending now). */
  risingWeeks: 3,
  /** ...with the latest week at least this much (USD), so pocket money rising does not flag. */
  risingMinUsd: 50,
  /** Top-ups asked for on one UTC day, within the last `topUpWindowDays`. */
  topUpsPerDay: 5,
  topUpWindowDays: 7,
} as const;
export const RISK_MARKERS = ["limits_hit", "rising_spend", "many_top_ups"] as const;
export type RiskMarker = (typeof RISK_MARKERS)[number];
export const RISK_LABELS: Record<RiskMarker, string> = {
  limits_hit: "Limits hit repeatedly",
  rising_spend: "Rising spend week over week",
  many_top_ups: "Many top-ups in a day",
};
