/**
 * Finds withdrawals stranded in `processing`: not yet recorded at the gateway (no track id), quiet
 * for a while, with no live `withdrawals.payout` job (none created / retrying / active for it) and
 * no open review entry, and queues their job again. Approval queues the job in its own transaction,
 * so this catches only rows from before that, jobs lost with a dropped queue, or jobs that ended
 * while the row stayed processing. Run by the `withdrawals.reconcile` job (app-jobs.ts).
 */
import type { Db } from "../platform/db";
import { getEnv } from "../platform/env";
import { logger } from "../platform/logger";
import { PAYOUT_JOB } from "../services/money";

export async function sweepStrandedPayouts(
  db: Db,
  enqueue: (data: { id: string; origin: string }) => Promise<string | null>,
  origin: string,
  opts: { quietSeconds?: number } = {},
): Promise<string[]> {
  // Rows quieter than one send's claim are left alone (their approval may be sending right now).
  const quiet = opts.quietSeconds ?? getEnv().PAYOUT_SEND_LEASE_SECONDS;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT w."id" FROM "Withdrawal" w
    WHERE w."status" = 'processing' AND w."trackId" IS NULL
      AND w."updatedAt" < now() - make_interval(secs => ${quiet})
      AND (w."sendingUntil" IS NULL OR w."sendingUntil" < now())
      AND NOT EXISTS (SELECT 1 FROM pgboss.job j
                      WHERE j.name = ${PAYOUT_JOB} AND j.singleton_key = w."id"
                        AND j.state IN ('created', 'retry', 'active'))
      AND NOT EXISTS (SELECT 1 FROM "ReviewItem" r WHERE r."withdrawalId" = w."id" AND r."status" = 'open')
    ORDER BY w."updatedAt" LIMIT 100`;
  const queued: string[] = [];
  for (const { id } of rows) {
    if (await enqueue({ id, origin })) queued.push(id);
  }
  if (queued.length) logger.warn({ withdrawals: queued }, "stranded payouts queued again");
  return queued;
}
