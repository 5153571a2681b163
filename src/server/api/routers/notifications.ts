import { pageQuerySchema } from "@/shared/schemas/paging";
import { notificationIdSchema } from "@/shared/schemas/notifications";
import { sessionLiveEvents } from "../../events/streams";
import { authedProcedure, authedStreamProcedure, createTRPCRouter, reconnectOnRestart } from "../trpc";
import { listNotifications, markAllRead, markRead, unreadCount } from "../../services/kernel";

export const notificationsRouter = createTRPCRouter({
  list: authedProcedure.input(pageQuerySchema).query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input)),
  unreadCount: authedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),
  markRead: authedProcedure.input(notificationIdSchema).mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.id)),
  markAllRead: authedProcedure.mutation(({ ctx }) => markAllRead(ctx.db, ctx.user.id)),

  /** Live: ticks when the signed-in user's notifications change (the client refetches). */
  onChange: authedStreamProcedure.subscription(async function* ({ ctx, signal }) {
    const userId = ctx.user.id;
    yield* reconnectOnRestart(
      sessionLiveEvents(
        ctx.stream,
        (e) => (e.kind === "notification" && e.userId === userId) || (e.kind === "notifications" && e.userIds.includes(userId)),
        signal,
      ),
    );
  }),
});
