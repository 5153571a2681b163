/**
 * Prisma's `contains` becomes `ILIKE '%' || value || '%'` without escaping, so `%` and `_` typed
 * in a search box would act as wildcards. This escapes them (and the escape character itself,
 * PostgreSQL's default `\`) so a search matches the literal text.
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
