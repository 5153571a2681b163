/**
 * Inputs of bundle tiers and promo codes, shared by the admin forms, the cart and the
 * server. Bounded: at most 5 tiers, percentages 1..90, codes of 3..32 letters, digits, - and _.
 */
import "./zod-config";
import { z } from "zod";
import { LIMITS } from "../constants";
import { isPositive, parseMoney } from "../money";
import { BUNDLE_LIMITS, PROMO_LIMITS } from "../pricing";
import { checkoutSchema, contestIdInput, promoCodeText } from "./cart";
import { pageFields } from "./paging";

const MAX_INT4 = 2_147_483_647;

export const bundleTierSchema = z.object({
  quantity: z
    .number("Bundle quantity must be a whole number")
    .int("Bundle quantity must be a whole number")
    .min(BUNDLE_LIMITS.quantityMin, `Bundle quantity must be at least ${BUNDLE_LIMITS.quantityMin}`)
    .max(LIMITS.quantityMax, `Bundle quantity must be at most ${LIMITS.quantityMax}`),
  percentOff: z
    .number("Bundle discount must be a whole percentage")
    .int("Bundle discount must be a whole percentage")
    .min(BUNDLE_LIMITS.percentMin, `Bundle discount must be at least ${BUNDLE_LIMITS.percentMin}%`)
    .max(BUNDLE_LIMITS.percentMax, `Bundle discount must be at most ${BUNDLE_LIMITS.percentMax}%`),
});

/** Tiers sorted by quantity, no quantity twice, a bigger bundle never cheaper per cent off than a smaller one. */
export const bundleTiersSchema = z
  .array(bundleTierSchema, "Bundle tiers must be a list")
  .max(BUNDLE_LIMITS.tiersMax, `At most ${BUNDLE_LIMITS.tiersMax} bundle tiers`)
  .transform((tiers) => [...tiers].sort((a, b) => a.quantity - b.quantity))
  .refine(
    (tiers) => tiers.every((t, i) => i === 0 || t.quantity !== tiers[i - 1]?.quantity),
    "Each bundle quantity may appear once",
  )
  .refine(
    (tiers) => tiers.every((t, i) => i === 0 || t.percentOff > (tiers[i - 1]?.percentOff ?? 0)),
    "A larger bundle must give a larger discount",
  );

export const setBundleTiersSchema = z.object({ contestId: contestIdInput, tiers: bundleTiersSchema });

/** POST /api/cart/promo: the cart and the code, priced without using the code. */
export const promoQuoteSchema = z.object({ items: checkoutSchema.shape.items, code: promoCodeText });

const amount = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v),
    z
      .string(`${label} is required`)
      .regex(/^\d{1,9}(\.\d{1,2})?$/, `${label} must be a number with at most 2 decimals`)
      .refine((s) => {
        const d = parseMoney(s);
        return d !== null && isPositive(d);
      }, `${label} must be greater than 0`),
  );

const optionalCount = (label: string) =>
  z
    .number(`${label} must be a whole number`)
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(MAX_INT4, `${label} must be at most ${MAX_INT4}`)
    .nullable()
    .optional()
    .default(null);

const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? new Date(v) : v),
    z.date(`${label} must be a valid date`).nullable(),
  );

export const createPromoCodeSchema = z
  .object({
    code: promoCodeText,
    kind: z.enum(["percent", "fixed"], "Kind must be percent or fixed"),
    percentOff: z
      .number("Percentage must be a whole number")
      .int("Percentage must be a whole number")
      .min(PROMO_LIMITS.percentMin, `Percentage must be at least ${PROMO_LIMITS.percentMin}`)
      .max(PROMO_LIMITS.percentMax, `Percentage must be at most ${PROMO_LIMITS.percentMax}`)
      .nullable()
      .optional()
      .default(null),
    amountOff: amount("Amount off").nullable().optional().default(null),
    minSpend: amount("Minimum spend").nullable().optional().default(null),
    maxUses: optionalCount("Total uses"),
    maxUsesPerPlayer: optionalCount("Uses per player"),
    startsAt: optionalDate("Start").optional().default(null),
    endsAt: optionalDate("End").optional().default(null),
    firstPurchaseOnly: z.boolean("First purchase only must be true or false").optional().default(false),
    contestId: contestIdInput.nullable().optional().default(null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && (v.percentOff === null || v.amountOff !== null)) {
      ctx.addIssue({ code: "custom", path: ["percentOff"], message: "A percent code needs a percentage and no amount" });
    }
    if (v.kind === "fixed" && (v.amountOff === null || v.percentOff !== null)) {
      ctx.addIssue({ code: "custom", path: ["amountOff"], message: "A fixed code needs an amount off and no percentage" });
    }
    if (v.startsAt && v.endsAt && v.startsAt >= v.endsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "End must be after start" });
    }
  });
export type CreatePromoCodeInput = z.infer<typeof createPromoCodeSchema>;

export const promoCodeStatusSchema = z.object({
  id: z.string("Promo code id is required").trim().min(1, "Promo code id is required").max(64),
  disabled: z.boolean("Disabled must be true or false"),
});

export const promoCodesQuerySchema = z.object({ ...pageFields }).optional();
