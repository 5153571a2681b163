/** Cart and checkout payloads: the same rules in the browser and on the server (docs/product.md §5). */
import "./zod-config";
import { z } from "zod";
import { pageFields } from "./paging";
import { LIMITS } from "../constants";
import { CART_MESSAGES } from "../cart-messages";
import { answerIndexSchema } from "../fair-play";
import { PICK_MESSAGES } from "../ticket-picking";
import { ticketNumbersSchema } from "./ticket-picking";
import { PROMO_LIMITS } from "../pricing";

export { CART_MESSAGES };

export const quantitySchema = z
  .number(CART_MESSAGES.quantity)
  .int(CART_MESSAGES.quantityWhole)
  .min(LIMITS.quantityMin, CART_MESSAGES.quantity)
  .max(LIMITS.quantityMax, CART_MESSAGES.quantityMax);

export const contestIdInput = z.string(CART_MESSAGES.contestId).trim().min(1, CART_MESSAGES.contestId).max(64);

/**
 * answerIndex: the chosen option of the contest's skill question (required when it has one).
 * ticketNumbers (pick-your-numbers contests, src/shared/ticket-picking.ts): the numbers picked; then
 * quantity is their count. Without them a pick contest's tickets are a lucky dip chosen by the server.
 */
export const cartLineSchema = z
  .object({
    contestId: contestIdInput,
    quantity: quantitySchema,
    answerIndex: answerIndexSchema.optional(),
    ticketNumbers: ticketNumbersSchema.optional(),
  })
  .refine((l) => !l.ticketNumbers || l.ticketNumbers.length === l.quantity, {
    message: PICK_MESSAGES.quantityMismatch,
    path: ["quantity"],
  });
export type CartLine = z.infer<typeof cartLineSchema>;

/** A promo code as a player types it: trimmed, any case (stored and compared upper-case; docs/payments.md). */
export const promoCodeText = z
  .string("Promo code is required")
  .trim()
  .min(PROMO_LIMITS.codeMin, `Promo code must be at least ${PROMO_LIMITS.codeMin} characters`)
  .max(PROMO_LIMITS.codeMax, `Promo code must be at most ${PROMO_LIMITS.codeMax} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, "Promo code may contain only letters, digits, - and _")
  .transform((s) => s.toUpperCase());

/**
 * POST /api/cart/add: one line; quantity defaults to 1, or to the count of ticketNumbers. A promo
 * code is applied exactly as cart.checkout applies it (never dropped).
 */
export const cartAddSchema = z
  .object({
    contestId: contestIdInput,
    quantity: quantitySchema.optional(),
    answerIndex: answerIndexSchema.optional(),
    ticketNumbers: ticketNumbersSchema.optional(),
    promoCode: promoCodeText.optional(),
  })
  .refine((l) => !l.ticketNumbers || l.quantity === undefined || l.ticketNumbers.length === l.quantity, {
    message: PICK_MESSAGES.quantityMismatch,
    path: ["quantity"],
  })
  .transform(({ promoCode, ...l }): { line: CartLine; promoCode?: string } => ({
    line: { ...l, quantity: l.quantity ?? l.ticketNumbers?.length ?? 1 },
    ...(promoCode ? { promoCode } : {}),
  }));

export const checkoutSchema = z.object({
  items: z.array(cartLineSchema, CART_MESSAGES.emptyCart).max(LIMITS.cartLinesMax, CART_MESSAGES.tooManyLines),
  /** Optional promo code, applied by the server in the checkout's transaction (src/server/services/checkout/pricing.ts). */
  promoCode: promoCodeText.optional(),
});

/** My Purchases & Results: a page of the player's entries, optionally of one contest ("My tickets were in the draw"). */
export const purchasesQuerySchema = z.object({ ...pageFields, contestId: contestIdInput.optional() }).optional();

/** The contests whose skill-question lock the cart or a page asks about (a cart's or a page's worth). */
export const skillLocksQuerySchema = z.object({
  contestIds: z.array(contestIdInput).max(100, "Ask about at most 100 contests at once"),
});
