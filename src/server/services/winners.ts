/** The public winners gallery: published winner posts, newest win first. Admin edits live elsewhere. */
import type { WinnerPost } from "@/generated/prisma/client";
import type { DbTx } from "../db";

/** docs/product.md §3 Winner post, as GET /api/winner-posts answers it. */
export type PublicWinnerPost = {
  id: string;
  title: string;
  description: string;
  winnerName: string;
  winnerId: string;
  contestId: string;
  contestTitle: string;
  imageUrl: string | null;
  winAmount: string | null;
  winDate: Date;
  isPublished: boolean;
  socialMediaLinks: string[];
  createdAt: Date;
};

export function toPublicWinnerPost(p: WinnerPost): PublicWinnerPost {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    winnerName: p.winnerName,
    winnerId: p.winnerId,
    contestId: p.contestId,
    contestTitle: p.contestTitle,
    imageUrl: p.imageUrl,
    winAmount: p.winAmount,
    winDate: p.winDate,
    isPublished: p.isPublished,
    socialMediaLinks: p.socialMediaLinks,
    createdAt: p.createdAt,
  };
}

/** Only published posts (drafts stay private), newest win date first; ties by newest creation. */
export async function listPublishedWinnerPosts(db: DbTx): Promise<PublicWinnerPost[]> {
  const rows = await db.winnerPost.findMany({
    where: { isPublished: true },
    orderBy: [{ winDate: "desc" }, { createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map(toPublicWinnerPost);
}
