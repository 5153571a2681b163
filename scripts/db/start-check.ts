/**
 * `npm start`'s first step, run inside the server's own process (src/server/edge/server.mjs imports this
 * with tsx before it loads Next): refuse to serve while a migration is pending or failed, naming it
 * and the command that applies it. Only the migrations table is read (no Prisma client, no schema
 * engine). On PGlite the data directory opened for the check stays open and is handed to the app
 * (src/server/platform/db.ts getDatabase takes it), so a start opens it once: the check used to run
 * in a child process of its own, which cost every start ~2.7 s and twice the embedded database's
 * opening. MIGRATE_ON_START=true applies pending migrations before this, in that child process
 * (scripts/db/manage.ts start-check), so the schema engine never loads into the server.
 */
import fs from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { defaultPgliteDir, describeDatabase, getEnv } from "../../src/server/platform/env";
import { type MigrationStatus, migrationStatus, type RawQuery } from "../../src/server/platform/migration-status";

/** The exit code of a start refused for migrations (src/server/edge/server.mjs, scripts/db/manage.ts). */
export const PENDING_EXIT = 3;

export function migrateOnStart(): boolean {
  return getEnv().MIGRATE_ON_START;
}

/** Why the app must not serve this database yet, or null. */
export function startProblem(status: MigrationStatus): string | null {
  if (status.failed.length)
    return `${describeDatabase()}: failed migration(s) ${status.failed.join(", ")}: repair them by hand (docs/deploy.md "Upgrading").`;
  if (status.pending.length)
    return (
      `${describeDatabase()} has ${status.pending.length} pending migration(s): ${status.pending.join(", ")}.\n` +
      "Apply them with `npm run db:migrate` (same DATABASE_URL), or start with MIGRATE_ON_START=true."
    );
  return null;
}

const rows = (query: (sql: string) => Promise<{ rows: unknown[] }>): RawQuery => ({
  $queryRawUnsafe: async <T>(sql: string) => (await query(sql)).rows as T,
});

/**
 * The check. Without a problem on PGlite it returns the open database for the app to take over;
 * with one, everything it opened is closed again.
 */
export async function checkBeforeStart(): Promise<{ problem: string | null; pglite?: PGlite }> {
  const url = getEnv().DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      return { problem: startProblem(await migrationStatus(rows((sql) => client.query(sql)))) };
    } finally {
      await client.end();
    }
  }
  const dir = defaultPgliteDir();
  await fs.mkdir(dir, { recursive: true });
  const pglite = new PGlite(dir);
  try {
    const problem = startProblem(await migrationStatus(rows((sql) => pglite.query(sql))));
    if (!problem) return { problem, pglite };
    await pglite.close();
    return { problem };
  } catch (e) {
    await pglite.close();
    throw e;
  }
}
