/**
 * The query parameters of a paged REST row (`?limit&cursor`, plus a row's own filters), handed to
 * the procedure as input fields; its zod schema parses them. Without any, the procedure answers its
 * first page, the same bare array the spec documents (docs/performance.md "Every list is a page").
 */
export const PAGE_PARAMS = ["limit", "cursor"] as const;

export function queryInput(query: URLSearchParams, names: readonly string[] = PAGE_PARAMS): Record<string, string> {
  return Object.fromEntries(names.flatMap((k) => (query.get(k) ? [[k, query.get(k) as string]] : [])));
}

/** A request for a page other than the default first one: never answered from the public-read cache. */
export function isPagedQuery(query: URLSearchParams): boolean {
  return PAGE_PARAMS.some((k) => query.has(k));
}
