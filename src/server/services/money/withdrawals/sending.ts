/**
 * Sending a payout at most once: one attempt (claimed with a lease, stored before it is sent, looked
 * up by its description when the answer never came) and the `withdrawals.payout` job around it.
 */
import type { Withdrawal } from "@/generated/prisma/client";
import { moneyString as amountString } from "@/shared/money";
import type { WithdrawalNetwork } from "@/shared/withdrawals";
import type { Db } from "../../../platform/db";
import { failureOutcome } from "../../../gateways/oxapay/client";
import { getPayoutGateway, type PayoutGateway, type PayoutResult, payoutBody, payoutReference } from "../../../gateways/payouts";
import { getEnv } from "../../../platform/env";
import { logger } from "../../../platform/logger";
import { decideAfterLookup, decidePayoutAttempt, decidePayoutReport } from "../lifecycle";
import { errText, PAYOUT_RETRY_LIMIT, PAYOUT_WEBHOOK_PATH } from "./shared";
import { failInTx, openPayoutReview, payInTx } from "./transitions";

export type SendOutcome = "paid" | "processing" | "failed" | "retry" | "review" | "skipped";

/** Tunables of one payout attempt (settings: PAYOUT_UNKNOWN_LIMIT_MINUTES; tests shorten them). */
export type PayoutTiming = {
  /** A payout whose outcome stays unknown this long goes to the review queue. */
  unknownLimitMs?: number;
  /** A lookup's "not there" is trusted only this long after the send (the gateway's history may lag). */
  absentAfterMs?: number;
  now?: () => Date;
};

const DEFAULT_ABSENT_AFTER_MS = 60_000;

/**
 * One payout attempt for a processing withdrawal without a gateway track id (the payout state
 * machine, services/money/lifecycle.ts). The attempt is claimed with a lease (a conditional
 * UPDATE), so two workers never act on the same withdrawal at once. The request is stored with
 * `outcomeUnknownSince` before it is sent: a timeout, a connection error, a 5xx or a crash leaves that
 * mark, and the next attempt looks the payout up by its description instead of sending again; only a
 * definite "not there" sends again. "retry" = try later; "review" = a person decides (the hold stays).
 */
export async function sendPayout(
  db: Db,
  withdrawalId: string,
  opts: { origin: string; gateway?: PayoutGateway } & PayoutTiming,
): Promise<SendOutcome> {
  const claimed = await db.$queryRaw<Withdrawal[]>`
    UPDATE "Withdrawal" SET "attempts" = "attempts" + 1,
      "sendingUntil" = now() + make_interval(secs => ${getEnv().PAYOUT_SEND_LEASE_SECONDS}), "updatedAt" = now()
    WHERE "id" = ${withdrawalId} AND "status" = 'processing' AND "trackId" IS NULL
      AND ("sendingUntil" IS NULL OR "sendingUntil" < now())
    RETURNING *`;
  const w = claimed[0];
  if (!w) return "skipped";
  const now = opts.now?.() ?? new Date();
  const release = () => db.withdrawal.updateMany({ where: { id: w.id, status: "processing" }, data: { sendingUntil: null } });
  const gateway = opts.gateway ?? (await getPayoutGateway(db));

  if (decidePayoutAttempt(w) === "lookup" && w.outcomeUnknownSince) {
    const sentAt = w.outcomeUnknownSince;
    let found: "found" | "absent" | "unknown" = "unknown";
    let result: PayoutResult | null = null;
    try {
      const r = await gateway.findPayoutByReference(payoutReference(w.id), w.processedAt ?? w.createdAt);
      if (r === "absent") {
        // Too soon after the send, "not in the history" may only mean "not listed yet".
        found = now.getTime() - sentAt.getTime() >= (opts.absentAfterMs ?? DEFAULT_ABSENT_AFTER_MS) ? "absent" : "unknown";
      } else {
        found = "found";
        result = r;
      }
    } catch (err) {
      logger.warn({ withdrawalId: w.id, err: errText(err) }, "payout lookup failed; outcome still unknown");
    }
    const pastLimit = now.getTime() - sentAt.getTime() > (opts.unknownLimitMs ?? getEnv().PAYOUT_UNKNOWN_LIMIT_MINUTES * 60_000);
    const next = decideAfterLookup(found, pastLimit);
    logger.info({ withdrawalId: w.id, found, next }, "payout outcome looked up");
    if (next === "adopt" && result) return recordPayoutAnswer(db, w, gateway, result);
    if (next === "wait") {
      await release();
      return "retry";
    }
    if (next === "review") {
      await db.$transaction((tx) => openPayoutReview(tx, w, "the gateway's answer never came and its history does not say"));
      await release();
      return "review";
    }
    // "send": the gateway definitely has no such payout.
  }

  let payAmount: string;
  try {
    payAmount = await gateway.quote(w.cryptoCurrency, amountString(w.amount));
  } catch (err) {
    // Nothing was sent: a later attempt may quote again.
    logger.warn({ withdrawalId: w.id, err: errText(err) }, "payout quote failed");
    await release();
    return failureOutcome(err) === "refused" ? failNow(db, w, err) : "retry";
  }
  const body = payoutBody({
    withdrawalId: w.id,
    address: w.address,
    cryptoCurrency: w.cryptoCurrency,
    network: w.network as WithdrawalNetwork,
    payAmount,
    callbackUrl: `${opts.origin}${PAYOUT_WEBHOOK_PATH}`,
  });
  // Stored before sending: from here until a definite answer the outcome is unknown.
  await db.withdrawal.update({
    where: { id: w.id },
    data: { payoutRequest: body, payAmount, provider: gateway.name, outcomeUnknownSince: new Date() },
  });
  let result: PayoutResult;
  try {
    result = await gateway.createPayout(body);
  } catch (err) {
    if (failureOutcome(err) === "refused") return failNow(db, w, err);
    logger.warn({ withdrawalId: w.id, err: errText(err) }, "payout sent without a definite answer; outcome unknown");
    await release();
    return "retry";
  }
  return recordPayoutAnswer(db, w, gateway, result);
}

/** The gateway refused the payout outright (bad address, no funds...): it will not pass later either. */
async function failNow(db: Db, w: Withdrawal, err: unknown): Promise<SendOutcome> {
  const reason = err instanceof Error ? err.message.slice(0, 300) : "payout refused";
  await db.$transaction((tx) => failInTx(tx, w, reason));
  return "failed";
}

/** The gateway has the payout (its answer, or found by reference): keep its track id and settle as the table says. */
async function recordPayoutAnswer(db: Db, w: Withdrawal, gateway: PayoutGateway, result: PayoutResult): Promise<SendOutcome> {
  const action = decidePayoutReport("processing", result.status);
  await db.$transaction(async (tx) => {
    await tx.withdrawal.update({
      where: { id: w.id },
      data: { trackId: result.trackId, provider: gateway.name, sendingUntil: null, outcomeUnknownSince: null },
    });
    if (action === "pay") await payInTx(tx, w, result.txid);
    if (action === "fail") await failInTx(tx, w, `gateway status ${result.status}`);
  });
  logger.info({ withdrawalId: w.id, trackId: result.trackId, status: result.status }, "payout recorded");
  return action === "pay" ? "paid" : action === "fail" ? "failed" : "processing";
}

/**
 * The `withdrawals.payout` job: one more attempt; throws to be retried with back-off. After the last
 * retry a withdrawal that was never sent fails (the hold comes back once); one whose request went out
 * without a definite answer goes to the review queue instead (never released blind). Idempotent: a
 * paid, failed or already recorded withdrawal is skipped.
 */
export async function runPayoutJob(
  db: Db,
  data: { id: string; origin: string },
  job: { retryCount: number },
  opts: { gateway?: PayoutGateway } & PayoutTiming = {},
): Promise<void> {
  const outcome = await sendPayout(db, data.id, { origin: data.origin, ...opts });
  if (outcome !== "retry") return;
  if (job.retryCount >= PAYOUT_RETRY_LIMIT) {
    const w = await db.withdrawal.findUnique({ where: { id: data.id } });
    if (w?.status !== "processing") return;
    if (w.outcomeUnknownSince) {
      await db.$transaction((tx) =>
        openPayoutReview(tx, w, `its outcome stayed unknown after ${PAYOUT_RETRY_LIMIT + 1} attempts`),
      );
    } else {
      await db.$transaction((tx) => failInTx(tx, w, "payout gateway unavailable"));
    }
    return;
  }
  throw new Error(`payout ${data.id}: outcome not settled yet, will retry`);
}
