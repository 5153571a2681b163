import { cashbackOverview, referralOverview } from "../../services/retention";
import { authedProcedure, createTRPCRouter } from "../trpc";

/** Referral and cashback (docs/retention.md): what the account's "Refer a friend" and "Cashback" cards show. */
export const retentionRouter = createTRPCRouter({
  /** The player's code and link (made on first ask), the settings, and the players they referred. */
  referral: authedProcedure.query(({ ctx }) => referralOverview(ctx.db, ctx.user.id)),
  /** The player's weekly cashback periods, newest first. */
  cashback: authedProcedure.query(({ ctx }) => cashbackOverview(ctx.db, ctx.user.id)),
});
