/**
 * Support chat: one conversation per player (SupportMessage.userId); admins read and reply.
 * Only the player's own conversation is reachable through the player functions; the admin
 * functions are exposed through admin procedures only.
 */
import type { z } from "zod";
import type { conversationOutput, supportMessageOutput } from "@/shared/schemas/responses";
import type { SupportMessage, User } from "@/generated/prisma/client";
import { SUPPORT_MESSAGES } from "@/shared/schemas/support";
import { LIMITS } from "@/shared/constants";
import type { Db, DbTx } from "../../platform/db";
import { badRequest, notFound } from "../../platform/errors";
import { publishAfterCommit } from "../../events";
import { consumeOrThrow, type RateRule } from "../../security/rate-limit";
import { likeLiteral, notify, cursorRow, pageLimit } from "../kernel";
import type { PageQuery } from "@/shared/schemas/paging";

/** docs/product.md §3 Support message. */
export type PublicSupportMessage = z.output<typeof supportMessageOutput>;

/** docs/product.md §3 Conversation (id is the player's user id: one conversation per player). */
export type Conversation = z.output<typeof conversationOutput>;

export const THREAD_LIMIT = 500;

export function toPublicMessage(m: SupportMessage): PublicSupportMessage {
  return { id: m.id, message: m.message, isFromAdmin: m.isFromAdmin, createdAt: m.createdAt };
}

export function userName(u: Pick<User, "displayName" | "firstName" | "lastName" | "email">): string {
  return u.displayName?.trim() || `${u.firstName} ${u.lastName}`.trim() || u.email;
}

/** Services re-check what the zod schemas check, so a direct call can't store bad text. */
function cleanText(text: unknown): string {
  const trimmed = typeof text === "string" ? text.trim() : "";
  if (!trimmed) throw badRequest(SUPPORT_MESSAGES.empty);
  if (trimmed.length > LIMITS.supportMessageMax) throw badRequest(SUPPORT_MESSAGES.tooLong);
  return trimmed;
}

async function thread(db: DbTx, userId: string): Promise<PublicSupportMessage[]> {
  // Newest THREAD_LIMIT messages, shown oldest first.
  const rows = await db.supportMessage.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: THREAD_LIMIT,
  });
  return rows.reverse().map(toPublicMessage);
}

async function requireUser(db: DbTx, userId: string): Promise<User> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw notFound("User not found");
  return user;
}

/** A player writes into their own conversation. */
/** Messages one player may send per minute (flooding the admins' inbox); the next answers 429. */
export const SUPPORT_RATE_RULE: RateRule = { limit: 20, windowMs: 60_000 };
export const supportRateKey = (userId: string) => `support-message:${userId}`;

export async function sendPlayerMessage(db: DbTx, player: Pick<User, "id">, text: unknown): Promise<PublicSupportMessage> {
  const message = cleanText(text);
  await consumeOrThrow(
    db,
    supportRateKey(player.id),
    SUPPORT_RATE_RULE,
    (retry) => `You are sending messages too quickly. Please wait and try again ${retry}.`,
  );
  const row = await db.supportMessage.create({
    data: { userId: player.id, senderId: player.id, message, isFromAdmin: false, readByUser: true },
  });
  await publishAfterCommit(db, { kind: "support", userId: player.id });
  return toPublicMessage(row);
}

/** The player's own thread; admin messages become read by the player. */
export async function playerThread(db: DbTx, playerId: string): Promise<PublicSupportMessage[]> {
  await db.supportMessage.updateMany({
    where: { userId: playerId, isFromAdmin: true, readByUser: false },
    data: { readByUser: true },
  });
  return thread(db, playerId);
}

/**
 * Conversations newest first, optionally filtered by words (at most 5, case-insensitive): a
 * conversation matches when each word is in the player's e-mail or name or in one of its messages
 * (either side's). A keyset page (default 50; `cursor` = the last conversation id seen) of the summary
 * rows the database keeps per player (SupportConversation, maintained by triggers), never a GROUP BY
 * over every message; a search pages with the same cursor.
 */
export async function listConversations(db: DbTx, search?: string, page: PageQuery = {}): Promise<Conversation[]> {
  const words = (search ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 5).map(likeLiteral);
  const after = await cursorRow(page.cursor, (userId) =>
    db.supportConversation.findUnique({ where: { userId }, select: { userId: true, lastMessageAt: true } }),
  );
  const rows = await db.supportConversation.findMany({
    where: {
      AND: [
        after
          ? {
              OR: [
                { lastMessageAt: { lt: after.lastMessageAt } },
                { lastMessageAt: after.lastMessageAt, userId: { gt: after.userId } },
              ],
            }
          : {},
        words.length
          ? {
              user: {
                AND: words.map((w) => ({
                  OR: [
                    { email: { contains: w, mode: "insensitive" as const } },
                    { firstName: { contains: w, mode: "insensitive" as const } },
                    { lastName: { contains: w, mode: "insensitive" as const } },
                    { displayName: { contains: w, mode: "insensitive" as const } },
                    { supportMessages: { some: { message: { contains: w, mode: "insensitive" as const } } } },
                  ],
                })),
              },
            }
          : {},
      ],
    },
    orderBy: [{ lastMessageAt: "desc" }, { userId: "asc" }],
    take: pageLimit(page),
    include: { user: { select: { id: true, email: true, firstName: true, lastName: true, displayName: true } } },
  });
  return rows.map(toConversation);
}

type SummaryRow = {
  lastMessageAt: Date;
  unreadByAdmin: number;
  user: { id: string; email: string; firstName: string; lastName: string; displayName: string | null };
};
const toConversation = (r: SummaryRow): Conversation => ({
  id: r.user.id,
  userId: r.user.id,
  userName: userName(r.user),
  userEmail: r.user.email,
  unreadCount: r.unreadByAdmin,
  lastMessageAt: r.lastMessageAt,
});

/** One conversation's summary row (the admin list updates that row when its live event names it). */
export async function getConversation(db: DbTx, userId: string): Promise<Conversation | null> {
  const row = await db.supportConversation.findUnique({
    where: { userId },
    include: { user: { select: { id: true, email: true, firstName: true, lastName: true, displayName: true } } },
  });
  return row ? toConversation(row) : null;
}

/** An admin reads a player's thread (does not mark it read: opening does that explicitly). */
export async function adminThread(db: DbTx, userId: string): Promise<PublicSupportMessage[]> {
  await requireUser(db, userId);
  return thread(db, userId);
}

/** An admin replies: the message, read flags and the player's notification commit together. */
export async function adminReply(
  db: Db,
  admin: Pick<User, "id">,
  input: { userId?: unknown; message?: unknown },
): Promise<PublicSupportMessage> {
  const userId = typeof input.userId === "string" ? input.userId.trim() : "";
  if (!userId) throw badRequest(SUPPORT_MESSAGES.noUser);
  const message = cleanText(input.message);
  return db.$transaction(async (tx) => {
    await requireUser(tx, userId);
    const row = await tx.supportMessage.create({
      data: { userId, senderId: admin.id, message, isFromAdmin: true, readByAdmin: true },
    });
    // Replying means the admin has read what the player wrote.
    await tx.supportMessage.updateMany({
      where: { userId, isFromAdmin: false, readByAdmin: false },
      data: { readByAdmin: true },
    });
    await notify(tx, userId, {
      type: "other",
      title: "New message from support",
      message: message.length > 140 ? `${message.slice(0, 137)}...` : message,
    });
    await publishAfterCommit(tx, { kind: "support", userId });
    return toPublicMessage(row);
  });
}

/** Opening a conversation marks the player's messages read by admins. */
export async function adminMarkRead(db: DbTx, userId: string): Promise<{ message: string; count: number }> {
  await requireUser(db, userId);
  const { count } = await db.supportMessage.updateMany({
    where: { userId, isFromAdmin: false, readByAdmin: false },
    data: { readByAdmin: true },
  });
  if (count > 0) await publishAfterCommit(db, { kind: "support", userId });
  return { message: "Conversation marked as read", count };
}
