/**
 * Notifications: other areas call `notify` (payments, contest results, support replies, sign-up).
 * Every change publishes a live event through the database, so subscribers hear about it only
 * after the change committed.
 */
import type { z } from "zod";
import type { notificationOutput } from "@/shared/schemas/responses";
import type { Notification, NotificationType } from "@/generated/prisma/client";
import type { DbTx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { publishAfterCommit } from "../../events";
import { queuePushes } from "../../push/outbox";
import type { PageQuery } from "@/shared/schemas/paging";
import { ownRowsPage, SORT_KEY } from "./paging";
import { type PublicUser, toPublicUser } from "./users";

export type NotificationInput = { type?: NotificationType; title: string; message: string };

/** docs/product.md §3 Notification. */
export type PublicNotification = z.output<typeof notificationOutput>;

/** Newest notifications returned by the list (older ones stay in the database). */
export const NOTIFICATION_LIST_LIMIT = 50;

export function toPublicNotification(n: Notification): PublicNotification {
  return { id: n.id, type: n.type, title: n.title, message: n.message, isRead: n.isRead, createdAt: n.createdAt };
}

/**
 * Creates a notification for `userId`. Pass the transaction when inside one: the row, the live
 * event and its push (when src/server/push/outbox.ts PUSHED_NOTIFICATIONS lists it and the player
 * has a subscribed device) then commit (or roll back) together.
 */
export async function notify(client: DbTx, userId: string, input: NotificationInput): Promise<PublicNotification> {
  const row = await client.notification.create({
    data: { userId, type: input.type ?? "other", title: input.title, message: input.message },
  });
  await publishAfterCommit(client, { kind: "notification", userId });
  await queuePushes(client, [{ userId, title: input.title, message: input.message }]);
  return toPublicNotification(row);
}

/** Many notifications in one statement (draw results, refunds), each recipient told live after commit (and pushed, as notify). */
export async function notifyMany(client: DbTx, items: (NotificationInput & { userId: string })[]): Promise<number> {
  if (items.length === 0) return 0;
  const { count } = await client.notification.createMany({
    data: items.map((i) => ({ userId: i.userId, type: i.type ?? "other", title: i.title, message: i.message })),
  });
  for (const userId of new Set(items.map((i) => i.userId))) {
    await publishAfterCommit(client, { kind: "notification", userId });
  }
  await queuePushes(client, items);
  return count;
}

/** Newest first, a keyset page (default 50; `cursor` = the last id seen), on the (userId, createdAt, id) index. */
export async function listNotifications(db: DbTx, userId: string, q: PageQuery = {}): Promise<PublicNotification[]> {
  const page = await ownRowsPage(
    q,
    userId,
    (where) => db.notification.findFirst({ where, select: SORT_KEY }),
    NOTIFICATION_LIST_LIMIT,
  );
  const rows = await db.notification.findMany({
    ...page,
  });
  return rows.map(toPublicNotification);
}

export function unreadCount(db: DbTx, userId: string): Promise<number> {
  return db.notification.count({ where: { userId, isRead: false } });
}

/** What a signed-in header shows of its player: `auth.me` (null once the account is gone) and the bell's count. */
export type HeaderState = { me: PublicUser | null; unread: number };

/**
 * The header's state, read when a notifications stream has started listening: its first ("ready")
 * tick carries it (src/server/api/routers/notifications.ts), so a page need not ask for `auth.me`
 * and the count again to catch what changed between its own reads and the stream's start.
 */
export async function headerState(db: DbTx, userId: string): Promise<HeaderState> {
  const [user, unread] = await Promise.all([db.user.findUnique({ where: { id: userId } }), unreadCount(db, userId)]);
  return { me: user ? toPublicUser(user) : null, unread };
}

/** Marks one of the user's own notifications read; someone else's answers 404 like a missing one. */
export async function markRead(
  db: DbTx,
  userId: string,
  id: string,
): Promise<{ message: string; notification: PublicNotification }> {
  const { count } = await db.notification.updateMany({ where: { id, userId }, data: { isRead: true } });
  if (count === 0) throw notFound("Notification not found");
  await publishAfterCommit(db, { kind: "notification", userId });
  const row = await db.notification.findUniqueOrThrow({ where: { id } });
  return { message: "Notification marked as read", notification: toPublicNotification(row) };
}

export async function markAllRead(db: DbTx, userId: string): Promise<{ message: string; count: number }> {
  const { count } = await db.notification.updateMany({ where: { userId, isRead: false }, data: { isRead: true } });
  if (count > 0) await publishAfterCommit(db, { kind: "notification", userId });
  return { message: "All notifications marked as read", count };
}

/** The welcome every new account gets (called by the sign-up service). */
export const WELCOME_NOTIFICATION: NotificationInput = {
  type: "success",
  title: "Welcome to Prize Contests!",
  message: "Your account is ready. Add balance and enter your first contest - good luck!",
};
