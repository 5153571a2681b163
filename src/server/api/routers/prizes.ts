import { pageQuerySchema } from "@/shared/schemas/paging";
import { z } from "zod";
import { disputePrizeSchema, prizeIdSchema } from "@/shared/complaints";
import { claimPrizeSchema, prizeStatusSchema } from "@/shared/prizes";
import { adminProcedure, authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";
import {
  claimPrize,
  confirmPrizeReceipt,
  disputePrize,
  listAdminPrizes,
  listMyPrizes,
  listOverdueFulfilments,
  publicPrizeTrail,
  setPrizeStatus,
} from "../../services/prizes";

export const prizesRouter = createTRPCRouter({
  mine: authedProcedure.input(pageQuerySchema).query(({ ctx, input }) => listMyPrizes(ctx.db, ctx.user.id, input)),
  claim: authedProcedure.input(claimPrizeSchema).mutation(({ ctx, input }) => claimPrize(ctx.db, ctx.user.id, input)),
  /** The public delivery trail of a contest's prize (winners gallery): masked name, no address. */
  trail: publicProcedure
    .input(z.object({ contestId: z.string().trim().min(1).max(100) }))
    .query(({ ctx, input }) => publicPrizeTrail(ctx.db, input.contestId)),
  confirmReceipt: authedProcedure.input(prizeIdSchema).mutation(async ({ ctx, input }) => {
    await confirmPrizeReceipt(ctx.db, ctx.user.id, input.id);
    return { message: "Thank you for confirming that your prize arrived." };
  }),
  dispute: authedProcedure.input(disputePrizeSchema).mutation(async ({ ctx, input }) => {
    const { reference } = await disputePrize(ctx.db, ctx.user.id, input);
    return { message: `Your dispute is filed as complaint ${reference}.`, reference };
  }),
  adminList: adminProcedure.input(pageQuerySchema).query(({ ctx, input }) => listAdminPrizes(ctx.db, input ?? {})),
  adminOverdue: adminProcedure.input(z.void()).query(({ ctx }) => listOverdueFulfilments(ctx.db)),
  setStatus: adminProcedure.input(prizeStatusSchema).mutation(({ ctx, input }) => setPrizeStatus(ctx.db, ctx.user.id, input)),
});
