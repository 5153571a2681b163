import { z } from "zod";
import { countWithMessageOutput, notificationOutput, notificationWithMessageOutput } from "@/shared/schemas/responses";
import { callWithJson } from "../json-input";
import { PAGE_PARAMS, queryInput } from "../paging";
import type { RestRoute } from "../types";

/** docs/product.md §7: notifications. Lists are bare arrays, the unread count a bare number. */
export const notificationsRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/notifications",
    doc: {
      output: z.array(notificationOutput),
      summary: "The user's notifications, newest first (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "user",
      procedure: "notifications.list",
      query: [...PAGE_PARAMS],
    },
    call: (c, { query }) => callWithJson(c.notifications.list, queryInput(query)),
  },
  {
    method: "GET",
    path: "/api/notifications/unread-count",
    doc: {
      output: z.number().int(),
      summary: "Unread notifications (a bare number)",
      access: "user",
      procedure: "notifications.unreadCount",
    },
    call: (c) => c.notifications.unreadCount(),
  },
  {
    method: "POST",
    path: "/api/notifications/mark-all-read",
    doc: {
      output: countWithMessageOutput,
      summary: "Mark every notification read",
      access: "user",
      procedure: "notifications.markAllRead",
    },
    call: (c) => c.notifications.markAllRead(),
  },
  {
    method: "POST",
    path: "/api/notifications/:id/read",
    doc: {
      output: notificationWithMessageOutput,
      summary: "Mark one notification read",
      access: "user",
      procedure: "notifications.markRead",
    },
    call: (c, { params }) => c.notifications.markRead({ id: params.id ?? "" }),
  },
];
