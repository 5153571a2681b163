import { pageQuerySchema } from "@/shared/schemas/paging";
import { closeAccountSchema, limitChoiceSchema } from "@/shared/safer-play";
import { blankSessionCookie } from "../../auth/session";
import { listRiskMarkers, chooseLimits, requestExclusionEnd } from "../../services/safer-play";
import { closeAccount } from "../../services/accounts";
import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";
import { SAFER_PLAY_MESSAGES } from "@/shared/safer-play";

/** Safer play (docs/fair-play.md "Safer play"): the spend-limit prompt, ending an exclusion, closure, risk markers. */
export const saferPlayRouter = createTRPCRouter({
  /** The spend-limit prompt's answer (once): limits, 0 = no spending, or "declined". */
  chooseLimits: authedProcedure.input(limitChoiceSchema).mutation(({ ctx, input }) => chooseLimits(ctx.db, ctx.user.id, input)),
  /** Ends a self-exclusion after the 24 h cooling-off (never before the chosen period is over). */
  endSelfExclusion: authedProcedure.mutation(({ ctx }) => requestExclusionEnd(ctx.db, ctx.user.id)),
  closeAccount: authedProcedure.input(closeAccountSchema).mutation(async ({ ctx, input }) => {
    await closeAccount(ctx.db, ctx.user.id, input.password, new Date(), ctx.ip);
    ctx.resHeaders.append("set-cookie", blankSessionCookie());
    return { message: SAFER_PLAY_MESSAGES.accountClosed };
  }),
  /** Admin: players whose spending shows risk markers (a read: no second factor needed). */
  riskMarkers: adminProcedure
    .input(pageQuerySchema)
    .query(({ ctx, input }) => listRiskMarkers(ctx.db, new Date(), null, input ?? {})),
});
