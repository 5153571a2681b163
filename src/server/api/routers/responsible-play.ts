import { declareAgeInputSchema, limitsInputSchema, selfExclusionSchema } from "@/shared/responsible-play";
import { declareAge, getLimits, getStanding, selfExclude, setLimits } from "../../services/safer-play";
import { authedProcedure, createTRPCRouter } from "../trpc";

/** Account → Responsible play: spend limits and self-exclusion (docs/fair-play.md). */
export const responsiblePlayRouter = createTRPCRouter({
  limits: authedProcedure.query(({ ctx }) => getLimits(ctx.db, ctx.user.id)),
  /** What the player may do now (top up, spin, buy) and why not: read by every call to action. */
  standing: authedProcedure.query(({ ctx }) => getStanding(ctx.db, ctx.user.id)),
  setLimits: authedProcedure.input(limitsInputSchema).mutation(({ ctx, input }) => setLimits(ctx.db, ctx.user.id, input)),
  selfExclude: authedProcedure
    .input(selfExclusionSchema)
    .mutation(({ ctx, input }) => selfExclude(ctx.db, ctx.user.id, input.period)),
  declareAge: authedProcedure
    .input(declareAgeInputSchema)
    .mutation(({ ctx, input }) => declareAge(ctx.db, ctx.user.id, input.dateOfBirth)),
});
