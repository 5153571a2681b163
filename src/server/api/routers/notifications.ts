import { notificationIdSchema } from "@/shared/schemas/notifications";
import { getEventBus, liveEvents } from "../../events";
import * as notifications from "../../services/notifications";
import { authedProcedure, createTRPCRouter } from "../trpc";

export const notificationsRouter = createTRPCRouter({
  list: authedProcedure.query(({ ctx }) => notifications.listNotifications(ctx.db, ctx.user.id)),
  unreadCount: authedProcedure.query(({ ctx }) => notifications.unreadCount(ctx.db, ctx.user.id)),
  markRead: authedProcedure
    .input(notificationIdSchema)
    .mutation(({ ctx, input }) => notifications.markRead(ctx.db, ctx.user.id, input.id)),
  markAllRead: authedProcedure.mutation(({ ctx }) => notifications.markAllRead(ctx.db, ctx.user.id)),

  /** Live: ticks when the signed-in user's notifications change (the client refetches). */
  onChange: authedProcedure.subscription(async function* ({ ctx, signal }) {
    const userId = ctx.user.id;
    const bus = await getEventBus();
    yield* liveEvents(bus, (e) => e.kind === "notification" && e.userId === userId, signal);
  }),
});
