import { pushSubscribeSchema, pushUnsubscribeSchema } from "@/shared/schemas/push";
import { vapidKeys } from "../../push/keys";
import { subscribePush, unsubscribePush } from "../../push/subscriptions";
import { authedProcedure, createTRPCRouter } from "../trpc";

/** Web push on this device (docs/push.md): the key to subscribe with, subscribe, unsubscribe. */
export const pushRouter = createTRPCRouter({
  publicKey: authedProcedure.query(async ({ ctx }) => ({ publicKey: (await vapidKeys(ctx.db)).publicKey })),
  subscribe: authedProcedure.input(pushSubscribeSchema).mutation(({ ctx, input }) => subscribePush(ctx.db, ctx.user.id, input)),
  unsubscribe: authedProcedure
    .input(pushUnsubscribeSchema)
    .mutation(({ ctx, input }) => unsubscribePush(ctx.db, ctx.user.id, input.endpoint)),
});
