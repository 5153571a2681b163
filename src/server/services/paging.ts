/**
 * Keyset pages for the growing lists (issue 30, docs/performance.md "Every list is a page"): a page
 * is at most `limit` rows after the row whose id is the cursor (the last id of the previous page),
 * found again by its sort key, so a page costs the same however long the history is.
 */
import { LIMITS } from "@/shared/constants";
import type { PageQuery } from "@/shared/schemas/paging";
import { badRequest } from "../platform/errors";

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
