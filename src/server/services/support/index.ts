/**
 * The support chat (docs/chat.md): one conversation per player; admins read and reply.
 *
 * Owns (each rule and the function that enforces it):
 * - a player reaches only their own conversation, within SUPPORT_RATE_RULE: `sendPlayerMessage` (conversations.ts)
 * - an admin's reply notifies the player after commit: `adminReply` (conversations.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
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
