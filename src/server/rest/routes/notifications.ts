import type { RestRoute } from "../types";

/** docs/product.md §7: notifications. Lists are bare arrays, the unread count a bare number. */
export const notificationsRoutes: RestRoute[] = [
  { method: "GET", path: "/api/notifications", call: (c) => c.notifications.list() },
  { method: "GET", path: "/api/notifications/unread-count", call: (c) => c.notifications.unreadCount() },
  { method: "POST", path: "/api/notifications/mark-all-read", call: (c) => c.notifications.markAllRead() },
  {
    method: "POST",
    path: "/api/notifications/:id/read",
    call: (c, { params }) => c.notifications.markRead({ id: params.id ?? "" }),
  },
];
