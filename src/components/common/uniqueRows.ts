/**
 * The rows of a paged list's pages, each once (the first time it appears): a refetch while more
 * pages are open can shift a row from one page into the next, where it would show twice.
 */
export function uniqueRows<T>(pages: readonly (readonly T[])[] | undefined, key: (row: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const row of page) {
      const k = key(row);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(row);
    }
  }
  return out;
}
