import { z } from "zod";
import { rolesAllowed } from "../privileged";
import { clientSeedSchema, spinInputSchema, wheelConfigSchema } from "@/shared/schemas/wheel";
import { wheelTeaser } from "@/shared/wheel";
import { adminProcedure, authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";
import {
  currentBalance,
  getFairness,
  getStatus,
  getWheelAdmin,
  getWheelConfig,
  listSpins,
  rotateSeed,
  saveWheelAdmin,
  setClientSeed,
  spin,
} from "../../services/wheel";

export const wheelRouter = createTRPCRouter({
  /** Segments, odds and price: what the browser draws and verifies with. */
  config: publicProcedure.query(({ ctx }) => getWheelConfig(ctx.db)),
  /** The signed-in home's teaser texts (free spin, price, prizes), built from the configuration. */
  teaser: publicProcedure.query(async ({ ctx }) => wheelTeaser(await getWheelConfig(ctx.db))),
  status: authedProcedure.query(({ ctx }) => getStatus(ctx.db, ctx.user.id)),
  spin: authedProcedure.input(spinInputSchema).mutation(({ ctx, input }) => spin(ctx.db, ctx.user.id, input.isPaid)),
  /** Compatibility only: returns the current balance, never changes it. */
  updateBalance: authedProcedure
    .input(z.object({ amount: z.unknown().optional() }).passthrough().optional())
    .mutation(({ ctx }) => currentBalance(ctx.db, ctx.user.id)),
  fairness: authedProcedure.query(({ ctx }) => getFairness(ctx.db, ctx.user.id)),
  setClientSeed: authedProcedure
    .input(clientSeedSchema)
    .mutation(({ ctx, input }) => setClientSeed(ctx.db, ctx.user.id, input.clientSeed)),
  rotateSeed: authedProcedure.mutation(({ ctx }) => rotateSeed(ctx.db, ctx.user.id)),
  history: authedProcedure
    .input(z.object({ limit: z.number().int().min(1).max(200).optional() }).optional())
    .query(({ ctx, input }) => listSpins(ctx.db, ctx.user.id, input?.limit)),
  /** Admins: the configuration, its expected payout per paid spin, and actual totals. */
  economics: adminProcedure.query(({ ctx }) => getWheelAdmin(ctx.db)),
  /** Odds, prices and the paid-spins switch; RTP >= 100% needs confirmRtp (docs/fair-play.md). */
  setEconomics: adminProcedure
    .input(wheelConfigSchema.and(z.object({ confirmRtp: z.boolean().optional(), paidSpinsEnabled: z.boolean().optional() })))
    .mutation(({ ctx, input, path }) => saveWheelAdmin(ctx.db, input, ctx.user.id, rolesAllowed(path))),
});
