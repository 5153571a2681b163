/**
 * The app's jobs and schedules, registered at start-up (src/instrumentation.ts). Add a job here:
 * `registerJob(NAME, handler, def)` with an idempotent handler; other code enqueues it by name.
 */
import { getDb } from "../platform/db";
import { appOrigin, getEnv } from "../platform/env";
import { logger } from "../platform/logger";
import { getGateway } from "../gateways";
import { getPayoutGateway } from "../gateways/payouts";
import { registerMailJob } from "./mail-delivery";
import { registerPushJob } from "./push-delivery";
import { refreshStatsSnapshot, STATS_SNAPSHOT_SECONDS } from "../services/admin";
import {
  fanOutDrawResults,
  completeDraw,
  preparePublicFiles,
  recordDrawFailure,
  runDueDraws,
  setDrawFollowUps,
} from "../services/draws";
import {
  reconcileWithGateway,
  reconcileOpenPayments,
  type EnqueuePayoutInTx,
  PAYOUT_JOB,
  PAYOUT_RETRY_LIMIT,
  reconcileProcessingWithdrawals,
  releaseAllIdentityHolds,
  runPayoutJob,
} from "../services/money";
import { takeLiabilitySnapshot } from "../services/proofs";
import { expireCreditLots } from "../services/kernel";
import {
  remindCashbackExpiry,
  runCashback,
  runDueAutoEntries,
  runPendingMarketingSends,
  settlePendingReferrals,
} from "../services/retention";
import { enqueue, enqueueInTransaction, registerJob, schedule } from "./index";
import { sweepStrandedPayouts } from "./payout-sweeper";

export const JOB = {
  /** Draws every active contest that sold out or passed its end (each draw is a conditional UPDATE). */
  drawsRun: "draws.run",
  /** Tells a drawn contest's entrants their result, in batches, resuming at its cursor (services/draws/fanout.ts). */
  drawFanout: "draws.fanout",
  /** Another attempt at completing a draw that failed (its reason is on the contest for admins). */
  drawComplete: "draws.complete",
  /** Counts the admin stats' whole-table figures once a minute (services/admin/dashboard.ts refreshStatsSnapshot). */
  statsSnapshot: "stats.snapshot",
  /** Another attempt at a withdrawal's payout after the gateway was unreachable (services/money/withdrawals/). */
  payout: PAYOUT_JOB,
  /** Asks the gateway about payouts still processing after 10 minutes (a lost webhook). */
  payoutReconcile: "withdrawals.reconcile",
  /** Asks the gateway about open top-ups past expiry or quiet for 10 minutes (lost or never-sent webhooks). */
  paymentsReconcile: "payments.reconcile",
  /** Daily: our payments and payouts against OxaPay's history; differences go to the review queue. */
  reconcileDaily: "payments.reconcileDaily",
  /** Daily (LIABILITY_SNAPSHOT_CRON): the proof-of-liabilities snapshot (services/proofs/snapshot.ts). */
  liabilitiesSnapshot: "liabilities.snapshot",
  /** Takes what is left of expired site credit off the credit balance, once per lot (services/kernel/credit-expiry.ts). */
  creditsExpire: "credits.expire",
  /** Settles pending referrals a purchase qualified (when its own settle was lost) or whose window passed (services/retention/referral.ts). */
  referralsSettle: "referrals.settle",
  /** Pays last ISO week's cashback, once per player and week, and reminds of cashback credit about to expire (services/retention/cashback.ts). */
  cashbackRun: "cashback.run",
  /** Runs the auto-entries (standing orders) whose period is due, through the checkout (services/retention/auto-entry.ts). */
  autoEntriesRun: "autoEntries.run",
  /** Runs contest announcements to players who opted in, resuming each at its cursor (services/retention/announcements.ts). */
  marketingSends: "marketing.sends",
} as const;

/** How often pending referrals are swept, and how often the cashback job looks for a week to pay (it pays each week once). */
export const REFERRAL_SWEEP_SECONDS = 600;
export const CASHBACK_RUN_SECONDS = 3600;

/** cashback.run: the last ended week (a rerun or a second instance pays nobody twice), then the reminders. */
export async function runCashbackJob(): Promise<void> {
  const db = await getDb();
  await runCashback(db);
  await remindCashbackExpiry(db);
}

/** How often unfinished announcements are resumed (a new one is also queued at once). */
export const MARKETING_SENDS_SECONDS = 60;

/** How often expired site credit is swept (credit counts as spendable until then). */
export const CREDIT_EXPIRY_SWEEP_SECONDS = 300;

/** Queues a withdrawal's payout job (after PAYOUT_RETRY_DELAY_SECONDS); one queued job per withdrawal. */
export function enqueuePayout(data: { id: string; origin: string }): Promise<string | null> {
  return enqueue(JOB.payout, data, { startAfterSeconds: getEnv().PAYOUT_RETRY_DELAY_SECONDS, singletonKey: data.id });
}

/**
 * For approveWithdrawal: queues the payout job inside the approving transaction (the job commits
 * with `pending -> processing`, so a crash right after the commit still leaves one).
 */
export async function payoutJobInTx(): Promise<EnqueuePayoutInTx> {
  const inTx = await enqueueInTransaction(JOB.payout);
  return (tx, data) => inTx(tx, data, { startAfterSeconds: getEnv().PAYOUT_RETRY_DELAY_SECONDS, singletonKey: data.id });
}

/** The daily reconciliation against OxaPay (nothing to compare in demo mode: the sandbox keeps no history). */
export async function runDailyReconciliation(): Promise<void> {
  const db = await getDb();
  const env = getEnv();
  if (!env.OXAPAY_MERCHANT_API_KEY) return;
  const payoutGateway = env.OXAPAY_PAYOUT_API_KEY ? await getPayoutGateway(db) : null;
  await reconcileWithGateway(db, { gateway: await getGateway(db), payoutGateway, days: env.RECONCILE_DAYS });
}

export async function runDrawsJob(): Promise<void> {
  const done = await runDueDraws(await getDb());
  if (done.length) logger.info({ contests: done.map((d) => d.contestId) }, "automatic draws");
}

/** draws.fanout: every batch until done; a throw retries from the cursor (nothing is told twice). */
export async function runDrawFanoutJob(data: { contestId: string }): Promise<void> {
  const db = await getDb();
  const progress = await fanOutDrawResults(db, data.contestId);
  logger.info({ contestId: data.contestId, ...progress }, "draw results told");
  // The entry-list files, made once now rather than by their first visitor (services/draws/public-files.ts).
  await preparePublicFiles(db, data.contestId).catch((err: unknown) =>
    logger.warn({ err, contestId: data.contestId }, "entry-list files not made yet (the first request makes them)"),
  );
}

/** draws.complete: a throw records the reason on the contest and hands the job back for a retry. */
export async function runDrawCompleteJob(data: { contestId: string }): Promise<void> {
  const db = await getDb();
  try {
    await completeDraw(db, data.contestId);
  } catch (err) {
    await recordDrawFailure(db, data.contestId, err);
    throw err;
  }
}

export function registerAppJobs(): void {
  // After a draw commits: its fan-out and, when it failed, its retries go through the queue.
  setDrawFollowUps({
    fanOut: (_db, contestId) => enqueue(JOB.drawFanout, { contestId }, { singletonKey: contestId }),
    retry: (_db, contestId) => enqueue(JOB.drawComplete, { contestId }, { singletonKey: contestId, startAfterSeconds: 10 }),
  });
  registerJob(JOB.marketingSends, async () => void (await runPendingMarketingSends(await getDb())), {
    retryLimit: 0,
    expireInSeconds: 600,
    policy: "singleton",
  });
  schedule(JOB.marketingSends, { everySeconds: MARKETING_SENDS_SECONDS });
  registerJob(JOB.statsSnapshot, async () => void (await refreshStatsSnapshot(await getDb())), {
    retryLimit: 0,
    expireInSeconds: 120,
  });
  schedule(JOB.statsSnapshot, { everySeconds: STATS_SNAPSHOT_SECONDS });
  registerJob(JOB.drawFanout, runDrawFanoutJob, {
    retryLimit: 10,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 600,
    policy: "short",
  });
  registerJob(JOB.drawComplete, runDrawCompleteJob, {
    retryLimit: 8,
    retryDelaySeconds: 15,
    retryBackoff: true,
    expireInSeconds: 120,
    policy: "short",
  });
  registerJob<{ id: string; origin: string }>(JOB.payout, async (data, job) => runPayoutJob(await getDb(), data, job), {
    retryLimit: PAYOUT_RETRY_LIMIT,
    retryDelaySeconds: getEnv().PAYOUT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 180,
    policy: "short",
  });
  registerJob(
    JOB.payoutReconcile,
    async () => {
      const db = await getDb();
      await sweepStrandedPayouts(db, enqueuePayout, appOrigin());
      await reconcileProcessingWithdrawals(db);
      // The safety net for withdrawals held for identity whose release did not run (docs/payments.md "Identity").
      await releaseAllIdentityHolds(db, { origin: appOrigin(), enqueueInTx: await payoutJobInTx() });
    },
    {
      retryLimit: 0,
      expireInSeconds: 300,
    },
  );
  schedule(JOB.payoutReconcile, { everySeconds: getEnv().PAYOUT_SWEEP_SECONDS });
  // Retries with back-off when the gateway could not be asked at all (services/money/payments/gateway-status.ts).
  registerJob(JOB.paymentsReconcile, async () => void (await reconcileOpenPayments(await getDb())), {
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 300,
  });
  schedule(JOB.paymentsReconcile, { everySeconds: getEnv().PAYMENTS_POLL_SECONDS });
  registerJob(JOB.reconcileDaily, runDailyReconciliation, { retryLimit: 2, retryDelaySeconds: 600, expireInSeconds: 900 });
  schedule(JOB.reconcileDaily, { cron: getEnv().RECONCILE_CRON });
  // One snapshot a day; a retry after a failure (the ledger did not add up, the database went away) takes a new one.
  registerJob(JOB.liabilitiesSnapshot, async () => void (await takeLiabilitySnapshot(await getDb(), { trigger: "schedule" })), {
    retryLimit: 2,
    retryDelaySeconds: 600,
    expireInSeconds: 1800,
  });
  const liabilitiesCron = getEnv().LIABILITY_SNAPSHOT_CRON;
  if (liabilitiesCron !== "off") schedule(JOB.liabilitiesSnapshot, { cron: liabilitiesCron });
  registerJob(JOB.creditsExpire, async () => void (await expireCreditLots(await getDb())), {
    retryLimit: 0,
    expireInSeconds: 300,
  });
  schedule(JOB.creditsExpire, { everySeconds: CREDIT_EXPIRY_SWEEP_SECONDS });
  registerJob(JOB.referralsSettle, async () => void (await settlePendingReferrals(await getDb())), {
    retryLimit: 0,
    expireInSeconds: 300,
  });
  schedule(JOB.referralsSettle, { everySeconds: REFERRAL_SWEEP_SECONDS });
  // A crash half-way is resumed by the retry (or the next hour's run): each player's row is claimed as it is paid.
  registerJob(JOB.cashbackRun, runCashbackJob, {
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 1800,
  });
  schedule(JOB.cashbackRun, { everySeconds: CASHBACK_RUN_SECONDS });
  // Each order's period is bought once (a unique run row), so a tick run twice buys nothing twice.
  registerJob(JOB.autoEntriesRun, async () => void (await runDueAutoEntries(await getDb())), {
    retryLimit: 0,
    expireInSeconds: 600,
  });
  const autoEntryEvery = getEnv().AUTO_ENTRY_SWEEP_SECONDS;
  if (autoEntryEvery > 0) schedule(JOB.autoEntriesRun, { everySeconds: autoEntryEvery });
  registerJob(JOB.drawsRun, runDrawsJob, { retryLimit: 0, expireInSeconds: 120 });
  // DRAW_SCHEDULER_INTERVAL_MS (default 30000; 0 disables): once per interval across all instances.
  const drawEveryMs = getEnv().DRAW_SCHEDULER_INTERVAL_MS;
  if (drawEveryMs > 0) schedule(JOB.drawsRun, { everySeconds: drawEveryMs / 1000 });
  // Email delivery from the outbox, when SMTP_URL is set (src/server/jobs/mail-delivery.ts, docs/email.md).
  registerMailJob();
  // Web push from the push outbox (src/server/jobs/push-delivery.ts, docs/push.md).
  registerPushJob();
}
