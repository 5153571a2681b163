/** Payment forms and payloads: one schema for the Add Balance form and the server (docs/product.md §5, §7, §9). */
import "./zod-config";
import { z } from "zod";
import { CRYPTO_CURRENCIES, CURRENCY, LIMITS } from "../constants";
import { type Decimal, isAtLeast, parseMoney } from "../money";

export const PAYMENT_MESSAGES = {
  required: "Please enter amount and select payment method",
  amountFormat: "Amount must be a number with at most 2 decimals",
  amountMin: `Minimum amount is ${LIMITS.topUpMin}`,
  amountMax: `Maximum amount is ${LIMITS.topUpMax}`,
  currency: `Currency must be ${CURRENCY}`,
  defaultRejection: "Manual rejection by admin",
  tooManyOpen: `You have ${LIMITS.openTopUpsMax} payments waiting. Complete one, or wait for it to expire (1 hour), before starting another.`,
} as const;

/** "12", "12.5", "12.50"; never a float. Compared exactly (src/shared/money.ts). */
export const topUpAmountSchema = z
  .string(PAYMENT_MESSAGES.required)
  .trim()
  .min(1, PAYMENT_MESSAGES.required)
  .regex(/^\d{1,9}(\.\d{1,2})?$/, PAYMENT_MESSAGES.amountFormat)
  // A malformed amount is reported once, by the pattern above; the bounds speak only of numbers.
  .refine((v) => isMalformedOr(v, (d) => isAtLeast(d, LIMITS.topUpMin)), PAYMENT_MESSAGES.amountMin)
  .refine((v) => isMalformedOr(v, (d) => isAtLeast(LIMITS.topUpMax, d)), PAYMENT_MESSAGES.amountMax);

function isMalformedOr(v: string, rule: (d: Decimal) => boolean): boolean {
  const d = parseMoney(v);
  return d === null || rule(d);
}

export const createPaymentSchema = z.object({
  amount: topUpAmountSchema,
  currency: z.literal(CURRENCY, PAYMENT_MESSAGES.currency).default(CURRENCY),
  cryptoCurrency: z.enum(CRYPTO_CURRENCIES, PAYMENT_MESSAGES.required),
});

export const paymentIdSchema = z.object({ id: z.string().trim().min(1, "Payment id is required").max(100) });
export const rejectPaymentSchema = paymentIdSchema.extend({
  reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
});
export const trackIdSchema = z.object({ trackId: z.string().trim().min(1).max(100) });

/** The admin pending list, oldest first, a page at a time: `cursor` is the last id of the previous page. */
export const pendingPaymentsQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(LIMITS.pendingPaymentsPageMax).optional(),
    cursor: z.string().trim().min(1).max(100).optional(),
  })
  .optional();
