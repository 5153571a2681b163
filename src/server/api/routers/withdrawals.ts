import { pageQuerySchema } from "@/shared/schemas/paging";
import { createWithdrawalSchema, rejectWithdrawalSchema, withdrawalIdSchema } from "@/shared/withdrawals";
import { payoutJobInTx } from "../../jobs/app-jobs";
import * as withdrawals from "../../services/money";
import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";

export const withdrawalsRouter = createTRPCRouter({
  create: authedProcedure
    .input(createWithdrawalSchema)
    .mutation(({ ctx, input }) => withdrawals.createWithdrawal(ctx.db, ctx.user.id, input)),

  mine: authedProcedure
    .input(pageQuerySchema)
    .query(({ ctx, input }) => withdrawals.listMyWithdrawals(ctx.db, ctx.user.id, input)),

  adminList: adminProcedure.query(({ ctx }) => withdrawals.listAdminWithdrawals(ctx.db)),

  approve: adminProcedure
    .input(withdrawalIdSchema)
    .mutation(async ({ ctx, input }) =>
      withdrawals.approveWithdrawal(ctx.db, ctx.user.id, input.id, { origin: ctx.origin, enqueueInTx: await payoutJobInTx() }),
    ),

  reject: adminProcedure
    .input(rejectWithdrawalSchema)
    .mutation(({ ctx, input }) => withdrawals.rejectWithdrawal(ctx.db, ctx.user.id, input.id, input.reason)),
});
