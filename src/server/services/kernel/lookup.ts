/**
 * Names for the ids a list refers to (a contest's title, a code's text, a player's email), read in
 * one query for the whole list instead of one per row.
 */

/** id → `value` of each row `find` returns for the distinct ids among `refs` (no query when there are none). */
export async function valueById<R extends { id: string }, V>(
  refs: readonly (string | null)[],
  find: (ids: string[]) => Promise<R[]>,
  value: (row: R) => V,
): Promise<Map<string, V>> {
  const ids = [...new Set(refs.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  return new Map((await find(ids)).map((r) => [r.id, value(r)]));
}
