import { z } from "zod";
import { countWithMessageOutput, notificationOutput, notificationWithMessageOutput } from "@/shared/schemas/responses";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";

/** docs/product.md §7: notifications. Lists are bare arrays, the unread count a bare number. */
export const notificationsRoutes: RestRow[] = [
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
  },
];
