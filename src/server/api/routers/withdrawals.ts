import { pageQuerySchema } from "@/shared/schemas/paging";
import {
  adminWithdrawalsQuerySchema,
  createWithdrawalSchema,
  rejectWithdrawalSchema,
  withdrawalIdSchema,
} from "@/shared/withdrawals";
import { payoutJobInTx } from "../../jobs/app-jobs";
import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";
import {
  approveWithdrawal,
  createWithdrawal,
  listAdminWithdrawals,
  quoteWithdrawal,
  listMyWithdrawals,
  rejectWithdrawal,
} from "../../services/money";

export const withdrawalsRouter = createTRPCRouter({
  create: authedProcedure
    .input(createWithdrawalSchema)
    .mutation(async ({ ctx, input }) =>
      createWithdrawal(ctx.db, ctx.user.id, input, { origin: ctx.origin, enqueueInTx: await payoutJobInTx() }),
    ),

  /** Instant, reviewed or held for identity, and why: the payout rules on this request, nothing held. */
  quote: authedProcedure.input(createWithdrawalSchema).mutation(({ ctx, input }) => quoteWithdrawal(ctx.db, ctx.user.id, input)),

  mine: authedProcedure.input(pageQuerySchema).query(({ ctx, input }) => listMyWithdrawals(ctx.db, ctx.user.id, input)),

  adminList: adminProcedure.input(adminWithdrawalsQuerySchema).query(({ ctx, input }) => listAdminWithdrawals(ctx.db, input)),

  approve: adminProcedure
    .input(withdrawalIdSchema)
    .mutation(async ({ ctx, input }) =>
      approveWithdrawal(ctx.db, ctx.user.id, input.id, { origin: ctx.origin, enqueueInTx: await payoutJobInTx() }),
    ),

  reject: adminProcedure
    .input(rejectWithdrawalSchema)
    .mutation(({ ctx, input }) => rejectWithdrawal(ctx.db, ctx.user.id, input.id, input.reason)),
});
