import {
  createPromoCodeSchema,
  promoCodeStatusSchema,
  promoCodesQuerySchema,
  promoQuoteSchema,
  setBundleTiersSchema,
} from "@/shared/schemas/pricing";
import { rolesAllowed } from "../privileged";
import { FOUR_EYES_MESSAGES } from "../../services/accounts";
import { limitPromoTries, quotePromo } from "../../services/checkout";
import { createPromoCode, listPromoCodes, setBundleTiers, setPromoCodeDisabled } from "../../services/contests";
import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";

/** Bundle tiers and promo codes (docs/payments.md "Prices, bundles and promo codes"). */
export const pricingRouter = createTRPCRouter({
  /** The cart priced with a code for this player; the code is used only by the checkout. */
  quote: authedProcedure.input(promoQuoteSchema).mutation(async ({ ctx, input }) => {
    await limitPromoTries(ctx.db, ctx.user.id);
    return quotePromo(ctx.db, ctx.user.id, input);
  }),

  promoCodes: adminProcedure.input(promoCodesQuerySchema).query(({ ctx, input }) => listPromoCodes(ctx.db, input ?? {})),
  createPromoCode: adminProcedure.input(createPromoCodeSchema).mutation(async ({ ctx, input, path }) => {
    const promoCode = await createPromoCode(ctx.db, input, ctx.user.id, rolesAllowed(path));
    return promoCode
      ? { message: `Promo code ${promoCode.code} created`, promoCode }
      : { message: FOUR_EYES_MESSAGES.proposed, promoCode: null };
  }),
  setPromoCodeStatus: adminProcedure.input(promoCodeStatusSchema).mutation(async ({ ctx, input }) => {
    const promoCode = await setPromoCodeDisabled(ctx.db, input.id, input.disabled, ctx.user.id);
    return { message: `Promo code ${promoCode.code} ${input.disabled ? "disabled" : "enabled"}`, promoCode };
  }),
  setBundleTiers: adminProcedure.input(setBundleTiersSchema).mutation(async ({ ctx, input }) => {
    const contest = await setBundleTiers(ctx.db, input.contestId, input.tiers, ctx.user.id);
    return { message: "Bundle prices saved", contest };
  }),
});
