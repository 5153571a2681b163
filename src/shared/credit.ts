/**
 * Site credit an admin gives as goodwill (docs/payments.md "Cash and credit"): spend-only, optionally
 * expiring. One schema for the admin form and the server.
 */
import "./schemas/zod-config";
import { z } from "zod";
import { compareMoney, formatUsd } from "./money";

export const CREDIT_GRANT_LIMITS = { min: "0.01", max: "500", reasonMax: 500, expiryDaysMax: 365 } as const;

export const CREDIT_MESSAGES = {
  amountRequired: "Please enter an amount",
  amountFormat: "Amount must be a number with at most 2 decimals",
  amountMin: `Credit amount must be at least ${formatUsd(CREDIT_GRANT_LIMITS.min)}`,
  amountMax: `Credit amount must be at most ${formatUsd(CREDIT_GRANT_LIMITS.max)} per grant`,
  reasonRequired: "Please give a reason",
  reasonMax: `Reason must be at most ${CREDIT_GRANT_LIMITS.reasonMax} characters`,
  expiry: `Expiry (expiresInDays) must be a whole number of days from 1 to ${CREDIT_GRANT_LIMITS.expiryDaysMax}`,
  closed: "This account is closed: it cannot receive credit",
} as const;

const AMOUNT_TEXT = /^\d{1,9}(\.\d{1,2})?$/;

export const grantCreditSchema = z.object({
  userId: z.string().trim().min(1, "User id is required").max(64),
  amount: z
    .string(CREDIT_MESSAGES.amountRequired)
    .trim()
    .min(1, CREDIT_MESSAGES.amountRequired)
    .regex(AMOUNT_TEXT, CREDIT_MESSAGES.amountFormat)
    .refine((v) => !AMOUNT_TEXT.test(v) || compareMoney(v, CREDIT_GRANT_LIMITS.min) >= 0, CREDIT_MESSAGES.amountMin)
    .refine((v) => !AMOUNT_TEXT.test(v) || compareMoney(v, CREDIT_GRANT_LIMITS.max) <= 0, CREDIT_MESSAGES.amountMax),
  reason: z
    .string(CREDIT_MESSAGES.reasonRequired)
    .trim()
    .min(1, CREDIT_MESSAGES.reasonRequired)
    .max(CREDIT_GRANT_LIMITS.reasonMax, CREDIT_MESSAGES.reasonMax),
  /** Days until what is left of it expires; absent = never. */
  expiresInDays: z
    .number(CREDIT_MESSAGES.expiry)
    .int(CREDIT_MESSAGES.expiry)
    .min(1, CREDIT_MESSAGES.expiry)
    .max(CREDIT_GRANT_LIMITS.expiryDaysMax, CREDIT_MESSAGES.expiry)
    .optional(),
});
export type GrantCreditInput = z.input<typeof grantCreditSchema>;
