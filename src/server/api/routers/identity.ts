import { decideIdentitySchema, declareIdentitySchema } from "@/shared/identity";
import { pageQuerySchema } from "@/shared/schemas/paging";
import { payoutJobInTx } from "../../jobs/app-jobs";
import {
  decideIdentityCheck,
  declareIdentity,
  identityStatus,
  listPendingIdentityChecks,
  requestIdentityCheck,
} from "../../services/accounts";
import { releaseIdentityHolds } from "../../services/money";
import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";

/**
 * Identity only where the law needs it (docs/payments.md "Identity"). A change that can verify a
 * player is followed by money's release of their held withdrawals (each pays once).
 */
export const identityRouter = createTRPCRouter({
  status: authedProcedure.query(({ ctx }) => identityStatus(ctx.db, ctx.user.id)),
  declare: authedProcedure.input(declareIdentitySchema).mutation(async ({ ctx, input }) => {
    const status = await declareIdentity(ctx.db, ctx.user.id, input);
    await releaseIdentityHolds(ctx.db, ctx.user.id, { origin: ctx.origin, enqueueInTx: await payoutJobInTx() });
    return { message: "Your details are on file", status };
  }),
  requestCheck: authedProcedure.mutation(async ({ ctx }) => {
    const status = await requestIdentityCheck(ctx.db, ctx.user.id);
    return { message: "Your identity check was asked for", status };
  }),
  adminPending: adminProcedure.input(pageQuerySchema).query(({ ctx, input }) => listPendingIdentityChecks(ctx.db, input ?? {})),
  decide: adminProcedure.input(decideIdentitySchema).mutation(async ({ ctx, input }) => {
    const status = await decideIdentityCheck(ctx.db, ctx.user.id, input);
    await releaseIdentityHolds(ctx.db, input.userId, { origin: ctx.origin, enqueueInTx: await payoutJobInTx() });
    return { message: `Identity check ${input.decision}`, status };
  }),
});
