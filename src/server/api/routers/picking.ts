import { contestIdSchema } from "@/shared/schemas/contests";
import { holdNumbersSchema, luckyDipSchema, numbersPageSchema, onlineFreeEntrySchema } from "@/shared/schemas/ticket-picking";
import { claimOnlineFreeEntry, nextOnlineFreeEntryAt } from "../../services/checkout";
import { holdNumbers, luckyDip, releaseNumbers, numbersPage } from "../../services/tickets";
import { authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";

/** Pick your numbers, lucky dip and the online free entry (docs/contests.md, docs/fair-play.md). */
export const pickingRouter = createTRPCRouter({
  /** One page of a pick contest's number grid: taken numbers, and the caller's held ones. */
  numbers: publicProcedure
    .input(numbersPageSchema)
    .query(({ ctx, input }) => numbersPage(ctx.db, input.id, ctx.user?.id ?? null, input)),
  /** Holds picked numbers for the caller's cart (TICKET_HOLD_MINUTES), for this session: all or none. */
  hold: authedProcedure
    .input(holdNumbersSchema)
    .mutation(({ ctx, input }) =>
      holdNumbers(ctx.db, { userId: ctx.user.id, sessionId: ctx.session.id }, input.contestId, input.ticketNumbers),
    ),
  /** The server draws unsold numbers (holds ignored) and holds them for this session. */
  luckyDip: authedProcedure
    .input(luckyDipSchema)
    .mutation(({ ctx, input }) =>
      luckyDip(ctx.db, { userId: ctx.user.id, sessionId: ctx.session.id }, input.contestId, input.quantity),
    ),
  /** Ends the caller's holds on numbers taken out of the cart. */
  release: authedProcedure
    .input(holdNumbersSchema)
    .mutation(({ ctx, input }) => releaseNumbers(ctx.db, ctx.user.id, input.contestId, input.ticketNumbers)),
  /** One free ticket per contest per FREE_ENTRY_PERIOD_HOURS, same odds as a paid one. */
  freeEntry: authedProcedure
    .input(onlineFreeEntrySchema)
    .mutation(({ ctx, input }) => claimOnlineFreeEntry(ctx.db, ctx.user.id, input)),
  /** When the caller's next online free entry to a contest opens (null: open now), shown before the click. */
  freeEntryStatus: authedProcedure
    .input(contestIdSchema)
    .query(async ({ ctx, input }) => ({ nextAt: await nextOnlineFreeEntryAt(ctx.db, ctx.user.id, input.id) })),
});
