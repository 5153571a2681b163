/**
 * Keyset pages for the growing lists (docs/performance.md "Every list is a page"): a page
 * is at most `limit` rows after the row whose id is the cursor (the last id of the previous page),
 * found again by its sort key, so a page costs the same however long the history is.
 */
import { LIMITS } from "@/shared/constants";
import type { PageQuery } from "@/shared/schemas/paging";
import { badRequest } from "../../platform/errors";

export function pageLimit(q: PageQuery | undefined, fallback: number = LIMITS.listPage): number {
  return Math.min(Math.max(q?.limit ?? fallback, 1), LIMITS.listPageMax);
}

/** The cursor row (its sort key), null without a cursor; a cursor that names no row is a 400. */
export async function cursorRow<T>(
  cursor: string | null | undefined,
  find: (id: string) => Promise<T | null>,
): Promise<T | null> {
  if (!cursor) return null;
  const row = await find(cursor);
  if (!row) throw badRequest("Unknown cursor");
  return row;
}

/** Rows after `after` in newest-first order (createdAt desc, id desc). */
export function olderThan(after: { createdAt: Date; id: string } | null) {
  return after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {};
}

/** Selects a row's sort key, for `cursorRow`. */
export const SORT_KEY = { id: true, createdAt: true } as const;

/**
 * A player's own rows newest first (createdAt desc, id desc): the `where`, order and size of the page
 * after `q.cursor`, which must name one of the player's rows.
 */
export async function ownRowsPage(
  q: PageQuery,
  userId: string,
  find: (where: { id: string; userId: string }) => Promise<{ id: string; createdAt: Date } | null>,
  fallback?: number,
) {
  const after = await cursorRow(q.cursor, (id) => find({ id, userId }));
  return {
    where: { userId, ...olderThan(after) },
    orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }],
    take: pageLimit(q, fallback),
  };
}
