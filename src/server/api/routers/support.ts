import { adminReplySchema, conversationListSchema, conversationUserSchema, supportSendSchema } from "@/shared/schemas/support";
import { sessionLiveEvents } from "../../events/streams";
import {
  adminProcedure,
  adminStreamProcedure,
  authedProcedure,
  authedStreamProcedure,
  createTRPCRouter,
  reconnectOnRestart,
} from "../trpc";
import {
  adminMarkRead,
  adminReply,
  adminThread,
  getConversation,
  listConversations,
  playerThread,
  sendPlayerMessage,
} from "../../services/support";

export const supportRouter = createTRPCRouter({
  /** The signed-in player's own thread (admin replies become read). */
  messages: authedProcedure.query(({ ctx }) => playerThread(ctx.db, ctx.user.id)),
  /** Players always post as themselves; `isFromAdmin` in the payload is ignored. */
  send: authedProcedure.input(supportSendSchema).mutation(({ ctx, input }) => sendPlayerMessage(ctx.db, ctx.user, input.message)),
  /** Live: ticks when the player's own conversation changes. */
  onThread: authedStreamProcedure.subscription(async function* ({ ctx, signal }) {
    const userId = ctx.user.id;
    yield* reconnectOnRestart(sessionLiveEvents(ctx.stream, (e) => e.kind === "support" && e.userId === userId, signal));
  }),

  conversations: adminProcedure
    .input(conversationListSchema)
    .query(({ ctx, input }) => listConversations(ctx.db, input?.search, input)),
  /** One conversation's summary row: what the admin list refetches when a live event names a player. */
  conversation: adminProcedure.input(conversationUserSchema).query(({ ctx, input }) => getConversation(ctx.db, input.userId)),
  conversationMessages: adminProcedure.input(conversationUserSchema).query(({ ctx, input }) => adminThread(ctx.db, input.userId)),
  adminReply: adminProcedure.input(adminReplySchema).mutation(({ ctx, input }) => adminReply(ctx.db, ctx.user, input)),
  markConversationRead: adminProcedure
    .input(conversationUserSchema)
    .mutation(({ ctx, input }) => adminMarkRead(ctx.db, input.userId)),
  /** Live (admins): ticks when any conversation changes. */
  onConversations: adminStreamProcedure.subscription(async function* ({ ctx, signal }) {
    yield* reconnectOnRestart(sessionLiveEvents(ctx.stream, (e) => e.kind === "support", signal));
  }),
  /** Live (admins): ticks when the open conversation changes. */
  onConversation: adminStreamProcedure.input(conversationUserSchema).subscription(async function* ({ ctx, input, signal }) {
    yield* reconnectOnRestart(sessionLiveEvents(ctx.stream, (e) => e.kind === "support" && e.userId === input.userId, signal));
  }),
});
