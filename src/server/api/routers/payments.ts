import { createPaymentSchema, paymentIdSchema, rejectPaymentSchema, trackIdSchema } from "@/shared/schemas/payments";
import * as payments from "../../services/payments";
import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";

export const paymentsRouter = createTRPCRouter({
  create: authedProcedure
    .input(createPaymentSchema)
    .mutation(({ ctx, input }) => payments.createPayment(ctx.db, ctx.user, input, { origin: ctx.origin })),

  /** The player's own payments (beyond docs/product.md: a history with statuses). */
  mine: authedProcedure.query(({ ctx }) => payments.listMyPayments(ctx.db, ctx.user.id)),

  /** The in-app pay page of a payment (sandbox: address, amount, QR code). */
  byTrackId: authedProcedure.input(trackIdSchema).query(({ ctx, input }) => payments.getPayPage(ctx.db, ctx.user, input.trackId)),

  /** Sandbox only: deliver a signed 'paid' webhook for this payment. */
  simulate: authedProcedure
    .input(trackIdSchema)
    .mutation(({ ctx, input }) => payments.simulateSandboxPayment(ctx.db, ctx.user, input.trackId, { origin: ctx.origin })),

  pending: adminProcedure.query(({ ctx }) => payments.listPendingPayments(ctx.db)),

  approve: adminProcedure
    .input(paymentIdSchema)
    .mutation(({ ctx, input }) => payments.approvePayment(ctx.db, ctx.user.id, input.id)),

  reject: adminProcedure
    .input(rejectPaymentSchema)
    .mutation(({ ctx, input }) => payments.rejectPayment(ctx.db, ctx.user.id, input.id, input.reason)),
});
