import { z } from "zod";
import { conversationOutput, countWithMessageOutput, supportMessageOutput } from "@/shared/schemas/responses";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";

/**
 * docs/product.md §7: the player's support chat and the admin conversation rows (kept here with
 * the rest of the chat; the admin area's own rows live in routes/admin.ts).
 */
export const supportRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/support/messages",
    doc: {
      output: z.array(supportMessageOutput),
      summary: "The player's support conversation",
      access: "user",
      procedure: "support.messages",
    },
  },
  {
    method: "POST",
    path: "/api/support/messages",
    doc: {
      output: supportMessageOutput,
      summary: "Send a support message",
      access: "user",
      procedure: "support.send",
      body: "input",
    },
    status: 201,
  },
  {
    method: "GET",
    path: "/api/admin/conversations",
    doc: {
      output: z.array(conversationOutput),
      summary:
        "Support conversations, latest message first (optional search; a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "support.conversations",
      query: ["search", ...PAGE_PARAMS],
    },
  },
  {
    method: "GET",
    path: "/api/admin/conversations/:userId/messages",
    doc: {
      output: z.array(supportMessageOutput),
      summary: "One conversation's messages",
      access: "admin",
      procedure: "support.conversationMessages",
    },
  },
  {
    method: "POST",
    path: "/api/support/admin-reply",
    doc: {
      errors: { 404: "No such player" },
      output: supportMessageOutput,
      summary: "Reply to a player",
      access: "admin",
      procedure: "support.adminReply",
      body: "input",
    },
    status: 201,
  },
  {
    method: "POST",
    path: "/api/admin/conversations/:userId/read",
    doc: {
      output: countWithMessageOutput,
      summary: "Mark a conversation read",
      access: "admin",
      procedure: "support.markConversationRead",
    },
  },
];
