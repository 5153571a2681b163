/**
 * "A refused request changes nothing", cheaply: row-level triggers on every table count each
 * committed INSERT, UPDATE and DELETE per table in "_test_writes". A write inside a transaction that
 * rolls back rolls its count back too, so comparing two readings (one small query each) tells which
 * tables a request really changed. Stricter than comparing contents: an UPDATE that writes the same
 * values counts as a change. (It replaced an md5 of every row of every table, which cost the bad-input
 * suite more than half of its time.)
 *
 * RateLimit is left out on purpose: its counters exist to count refused attempts (wrong passwords,
 * too many spins), so a refusal legitimately bumps them.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { DbTx } from "../../src/server/platform/db";

export const SNAPSHOT_EXCLUDED_TABLES = ["_prisma_migrations", "RateLimit", "_test_writes"];

export type DbSnapshot = Record<string, number>;

/** Installs the counting triggers on every table of the current schema (once per database). */
export async function trackWrites(db: DbTx): Promise<void> {
  await db.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS "_test_writes" (tbl text PRIMARY KEY, n bigint NOT NULL)`);
  await db.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION "_test_count_write"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO "_test_writes" (tbl, n) VALUES (TG_TABLE_NAME, 1)
      ON CONFLICT (tbl) DO UPDATE SET n = "_test_writes".n + 1;
      RETURN NULL;
    END $$`);
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`;
  for (const { name } of tables) {
    if (SNAPSHOT_EXCLUDED_TABLES.includes(name)) continue;
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS "_test_count_write" ON "${name}"`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER "_test_count_write" AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION "_test_count_write"()`,
    );
  }
}

/**
 * The committed write count of each table so far (trackWrites must have run on this database).
 * On PGlite it asks the engine directly: through Prisma each reading cost several times more.
 */
export async function snapshotDb(handle: { db: DbTx; pglite?: PGlite }): Promise<DbSnapshot> {
  const sql = `SELECT tbl, n::int AS n FROM "_test_writes"`;
  const rows = handle.pglite
    ? (await handle.pglite.query<{ tbl: string; n: number }>(sql)).rows
    : await handle.db.$queryRawUnsafe<{ tbl: string; n: number }[]>(sql);
  return Object.fromEntries(rows.map((r) => [r.tbl, Number(r.n)]));
}

/** Tables written between two snapshots. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => (before[n] ?? 0) !== (after[n] ?? 0)).sort();
}
