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
   * Live: ticks when the signed-in user's notifications change. Every tick ("ready" first, also after
   * a reconnect, then one per change) carries the header's state read after the change it announces
   * (read once listening has started), so nothing that changes later goes unannounced and the page
   * never asks for the player or the count itself while the stream is up: one read here per tick,
   * instead of two or three requests from every open tab.
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
    for await (const tick of ticks) yield { ...tick, header: await headerState(ctx.db, userId) };
  }),
});
