import { pageQuerySchema } from "@/shared/schemas/paging";
import { z } from "zod";
import { claimPrizeSchema, prizeStatusSchema } from "@/shared/prizes";
import * as prizes from "../../services/prizes";
import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";

export const prizesRouter = createTRPCRouter({
  mine: authedProcedure.input(pageQuerySchema).query(({ ctx, input }) => prizes.listMyPrizes(ctx.db, ctx.user.id, input)),
  claim: authedProcedure.input(claimPrizeSchema).mutation(({ ctx, input }) => prizes.claimPrize(ctx.db, ctx.user.id, input)),
  adminList: adminProcedure.input(z.void()).query(({ ctx }) => prizes.listAdminPrizes(ctx.db)),
  setStatus: adminProcedure
    .input(prizeStatusSchema)
    .mutation(({ ctx, input }) => prizes.setPrizeStatus(ctx.db, ctx.user.id, input)),
});
