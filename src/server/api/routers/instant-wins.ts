import { z } from "zod";
import { rolesAllowed } from "../privileged";
import { contestIdSchema } from "@/shared/schemas/contests";
import { setInstantPrizesSchema } from "@/shared/schemas/instant-wins";
import { listAdminInstantPrizes, setInstantPrizes, getInstantWinsRecord } from "../../services/checkout";
import { adminProcedure, createTRPCRouter, publicProcedure } from "../trpc";

/** Instant-win prizes (docs/contests.md "Instant wins"). */
export const instantWinsRouter = createTRPCRouter({
  /** Public: prize list, the map's commitment, prizes left; after the end the seed and the map. */
  record: publicProcedure.input(contestIdSchema).query(({ ctx, input }) => getInstantWinsRecord(ctx.db, input.id)),
  /** Admin: the prizes, how many are left and who won (unwon tickets stay secret). */
  adminList: adminProcedure
    .input(z.object({ contestId: contestIdSchema.shape.id }))
    .query(({ ctx, input }) => listAdminInstantPrizes(ctx.db, input.contestId)),
  /** Admin: replace the list and commit a new map (only before the first ticket is sold). */
  set: adminProcedure
    .input(setInstantPrizesSchema)
    .mutation(({ ctx, input, path }) => setInstantPrizes(ctx.db, ctx.user.id, input, rolesAllowed(path))),
});
