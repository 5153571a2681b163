import {
  approvePaymentSchema,
  createPaymentSchema,
  pendingPaymentsQuerySchema,
  rejectPaymentSchema,
  simulatePaymentSchema,
  trackIdSchema,
} from "@/shared/schemas/payments";
import { paymentsSimulated } from "../../gateways";
import { adminProcedure, authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";
import {
  approvePayment,
  createPayment,
  getPayPage,
  listMyPayments,
  listPendingPayments,
  rejectPayment,
  simulateSandboxPayment,
} from "../../services/money";

export const paymentsRouter = createTRPCRouter({
  /** Whether top-ups are simulated (the sandbox gateway): the site shows its "Demo mode" banner then. */
  mode: publicProcedure.query(() => ({ simulated: paymentsSimulated() })),

  create: authedProcedure
    .input(createPaymentSchema)
    .mutation(({ ctx, input }) => createPayment(ctx.db, ctx.user, input, { origin: ctx.origin })),

  /** The player's own payments (beyond docs/product.md: a history with statuses). */
  mine: authedProcedure.query(({ ctx }) => listMyPayments(ctx.db, ctx.user.id)),

  /** The in-app pay page of a payment (sandbox: address, amount, QR code). */
  byTrackId: authedProcedure.input(trackIdSchema).query(({ ctx, input }) => getPayPage(ctx.db, ctx.user, input.trackId)),

  /** Sandbox only: the owner "pays" (a signed 'paid' webhook handled in-process); 404 with a real gateway. */
  simulate: authedProcedure
    .input(simulatePaymentSchema)
    .mutation(({ ctx, input }) => simulateSandboxPayment(ctx.db, ctx.user, input.trackId, { usd: input.amount })),

  /** Oldest first, a page at a time (`cursor` = last id of the previous page). */
  pending: adminProcedure.input(pendingPaymentsQuerySchema).query(({ ctx, input }) => listPendingPayments(ctx.db, input ?? {})),

  /** 409 unless the gateway says paid (or underpaid: the received value); `override` + `reason` otherwise. */
  approve: adminProcedure
    .input(approvePaymentSchema)
    .mutation(({ ctx, input }) =>
      approvePayment(ctx.db, ctx.user.id, input.id, { override: input.override, reason: input.reason }),
    ),

  reject: adminProcedure
    .input(rejectPaymentSchema)
    .mutation(({ ctx, input }) => rejectPayment(ctx.db, ctx.user.id, input.id, input.reason)),
});
