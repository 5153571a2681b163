/**
 * Identity only where the law needs it (docs/payments.md "Identity"): the tiers, what each asks for,
 * and the tier 1 form's schema, shared by the withdrawal screen and the server. The thresholds are
 * settings (KYC_* in .env.example); the server sends them with the player's standing.
 */
import "./schemas/zod-config";
import { z } from "zod";
import { compareMoney } from "./money";
import type { IdentityTier } from "./payout-rules";
import { dateOfBirthSchema } from "./responsible-play";

/** What each tier asks for, in the player's words. */
export const IDENTITY_ASKS: Record<1 | 2, string[]> = {
  1: ["your legal name", "your date of birth", "your address"],
  2: ["an identity check (we keep only its result, never your documents)"],
};

export const IDENTITY_MESSAGES = {
  legalName: "Legal name must be 2 to 100 letters (spaces, hyphens, apostrophes and dots allowed)",
  addressLine: "Address must be 3 to 200 characters",
  city: "City must be 1 to 100 characters",
  postcode: "Postcode must be 2 to 20 letters, digits, spaces or hyphens",
  country: "Country must be a two-letter code (ISO 3166-1, e.g. GB)",
  dobOnFile: "Your date of birth is already on file and differs; contact support to correct it",
  needsTier1: "Declare your legal name, date of birth and address first",
  checkPending: "Your identity check is already waiting for a decision",
  checkDone: "Your identity check was already approved",
  decision: "Decision must be approved or rejected",
  reason: "Please give a reason (at most 500 characters)",
  reference: "Reference must be at most 200 characters",
} as const;

/** Control characters are never part of a name or an address. */
const noControl = (v: string) => !/\p{Cc}/u.test(v);

export const declareIdentitySchema = z.object({
  legalName: z
    .string(IDENTITY_MESSAGES.legalName)
    .trim()
    .min(2, IDENTITY_MESSAGES.legalName)
    .max(100, IDENTITY_MESSAGES.legalName)
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, IDENTITY_MESSAGES.legalName),
  dateOfBirth: dateOfBirthSchema,
  addressLine: z
    .string(IDENTITY_MESSAGES.addressLine)
    .trim()
    .min(3, IDENTITY_MESSAGES.addressLine)
    .max(200, IDENTITY_MESSAGES.addressLine)
    .refine(noControl, IDENTITY_MESSAGES.addressLine),
  city: z
    .string(IDENTITY_MESSAGES.city)
    .trim()
    .min(1, IDENTITY_MESSAGES.city)
    .max(100, IDENTITY_MESSAGES.city)
    .refine(noControl, IDENTITY_MESSAGES.city),
  postcode: z
    .string(IDENTITY_MESSAGES.postcode)
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,18}[A-Za-z0-9]$/, IDENTITY_MESSAGES.postcode),
  country: z
    .string(IDENTITY_MESSAGES.country)
    .trim()
    .regex(/^[A-Za-z]{2}$/, IDENTITY_MESSAGES.country)
    .transform((v) => v.toUpperCase()),
});
export type DeclareIdentityInput = z.input<typeof declareIdentitySchema>;

/** An admin's decision on a player's identity check (audited; two-factor when required). */
export const decideIdentitySchema = z.object({
  userId: z.string().trim().min(1, "User id is required").max(64),
  decision: z.enum(["approved", "rejected"], IDENTITY_MESSAGES.decision),
  reason: z.string(IDENTITY_MESSAGES.reason).trim().min(1, IDENTITY_MESSAGES.reason).max(500, IDENTITY_MESSAGES.reason),
  reference: z.string(IDENTITY_MESSAGES.reference).trim().max(200, IDENTITY_MESSAGES.reference).optional(),
});
export type DecideIdentityInput = z.input<typeof decideIdentitySchema>;

/** The thresholds (USD) from which each tier is needed. */
export type IdentityThresholds = { tier1: { withdrawn: string; prize: string }; tier2: { withdrawn: string; prize: string } };

/** The tier needed from what was withdrawn (this one included) and the largest single prize won (exact decimals). */
export function tierNeeded(withdrawn: string, largestPrize: string, t: IdentityThresholds): IdentityTier {
  const from = (v: string, at: string) => compareMoney(v, at) >= 0;
  if (from(withdrawn, t.tier2.withdrawn) || from(largestPrize, t.tier2.prize)) return 2;
  if (from(withdrawn, t.tier1.withdrawn) || from(largestPrize, t.tier1.prize)) return 1;
  return 0;
}
