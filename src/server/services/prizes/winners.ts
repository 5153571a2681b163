/** The public winners gallery: published winner posts, newest win first. Admin edits live elsewhere. */
import type { WinnerPost } from "@/generated/prisma/client";
import type { PageQuery } from "@/shared/schemas/paging";
import type { DbTx } from "../../platform/db";
import { cursorRow, pageLimit } from "../kernel";

/** docs/product.md §3 Winner post, as GET /api/winner-posts answers it. */
export type PublicWinnerPost = {
  id: string;
  title: string;
  description: string;
  winnerName: string;
  /** The winner's user id for admins; null in the public gallery (public records name people by masked name only). */
  winnerId: string | null;
  contestId: string;
  contestTitle: string;
  imageUrl: string | null;
  winAmount: string | null;
  winDate: Date;
  isPublished: boolean;
  socialMediaLinks: string[];
  createdAt: Date;
  /**
   * The post's contest has a drawn prize, so /prize-trail/<contestId> shows its delivery trail. A post
   * typed with a contest id of no contest here (older posts, demo data) links no trail.
   */
  hasTrail: boolean;
};

export function toPublicWinnerPost(p: WinnerPost, trails: ReadonlySet<string>, forAdmin = false): PublicWinnerPost {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    winnerName: p.winnerName,
    winnerId: forAdmin ? p.winnerId : null,
    contestId: p.contestId,
    contestTitle: p.contestTitle,
    imageUrl: p.imageUrl,
    winAmount: p.winAmount,
    winDate: p.winDate,
    isPublished: p.isPublished,
    socialMediaLinks: p.socialMediaLinks,
    createdAt: p.createdAt,
    hasTrail: trails.has(p.contestId),
  };
}

/** Which of these contest ids have a drawn prize (the public trail's subject): one query per page of posts. */
export async function contestsWithTrail(db: DbTx, contestIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(contestIds)];
  if (ids.length === 0) return new Set();
  const rows = await db.prize.findMany({
    where: { contestId: { in: ids }, instantPrizeId: null },
    select: { contestId: true },
  });
  return new Set(rows.map((r) => r.contestId));
}

/** Posts as answered, each knowing whether its trail exists (`forAdmin`: with the winner's id). */
export async function withTrails(db: DbTx, rows: readonly WinnerPost[], forAdmin = false): Promise<PublicWinnerPost[]> {
  const trails = await contestsWithTrail(
    db,
    rows.map((r) => r.contestId),
  );
  return rows.map((r) => toPublicWinnerPost(r, trails, forAdmin));
}

/** The gallery's order: newest win date first; ties by newest creation, then id. */
export const WINNER_POST_ORDER = [{ winDate: "desc" }, { createdAt: "desc" }, { id: "asc" }] as const;

/** Posts after `after` in WINNER_POST_ORDER (the keyset of a page). */
export function afterWinnerPost(after: { winDate: Date; createdAt: Date; id: string } | null) {
  if (!after) return {};
  return {
    OR: [
      { winDate: { lt: after.winDate } },
      { winDate: after.winDate, createdAt: { lt: after.createdAt } },
      { winDate: after.winDate, createdAt: after.createdAt, id: { gt: after.id } },
    ],
  };
}

/**
 * Only published posts (drafts stay private), in WINNER_POST_ORDER, a keyset page (default 50;
 * `cursor` = the last id seen). GET /api/winner-posts without paging answers the cached first page.
 */
export async function listPublishedWinnerPosts(db: DbTx, q: PageQuery = {}): Promise<PublicWinnerPost[]> {
  const after = await cursorRow(q.cursor, (id) =>
    db.winnerPost.findFirst({ where: { id, isPublished: true }, select: { id: true, winDate: true, createdAt: true } }),
  );
  const rows = await db.winnerPost.findMany({
    where: { isPublished: true, ...afterWinnerPost(after) },
    orderBy: [...WINNER_POST_ORDER],
    take: pageLimit(q),
  });
  return withTrails(db, rows);
}
