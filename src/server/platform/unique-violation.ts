/**
 * "A unique key refused this row" (SQLSTATE 23505), recognised the same way on both databases.
 * Prisma reports it as P2002 when its driver adapter recognises the driver's error; on the embedded
 * database under `npm start` it does not: src/server/edge/server.mjs opens PGlite for its migration check
 * through another copy of the package than the one pglite-prisma-adapter checks with `instanceof`,
 * so the adapter passes the raw error on and Prisma reports PostgreSQL's own code, `23505`. Every
 * service that turns a unique violation into an answer (a 409) asks `uniqueViolation`, never a code.
 */

type Loose = {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { target?: unknown; driverAdapterError?: unknown; constraint?: unknown };
};

export type UniqueViolation = {
  /** The columns of the key, when the error names them (P2002's target, the adapter's constraint). */
  fields: string[];
};

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];

function fieldsOf(e: Loose): string[] {
  const c = e.constraint as { fields?: unknown } | string | undefined;
  if (c && typeof c === "object") return strings(c.fields);
  return strings(e.meta?.target);
}

/** The unique violation `error` (or anything it wraps) reports, else null. */
export function uniqueViolation(error: unknown): UniqueViolation | null {
  const queue: unknown[] = [error];
  let found = false;
  const fields = new Set<string>();
  for (let i = 0; i < 12 && queue.length > 0; i++) {
    const e = queue.shift();
    if (!e || typeof e !== "object") continue;
    const loose = e as Loose;
    if (
      loose.code === "P2002" ||
      loose.code === "23505" ||
      loose.originalCode === "23505" ||
      loose.kind === "UniqueConstraintViolation"
    ) {
      found = true;
      for (const f of fieldsOf(loose)) fields.add(f);
    }
    queue.push(loose.cause, loose.meta?.driverAdapterError);
  }
  return found ? { fields: [...fields] } : null;
}

/** True when `error` is a unique violation (of a key over `field`, when given and the error names its columns). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  const v = uniqueViolation(error);
  if (!v) return false;
  return !field || v.fields.length === 0 || v.fields.includes(field);
}
