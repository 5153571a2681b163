import { reviewDecisionSchema, reviewListSchema, settlePayoutSchema } from "@/shared/schemas/review";
import { settleUnknownPayout } from "../../services/money";
import { adminProcedure, createTRPCRouter } from "../trpc";
import { creditReview, dismissReview, listReview, takeBackReview } from "../../services/money";

/** The admin review queue (docs/payments.md "Review queue"); every mutation moves money or a hold. */
export const reviewRouter = createTRPCRouter({
  list: adminProcedure.input(reviewListSchema).query(({ ctx, input }) => listReview(ctx.db, input)),

  credit: adminProcedure
    .input(reviewDecisionSchema)
    .mutation(({ ctx, input }) => creditReview(ctx.db, ctx.user.id, input.id, input.reason)),

  takeBack: adminProcedure
    .input(reviewDecisionSchema)
    .mutation(({ ctx, input }) => takeBackReview(ctx.db, ctx.user.id, input.id, input.reason)),

  settlePayout: adminProcedure
    .input(settlePayoutSchema)
    .mutation(({ ctx, input }) => settleUnknownPayout(ctx.db, ctx.user.id, input)),

  dismiss: adminProcedure
    .input(reviewDecisionSchema)
    .mutation(({ ctx, input }) => dismissReview(ctx.db, ctx.user.id, input.id, input.reason)),
});
