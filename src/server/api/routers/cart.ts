import { cartAddSchema, checkoutSchema, purchasesQuerySchema, skillLocksQuerySchema } from "@/shared/schemas/cart";
import { addToCart, checkout, listPurchases, limitPromoTries, skillLocks } from "../../services/checkout";
import { settleReferralAfterPurchase } from "../../services/retention";
import { authedProcedure, createTRPCRouter } from "../trpc";

export const cartRouter = createTRPCRouter({
  /** The whole cart in one transaction: every line or none. */
  checkout: authedProcedure.input(checkoutSchema).mutation(async ({ ctx, input }) => {
    if (input.promoCode) await limitPromoTries(ctx.db, ctx.user.id); // codes cannot be guessed at checkout either
    const done = await checkout(ctx.db, ctx.user.id, input.items, input.promoCode);
    // After the purchase commits: a referral it qualifies is settled at once (docs/retention.md "Referral").
    await settleReferralAfterPurchase(ctx.db, ctx.user.id);
    return done;
  }),
  /** One line, atomically (the spec's per-item POST /api/cart/add), with a promo code like a checkout's. */
  add: authedProcedure.input(cartAddSchema).mutation(async ({ ctx, input }) => {
    if (input.promoCode) await limitPromoTries(ctx.db, ctx.user.id); // the same guessing limit as cart.checkout
    const done = await addToCart(ctx.db, ctx.user.id, input.line, input.promoCode);
    await settleReferralAfterPurchase(ctx.db, ctx.user.id);
    return done;
  }),
  /** "My Purchases & Results": the player's entries, newest first, with ticket numbers. */
  purchases: authedProcedure.input(purchasesQuerySchema).query(({ ctx, input }) => listPurchases(ctx.db, ctx.user.id, input)),
  /** Contests whose skill question is locked for the caller (a wrong answer), and until when. */
  skillLocks: authedProcedure
    .input(skillLocksQuerySchema)
    .query(({ ctx, input }) => skillLocks(ctx.db, ctx.user.id, input.contestIds)),
});
