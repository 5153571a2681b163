/** Admin CRUD for winner posts (published and drafts). The public gallery reads only published ones. */
import type { WinnerPost } from "@/generated/prisma/client";
import type { z } from "zod";
import type { winnerPostSchema } from "@/shared/schemas/admin";
import type { Db, DbTx } from "../../platform/db";
import { recordAudit, cursorRow, pageLimit } from "../kernel";
import { notFound } from "../../platform/errors";
import type { PageQuery } from "@/shared/schemas/paging";
import { afterWinnerPost, type PublicWinnerPost, WINNER_POST_ORDER, withTrails } from "./winners";

type WinnerPostValues = z.output<typeof winnerPostSchema>;

/** docs/product.md §3 Winner post: the same shape the public gallery answers (drafts included here). */
export type AdminWinnerPost = PublicWinnerPost;

/** One post as the admin list answers it. */
async function toAdminWinnerPost(db: DbTx, p: WinnerPost): Promise<AdminWinnerPost> {
  return (await withTrails(db, [p], true))[0] as AdminWinnerPost;
}

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
  return withTrails(db, rows, true);
}

export async function createWinnerPost(db: Db, input: WinnerPostValues, actorId: string | null = null): Promise<AdminWinnerPost> {
  return db.$transaction(async (tx) => {
    const row = await tx.winnerPost.create({ data: data(input) });
    await recordAudit(tx, {
      actorId,
      action: "winner_post.create",
      targetType: "winner_post",
      targetId: row.id,
      after: data(input),
    });
    return toAdminWinnerPost(tx, row);
  });
}

export async function updateWinnerPost(
  db: Db,
  id: string,
  input: WinnerPostValues,
  actorId: string | null = null,
): Promise<AdminWinnerPost> {
  return db.$transaction(async (tx) => {
    const before = await tx.winnerPost.findUnique({ where: { id } });
    const { count } = await tx.winnerPost.updateMany({ where: { id }, data: data(input) });
    if (count === 0 || !before) throw notFound("Winner post not found");
    await recordAudit(tx, {
      actorId,
      action: "winner_post.update",
      targetType: "winner_post",
      targetId: id,
      before,
      after: data(input),
    });
    return toAdminWinnerPost(tx, await tx.winnerPost.findUniqueOrThrow({ where: { id } }));
  });
}

export async function deleteWinnerPost(db: Db, id: string, actorId: string | null = null): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await tx.winnerPost.findUnique({ where: { id } });
    const { count } = await tx.winnerPost.deleteMany({ where: { id } });
    if (count === 0 || !before) throw notFound("Winner post not found");
    await recordAudit(tx, { actorId, action: "winner_post.delete", targetType: "winner_post", targetId: id, before });
  });
}
