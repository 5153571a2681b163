import { liabilitiesListSchema, myLiabilityProofSchema, snapshotIdSchema } from "@/shared/schemas/proofs";
import { getSnapshot, liabilityProof, listSnapshots, takeLiabilitySnapshot } from "../../services/proofs";
import { adminProcedure, authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";

/** Proof of liabilities (docs/fair-play.md "Proof of liabilities"). */
export const proofsRouter = createTRPCRouter({
  liabilities: publicProcedure.input(liabilitiesListSchema).query(({ ctx, input }) => listSnapshots(ctx.db, input ?? {})),
  snapshot: publicProcedure.input(snapshotIdSchema).query(({ ctx, input }) => getSnapshot(ctx.db, input.id)),
  myLiabilityProof: authedProcedure
    .input(myLiabilityProofSchema)
    .query(({ ctx, input }) => liabilityProof(ctx.db, ctx.user.id, input?.snapshot)),
  takeSnapshot: adminProcedure.mutation(async ({ ctx }) => {
    const { id } = await takeLiabilitySnapshot(ctx.db, { trigger: "admin", actorId: ctx.user.id });
    return { message: "Snapshot published", snapshot: await getSnapshot(ctx.db, id) };
  }),
});
