/** Admin CRUD for winner posts (published and drafts). The public gallery reads only published ones. */
import type { WinnerPost } from "@/generated/prisma/client";
import type { z } from "zod";
import type { winnerPostSchema } from "@/shared/schemas/admin";
import type { DbTx } from "../db";
import { notFound } from "../errors";
import type { PageQuery } from "@/shared/schemas/paging";
import { cursorRow, pageLimit } from "./paging";
import { afterWinnerPost, type PublicWinnerPost, toPublicWinnerPost, WINNER_POST_ORDER } from "./winners";

type WinnerPostValues = z.output<typeof winnerPostSchema>;

/** docs/product.md §3 Winner post: the same shape the public gallery answers (drafts included here). */
export type AdminWinnerPost = PublicWinnerPost;

export const toAdminWinnerPost: (p: WinnerPost) => AdminWinnerPost = toPublicWinnerPost;

function data(input: WinnerPostValues) {
  return {
    title: input.title,
    description: input.description,
    winnerName: input.winnerName,
    winnerId: input.winnerId,
    contestId: input.contestId,
    contestTitle: input.contestTitle,
    imageUrl: input.imageUrl || null,
    winAmount: input.winAmount ?? null,
    winDate: input.winDate,
    isPublished: input.isPublished,
    socialMediaLinks: input.socialMediaLinks,
  };
}

/** Every post, drafts included, in the gallery's order: a keyset page (default 50; `cursor` = the last id seen). */
export async function listAllWinnerPosts(db: DbTx, q: PageQuery = {}): Promise<AdminWinnerPost[]> {
  const after = await cursorRow(q.cursor, (id) =>
    db.winnerPost.findUnique({ where: { id }, select: { id: true, winDate: true, createdAt: true } }),
  );
  const rows = await db.winnerPost.findMany({
    where: afterWinnerPost(after),
    orderBy: [...WINNER_POST_ORDER],
    take: pageLimit(q),
  });
  return rows.map(toAdminWinnerPost);
}

export async function createWinnerPost(db: DbTx, input: WinnerPostValues): Promise<AdminWinnerPost> {
  return toAdminWinnerPost(await db.winnerPost.create({ data: data(input) }));
}

export async function updateWinnerPost(db: DbTx, id: string, input: WinnerPostValues): Promise<AdminWinnerPost> {
  const { count } = await db.winnerPost.updateMany({ where: { id }, data: data(input) });
  if (count === 0) throw notFound("Winner post not found");
  return toAdminWinnerPost(await db.winnerPost.findUniqueOrThrow({ where: { id } }));
}

export async function deleteWinnerPost(db: DbTx, id: string): Promise<void> {
  const { count } = await db.winnerPost.deleteMany({ where: { id } });
  if (count === 0) throw notFound("Winner post not found");
}
