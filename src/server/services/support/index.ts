/**
 * support: OWNS-PLACEHOLDER
 */
export {
  SUPPORT_RATE_RULE,
  adminMarkRead,
  adminReply,
  adminThread,
  getConversation,
  listConversations,
  playerThread,
  sendPlayerMessage,
} from "./conversations";
