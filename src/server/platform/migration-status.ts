/**
 * Whether a database has every migration on disk applied, in one cheap query (no schema engine), so
 * what needs only that (`npm start`'s first step, /api/ready) does not load src/server/platform/migrate.ts.
 */
import fs from "node:fs/promises";
import path from "node:path";

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

/** The migration folder names on disk, sorted (what `applyMigrations` would apply to an empty database). */
export async function migrationNamesOnDisk(): Promise<string[]> {
  return (await fs.readdir(MIGRATIONS_DIR, { withFileTypes: true }).catch(() => []))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export type MigrationStatus = {
  /** On disk, not recorded as applied: `npm run db:migrate` would apply these. */
  pending: string[];
  /** Started and neither finished nor rolled back: a failed migration needs a person. */
  failed: string[];
};

/** A Prisma client, or any object answering raw SQL with its rows. */
export type RawQuery = { $queryRawUnsafe: <T = unknown>(query: string) => Promise<T> };

/**
 * Compares the folder with `_prisma_migrations` in one cheap query (no schema engine), through a
 * Prisma client or a raw driver; a database without that table has every migration pending.
 */
export async function migrationStatus(db: RawQuery, onDisk?: string[]): Promise<MigrationStatus> {
  const names = onDisk ?? (await migrationNamesOnDisk());
  let rows: { migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }[] = [];
  try {
    rows = await db.$queryRawUnsafe(`SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"`);
  } catch (e) {
    const text = String((e as { message?: unknown })?.message ?? e);
    if (!/_prisma_migrations/.test(text) || !/does not exist|42P01/.test(text)) throw e;
  }
  const applied = new Set(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => r.migration_name));
  return {
    pending: names.filter((n) => !applied.has(n)),
    failed: rows.filter((r) => !r.finished_at && !r.rolled_back_at).map((r) => r.migration_name),
  };
}
