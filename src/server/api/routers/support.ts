import { adminReplySchema, conversationListSchema, conversationUserSchema, supportSendSchema } from "@/shared/schemas/support";
import { getEventBus, liveEvents } from "../../events";
import * as support from "../../services/support";
import { adminProcedure, authedProcedure, createTRPCRouter } from "../trpc";

export const supportRouter = createTRPCRouter({
  /** The signed-in player's own thread (admin replies become read). */
  messages: authedProcedure.query(({ ctx }) => support.playerThread(ctx.db, ctx.user.id)),
  /** Players always post as themselves; `isFromAdmin` in the payload is ignored. */
  send: authedProcedure
    .input(supportSendSchema)
    .mutation(({ ctx, input }) => support.sendPlayerMessage(ctx.db, ctx.user, input.message)),
  /** Live: ticks when the player's own conversation changes. */
  onThread: authedProcedure.subscription(async function* ({ ctx, signal }) {
    const userId = ctx.user.id;
    yield* liveEvents(await getEventBus(), (e) => e.kind === "support" && e.userId === userId, signal);
  }),

  conversations: adminProcedure
    .input(conversationListSchema)
    .query(({ ctx, input }) => support.listConversations(ctx.db, input?.search)),
  conversationMessages: adminProcedure
    .input(conversationUserSchema)
    .query(({ ctx, input }) => support.adminThread(ctx.db, input.userId)),
  adminReply: adminProcedure.input(adminReplySchema).mutation(({ ctx, input }) => support.adminReply(ctx.db, ctx.user, input)),
  markConversationRead: adminProcedure
    .input(conversationUserSchema)
    .mutation(({ ctx, input }) => support.adminMarkRead(ctx.db, input.userId)),
  /** Live (admins): ticks when any conversation changes. */
  onConversations: adminProcedure.subscription(async function* ({ signal }) {
    yield* liveEvents(await getEventBus(), (e) => e.kind === "support", signal);
  }),
  /** Live (admins): ticks when the open conversation changes. */
  onConversation: adminProcedure.input(conversationUserSchema).subscription(async function* ({ input, signal }) {
    yield* liveEvents(await getEventBus(), (e) => e.kind === "support" && e.userId === input.userId, signal);
  }),
});
