/**
 * A fingerprint of the whole database for "a refused request changes nothing": per table the row
 * count and an md5 of every row's text (so balances, soldTickets, payment statuses, roles, read
 * flags, updatedAt... are all covered). RateLimit is left out on purpose: its counters exist to
 * count refused attempts (wrong passwords, too many spins), so a refusal legitimately bumps them.
 */
import type { DbTx } from "../../src/server/db";

export const SNAPSHOT_EXCLUDED_TABLES = ["_prisma_migrations", "RateLimit"];

export type DbSnapshot = Record<string, { rows: number; hash: string }>;

let cachedSql: string | undefined;

async function snapshotSql(db: DbTx): Promise<string> {
  if (cachedSql) return cachedSql;
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`;
  const parts = tables
    .map((t) => t.name)
    .filter((name) => !SNAPSHOT_EXCLUDED_TABLES.includes(name))
    .map(
      (name) =>
        `SELECT '${name}' AS name, COUNT(*)::int AS rows, md5(COALESCE(string_agg(x::text, '|' ORDER BY x::text), '')) AS hash FROM "${name}" x`,
    );
  cachedSql = parts.join(" UNION ALL ");
  return cachedSql;
}

export async function snapshotDb(db: DbTx): Promise<DbSnapshot> {
  const rows = await db.$queryRawUnsafe<{ name: string; rows: number; hash: string }[]>(await snapshotSql(db));
  return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), hash: r.hash }]));
}

/** Tables whose content differs between two snapshots. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n]?.rows !== after[n]?.rows || before[n]?.hash !== after[n]?.hash).sort();
}
