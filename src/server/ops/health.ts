/**
 * Liveness and readiness for load balancers and orchestrators (docs/deploy.md):
 * - `/api/health`: the process answers (no database work at all).
 * - `/api/ready`: the database answers, every migration on disk is applied, and the job queue runs
 *   (when one is registered: src/server/ops/job-queue-hook.ts). One `SELECT` on `_prisma_migrations`
 *   covers "reachable" and "migrations current"; the folder listing is read once per process.
 */
import { type DatabaseHandle, getDatabase } from "../platform/db";
import { logger } from "../platform/logger";
import { migrationNamesOnDisk, migrationStatus } from "../platform/migration-status";
import { getJobQueueProbe } from "./job-queue-hook";

export type CheckResult = { ok: boolean; detail?: string };
export type Readiness = {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; jobQueue: CheckResult & { present: boolean } };
};

let onDisk: Promise<string[]> | undefined;
/** A database check that hangs (pool exhausted, server gone) must not hang the probe. */
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

export async function checkReadiness(handle?: DatabaseHandle): Promise<Readiness> {
  const database: CheckResult = { ok: false };
  const migrations: CheckResult = { ok: false };
  try {
    const h = handle ?? (await withTimeout(getDatabase(), CHECK_TIMEOUT_MS));
    onDisk ??= migrationNamesOnDisk();
    const status = await withTimeout(migrationStatus(h.db, await onDisk), CHECK_TIMEOUT_MS);
    database.ok = true;
    if (status.failed.length) migrations.detail = `failed migration(s): ${status.failed.join(", ")}`;
    else if (status.pending.length)
      migrations.detail = `pending migration(s): ${status.pending.join(", ")}; run npm run db:migrate`;
    else migrations.ok = true;
  } catch (err) {
    logger.warn({ err }, "readiness: database check failed");
    database.detail = "database unreachable";
    migrations.detail = "unknown (database unreachable)";
  }
  const probe = getJobQueueProbe();
  const jobQueue = probe
    ? { present: true, ok: probe.running(), detail: probe.running() ? undefined : "job queue not running" }
    : { present: false, ok: true, detail: "no job queue in this build" };
  return { ready: database.ok && migrations.ok && jobQueue.ok, checks: { database, migrations, jobQueue } };
}

export function noStoreJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}
