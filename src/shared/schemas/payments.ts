/** Payment forms and payloads: one schema for the Add Balance form and the server (docs/product.md §5, §7, §9). */
import "./zod-config";
import { z } from "zod";
import { CRYPTO_CURRENCIES, CURRENCY, LIMITS } from "../constants";

export const PAYMENT_MESSAGES = {
  required: "Please enter amount and select payment method",
  amountFormat: "Amount must be a number with at most 2 decimals",
  amountMin: `Minimum amount is ${LIMITS.topUpMin}`,
  amountMax: `Maximum amount is ${LIMITS.topUpMax}`,
  currency: `Currency must be ${CURRENCY}`,
  defaultRejection: "Manual rejection by admin",
} as const;

/** "12", "12.5", "12.50"; never a float. Compared as exact decimals (no Number() for money). */
export const topUpAmountSchema = z
  .string(PAYMENT_MESSAGES.required)
  .trim()
  .min(1, PAYMENT_MESSAGES.required)
  .regex(/^\d{1,9}(\.\d{1,2})?$/, PAYMENT_MESSAGES.amountFormat)
  .refine((v) => compareDecimalStrings(v, String(LIMITS.topUpMin)) >= 0, PAYMENT_MESSAGES.amountMin)
  .refine((v) => compareDecimalStrings(v, String(LIMITS.topUpMax)) <= 0, PAYMENT_MESSAGES.amountMax);

export const createPaymentSchema = z.object({
  amount: topUpAmountSchema,
  currency: z.literal(CURRENCY, PAYMENT_MESSAGES.currency).default(CURRENCY),
  cryptoCurrency: z.enum(CRYPTO_CURRENCIES, PAYMENT_MESSAGES.required),
});
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

export const paymentIdSchema = z.object({ id: z.string().trim().min(1, "Payment id is required").max(100) });
export const rejectPaymentSchema = paymentIdSchema.extend({
  reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
});
export const trackIdSchema = z.object({ trackId: z.string().trim().min(1).max(100) });

/** Compares two non-negative decimal strings exactly ("1.5" vs "1.50" -> 0). */
export function compareDecimalStrings(a: string, b: string): number {
  const [ai = "0", af = ""] = a.split(".");
  const [bi = "0", bf = ""] = b.split(".");
  const aInt = ai.replace(/^0+(?=\d)/, "");
  const bInt = bi.replace(/^0+(?=\d)/, "");
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  if (aInt !== bInt) return aInt < bInt ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const aF = af.padEnd(len, "0");
  const bF = bf.padEnd(len, "0");
  return aF === bF ? 0 : aF < bF ? -1 : 1;
}
