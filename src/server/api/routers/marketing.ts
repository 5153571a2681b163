import { marketingConsentSchema, unsubscribeTokenSchema } from "@/shared/schemas/email";
import {
  CONSENT_MESSAGES,
  getMarketingConsent,
  setMarketingConsent,
  unsubscribeByToken,
  unsubscribeStatus,
} from "../../services/accounts";
import { authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";

/** Offers and news: the player's opt-in per channel and the one-click unsubscribe (docs/email.md). */
export const marketingRouter = createTRPCRouter({
  consent: authedProcedure.query(({ ctx }) => getMarketingConsent(ctx.db, ctx.user.id)),
  setConsent: authedProcedure.input(marketingConsentSchema).mutation(async ({ ctx, input }) => {
    const consent = await setMarketingConsent(ctx.db, ctx.user.id, input);
    return { message: CONSENT_MESSAGES.saved, consent };
  }),
  unsubscribeStatus: publicProcedure
    .input(unsubscribeTokenSchema)
    .query(({ ctx, input }) => unsubscribeStatus(ctx.db, input.token)),
  unsubscribe: publicProcedure
    .input(unsubscribeTokenSchema)
    .mutation(({ ctx, input }) => unsubscribeByToken(ctx.db, input.token)),
});
