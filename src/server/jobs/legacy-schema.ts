/**
 * Databases made before pg-boss 12 hold its v10 schema (version 24), which pg-boss 12 cannot migrate
 * (its migrations start at the v11 schema, 25). Instead of asking operators to run pg-boss 11 once,
 * start() moves the old schema aside, lets pg-boss 12 create its own, re-sends the jobs that were
 * still waiting or running, then drops the old schema. Handlers are idempotent (docs/jobs.md), so a
 * job that ran just before the upgrade and runs again after it changes nothing.
 */
import type { Db } from "pg-boss";

const LEGACY = "pgboss_v10";
/** The first schema version pg-boss 12 migrates from. */
const FIRST_MIGRATABLE = 25;

export type LegacyJob = {
  name: string;
  data: object | null;
  singletonKey: string | null;
  startAfter: Date;
  retryLimit: number;
};

async function schemaVersion(db: Db, schema: string): Promise<number | null> {
  const { rows } = await db.executeSql("SELECT to_regclass($1)::text AS t", [`${schema}.version`]);
  if (!rows[0]?.t) return null;
  const v = await db.executeSql(`SELECT max(version)::int AS v FROM ${schema}.version`);
  return v.rows[0]?.v ?? null;
}

/** Renames a pre-25 `pgboss` schema to `pgboss_v10` (before pg-boss starts). True when it did. */
export async function setLegacySchemaAside(db: Db): Promise<boolean> {
  const version = await schemaVersion(db, "pgboss");
  if (version === null || version >= FIRST_MIGRATABLE) return false;
  // One statement, so two instances starting together cannot both rename: the loser finds no schema.
  await db.executeSql(
    `DO $$ BEGIN
       IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss')
          AND NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = '${LEGACY}')
          AND (SELECT max(version) FROM pgboss.version) < ${FIRST_MIGRATABLE} THEN
         ALTER SCHEMA pgboss RENAME TO ${LEGACY};
       END IF;
     END $$`,
  );
  return true;
}

/**
 * Re-sends the waiting and running jobs of the set-aside schema through pg-boss 12 (`resend`, after
 * its own start()), deleting each old row only once its copy is sent, then drops the schema. A
 * crash midway leaves the rest to the next start, and at most the job being moved runs twice (jobs
 * are delivered at least once anyway; docs/jobs.md), never none.
 */
export async function drainLegacySchema(db: Db, resend: (job: LegacyJob) => Promise<void>): Promise<number> {
  if ((await schemaVersion(db, LEGACY)) === null) return 0;
  const { rows } = await db.executeSql(
    `SELECT id, name, data, singleton_key, start_after, retry_limit FROM ${LEGACY}.job
     WHERE state IN ('created', 'retry', 'active') ORDER BY created_on`,
  );
  for (const r of rows) {
    await resend({
      name: r.name,
      data: r.data ?? null,
      singletonKey: r.singleton_key ?? null,
      startAfter: new Date(r.start_after),
      retryLimit: Number(r.retry_limit),
    });
    await db.executeSql(`DELETE FROM ${LEGACY}.job WHERE name = $1 AND id = $2`, [r.name, r.id]);
  }
  await db.executeSql(`DROP SCHEMA IF EXISTS ${LEGACY} CASCADE`);
  return rows.length;
}
