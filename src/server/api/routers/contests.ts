import { contestIdSchema, contestListInputSchema } from "@/shared/schemas/contests";
import { getContest, listActiveContests } from "../../services/contests";
import { listPublishedWinnerPosts } from "../../services/winners";
import { createTRPCRouter, publicProcedure } from "../trpc";

export const contestsRouter = createTRPCRouter({
  list: publicProcedure.input(contestListInputSchema).query(({ ctx, input }) => listActiveContests(ctx.db, input?.category)),
  byId: publicProcedure.input(contestIdSchema).query(({ ctx, input }) => getContest(ctx.db, input.id)),
  /** The public winners gallery (published winner posts, newest win first). */
  publishedWinners: publicProcedure.query(({ ctx }) => listPublishedWinnerPosts(ctx.db)),
});
