import type { RestRoute } from "../types";

/**
 * docs/product.md §7: the player's support chat and the admin conversation rows (kept here with
 * the rest of the chat; the admin area's own rows live in routes/admin.ts).
 */
export const supportRoutes: RestRoute[] = [
  { method: "GET", path: "/api/support/messages", call: (c) => c.support.messages() },
  {
    method: "POST",
    path: "/api/support/messages",
    status: 201,
    call: (c, { body }) => c.support.send(body as never),
  },
  {
    method: "GET",
    path: "/api/admin/conversations",
    call: (c, { query }) => c.support.conversations({ search: query.get("search") ?? undefined }),
  },
  {
    method: "GET",
    path: "/api/admin/conversations/:userId/messages",
    call: (c, { params }) => c.support.conversationMessages({ userId: params.userId ?? "" }),
  },
  {
    method: "POST",
    path: "/api/support/admin-reply",
    status: 201,
    call: (c, { body }) => c.support.adminReply(body as never),
  },
  {
    method: "POST",
    path: "/api/admin/conversations/:userId/read",
    call: (c, { params }) => c.support.markConversationRead({ userId: params.userId ?? "" }),
  },
];
