/**
 * Structural sharing that also knows dates: a refetch whose answer equals what the cache holds
 * keeps the cached objects, so nothing that reads them renders again.
 *
 * React Query's own `replaceEqualDeep` keeps equal plain objects and arrays, but a Date (superjson
 * sends every instant as one) is not a plain object, so each refetch handed out new dates, hence a
 * new parent object: a contest's `byId` refetched unchanged (a live stream's "ready" tick) rendered
 * the whole contest page again (`npm run bench:main-thread`, docs/performance.md "First load").
 */

const hasOwn = Object.prototype.hasOwnProperty;
/** Deeper than any answer of ours; past it, the new value is taken as it is (React Query's bound). */
const MAX_DEPTH = 500;

function isPlainObject(o: unknown): o is Record<string, unknown> {
  if (Object.prototype.toString.call(o) !== "[object Object]") return false;
  const proto = Object.getPrototypeOf(o);
  return proto === null || proto === Object.prototype;
}

/** `next`, with every part equal to the same part of `prev` replaced by `prev`'s (`prev` itself when all are). */
export function shareEqualData(prev: unknown, next: unknown, depth = 0): unknown {
  if (prev === next) return prev;
  if (prev instanceof Date && next instanceof Date) {
    // Two invalid dates are equal too (NaN !== NaN).
    const a = prev.getTime();
    const b = next.getTime();
    return a === b || (Number.isNaN(a) && Number.isNaN(b)) ? prev : next;
  }
  if (depth > MAX_DEPTH) return next;
  const array = Array.isArray(prev) && Array.isArray(next);
  if (!array && !(isPlainObject(prev) && isPlainObject(next))) return next;
  const a = prev as Record<string | number, unknown>;
  const b = next as Record<string | number, unknown>;
  const aSize = array ? (prev as unknown[]).length : Object.keys(a).length;
  const bKeys: (string | number)[] = array ? (next as unknown[]).map((_, i) => i) : Object.keys(b);
  const copy = (array ? new Array(bKeys.length) : {}) as Record<string | number, unknown>;
  let equal = 0;
  for (const key of bKeys) {
    const shared = shareEqualData(a[key], b[key], depth + 1);
    copy[key] = shared;
    if (shared === a[key] && (array ? (key as number) < aSize : hasOwn.call(a, key))) equal++;
  }
  return aSize === bKeys.length && equal === aSize ? prev : copy;
}
