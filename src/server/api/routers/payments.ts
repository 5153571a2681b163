import {
  approvePaymentSchema,
  createPaymentSchema,
  pendingPaymentsQuerySchema,
  rejectPaymentSchema,
  simulatePaymentSchema,
  trackIdSchema,
} from "@/shared/schemas/payments";
import * as payments from "../../services/money";
import { paymentsSimulated } from "../../gateways";
import { adminProcedure, authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";

export const paymentsRouter = createTRPCRouter({
  /** Whether top-ups are simulated (the sandbox gateway): the site shows its "Demo mode" banner then. */
  mode: publicProcedure.query(() => ({ simulated: paymentsSimulated() })),

  create: authedProcedure
    .input(createPaymentSchema)
    .mutation(({ ctx, input }) => payments.createPayment(ctx.db, ctx.user, input, { origin: ctx.origin })),

  /** The player's own payments (beyond docs/product.md: a history with statuses). */
  mine: authedProcedure.query(({ ctx }) => payments.listMyPayments(ctx.db, ctx.user.id)),

  /** The in-app pay page of a payment (sandbox: address, amount, QR code). */
  byTrackId: authedProcedure.input(trackIdSchema).query(({ ctx, input }) => payments.getPayPage(ctx.db, ctx.user, input.trackId)),

  /** Sandbox only: the owner "pays" (a signed 'paid' webhook handled in-process); 404 with a real gateway. */
  simulate: authedProcedure
    .input(simulatePaymentSchema)
    .mutation(({ ctx, input }) => payments.simulateSandboxPayment(ctx.db, ctx.user, input.trackId, { usd: input.amount })),

  /** Oldest first, a page at a time (`cursor` = last id of the previous page). */
  pending: adminProcedure
    .input(pendingPaymentsQuerySchema)
    .query(({ ctx, input }) => payments.listPendingPayments(ctx.db, input ?? {})),

  /** 409 unless the gateway says paid (or underpaid: the received value); `override` + `reason` otherwise. */
  approve: adminProcedure
    .input(approvePaymentSchema)
    .mutation(({ ctx, input }) =>
      payments.approvePayment(ctx.db, ctx.user.id, input.id, { override: input.override, reason: input.reason }),
    ),

  reject: adminProcedure
    .input(rejectPaymentSchema)
    .mutation(({ ctx, input }) => payments.rejectPayment(ctx.db, ctx.user.id, input.id, input.reason)),
});
