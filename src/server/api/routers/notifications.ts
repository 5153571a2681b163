import { pageQuerySchema } from "@/shared/schemas/paging";
import { notificationIdSchema } from "@/shared/schemas/notifications";
import { sessionLiveEvents } from "../../events/streams";
import { authedProcedure, authedStreamProcedure, createTRPCRouter, reconnectOnRestart } from "../trpc";
import { headerState, listNotifications, markAllRead, markRead, unreadCount } from "../../services/kernel";

export const notificationsRouter = createTRPCRouter({
  list: authedProcedure.input(pageQuerySchema).query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input)),
  unreadCount: authedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),
  markRead: authedProcedure.input(notificationIdSchema).mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.id)),
  markAllRead: authedProcedure.mutation(({ ctx }) => markAllRead(ctx.db, ctx.user.id)),

  /**
   * Live: ticks when the signed-in user's notifications change (the client refetches). The first
   * tick ("ready", also after a reconnect) carries the header's state read once listening has
   * started, so nothing that changes later goes unannounced and the page need not ask again.
   */
  onChange: authedStreamProcedure.subscription(async function* ({ ctx, signal }) {
    const userId = ctx.user.id;
    const ticks = reconnectOnRestart(
      sessionLiveEvents(
        ctx.stream,
        (e) => (e.kind === "notification" && e.userId === userId) || (e.kind === "notifications" && e.userIds.includes(userId)),
        signal,
      ),
    );
    for await (const tick of ticks) yield tick.kind === "ready" ? { ...tick, header: await headerState(ctx.db, userId) } : tick;
  }),
});
