/** Payment forms and payloads: one schema for the Add Balance form and the server (docs/product.md §5, §7, §9). */
import "./zod-config";
import { z } from "zod";
import { AUDIT_ACTIONS, CRYPTO_CURRENCIES, CURRENCY, LIMITS } from "../constants";
import { COIN_NETWORKS, WITHDRAWAL_NETWORKS } from "../networks";
import { type Decimal, isAtLeast, parseMoney } from "../money";

export const PAYMENT_MESSAGES = {
  required: "Please enter amount and select payment method",
  amountFormat: "Amount must be a number with at most 2 decimals",
  amountMin: `Minimum amount is ${LIMITS.topUpMin}`,
  amountMax: `Maximum amount is ${LIMITS.topUpMax}`,
  currency: `Currency must be ${CURRENCY}`,
  defaultRejection: "Manual rejection by admin",
  network: `Network must be one of ${WITHDRAWAL_NETWORKS.join(", ")}`,
  overrideReason: "Please give a reason for approving without the gateway's confirmation",
  reasonMax: `Reason must be at most ${LIMITS.reasonMax} characters`,
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

export const createPaymentSchema = z
  .object({
    amount: topUpAmountSchema,
    currency: z.literal(CURRENCY, PAYMENT_MESSAGES.currency).default(CURRENCY),
    cryptoCurrency: z.enum(CRYPTO_CURRENCIES, PAYMENT_MESSAGES.required),
    /** The chain, for coins on several (USDT: TRC20, ERC20, BEP20); the coin's default when left out. */
    network: z.enum(WITHDRAWAL_NETWORKS, PAYMENT_MESSAGES.network).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.network && !COIN_NETWORKS[v.cryptoCurrency].includes(v.network)) {
      ctx.addIssue({
        code: "custom",
        path: ["network"],
        message: `${v.cryptoCurrency} can be paid on ${COIN_NETWORKS[v.cryptoCurrency].join(", ")} only`,
      });
    }
  });

export const paymentIdSchema = z.object({ id: z.string().trim().min(1, "Payment id is required").max(100) });
export const rejectPaymentSchema = paymentIdSchema.extend({
  reason: z.string().trim().max(LIMITS.reasonMax, PAYMENT_MESSAGES.reasonMax).optional(),
});
/** Approve; `override` + `reason` when the gateway has not said paid (src/server/services/money/payments/approval.ts). */
export const approvePaymentSchema = paymentIdSchema.extend({
  override: z.boolean("override must be true or false").optional(),
  reason: z.string().trim().max(LIMITS.reasonMax, PAYMENT_MESSAGES.reasonMax).optional(),
});
/** Sandbox pay step; `amount` (USD) below the invoice simulates an underpayment. */
export const simulatePaymentSchema = z.object({
  trackId: z.string().trim().min(1).max(100),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, PAYMENT_MESSAGES.amountFormat)
    .optional(),
});
/** The admin audit log's filters (newest first, keyset pages). */
export const auditQuerySchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, `Action must be one of ${AUDIT_ACTIONS.join(", ")}`).optional(),
    actor: z.string().trim().min(1).max(200).optional(),
    targetId: z.string().trim().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(LIMITS.auditPage).optional(),
    cursor: z.string().trim().min(1).max(100).optional(),
  })
  .optional();
export const trackIdSchema = z.object({ trackId: z.string().trim().min(1).max(100) });

/** The admin pending list, oldest first, a page at a time: `cursor` is the last id of the previous page. */
export const pendingPaymentsQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(LIMITS.pendingPaymentsPageMax).optional(),
    cursor: z.string().trim().min(1).max(100).optional(),
  })
  .optional();
