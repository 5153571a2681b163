/**
 * The daily reconciliation (job `payments.reconcileDaily`, RECONCILE_CRON; docs/payments.md): our top-ups
 * and payouts of the last RECONCILE_DAYS compared with OxaPay's payment and payout history. What the
 * state machines can settle is settled through them (a status we missed); every other difference is a
 * `reconcile_difference` entry in the review queue, once per difference (its dedupe key).
 */
import type { Payment, Withdrawal } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import type { Db } from "../../platform/db";
import type { PaymentGateway } from "../../gateways/gateway";
import { type PayoutGateway, type PayoutHistoryItem, payoutReference } from "../../gateways/payouts";
import { logger } from "../../platform/logger";
import { decidePayoutReport } from "./lifecycle";
import { recordGatewayReport } from "./payments";
import { openReview } from "./review-queue";
import { applyPayoutReportOnce } from "./withdrawals";

export type ReconcileTally = { payments: number; payouts: number; settled: number; differences: number };

/** Payments and payouts created in [now - days, now - settleMinutes] (younger ones may still be moving). */
export async function reconcileWithGateway(
  db: Db,
  opts: { gateway: PaymentGateway; payoutGateway: PayoutGateway | null; days: number; now?: Date; settleMinutes?: number },
): Promise<ReconcileTally> {
  const now = opts.now ?? new Date();
  const from = new Date(now.getTime() - opts.days * 86_400_000);
  const to = new Date(now.getTime() - (opts.settleMinutes ?? 30) * 60_000);
  const tally: ReconcileTally = { payments: 0, payouts: 0, settled: 0, differences: 0 };
  const difference = async (
    dedupeKey: string,
    summary: string,
    refs: { userId?: string; paymentId?: string; withdrawalId?: string; amount?: string | null },
    details: Record<string, unknown>,
  ) => {
    const opened = await db.$transaction((tx) =>
      openReview(tx, {
        kind: "reconcile_difference",
        dedupeKey: `reconcile:${dedupeKey}`,
        summary,
        details,
        alertAdmins: true,
        ...refs,
      }),
    );
    if (opened) tally.differences++;
  };

  if (opts.gateway.listPayments) {
    const theirs = await opts.gateway.listPayments(from, to);
    const ours = await db.payment.findMany({ where: { provider: opts.gateway.name, createdAt: { gte: from, lte: to } } });
    const byTrack = new Map(ours.map((p) => [p.trackId, p]));
    const seen = new Set<string>();
    for (const info of theirs) {
      tally.payments++;
      seen.add(info.trackId);
      const payment = byTrack.get(info.trackId) ?? (await db.payment.findUnique({ where: { trackId: info.trackId } }));
      if (!payment) {
        await difference(
          `payment:${info.trackId}`,
          `OxaPay has invoice ${info.trackId} (${info.status}, ${info.amount ?? "?"} ${info.currency ?? ""}) that we have no record of.`,
          {},
          { gateway: info.payload ?? null },
        );
        continue;
      }
      if (info.status !== payment.gatewayStatus && (await recordGatewayReport(db, payment, info, "daily reconciliation")).changed)
        tally.settled++;
    }
    for (const p of ours) {
      if (!seen.has(p.trackId))
        await difference(
          `payment-missing:${p.id}`,
          `Top-up ${p.trackId} ($${moneyString(p.amount)}, ${p.status}) is not in OxaPay's history.`,
          paymentRefs(p),
          {},
        );
    }
  }

  if (opts.payoutGateway) {
    const theirs = await opts.payoutGateway.listPayouts(from, to);
    const byWithdrawal = new Map<string, PayoutHistoryItem[]>();
    for (const item of theirs) {
      tally.payouts++;
      const id = item.description?.startsWith("withdrawal ") ? item.description.slice("withdrawal ".length) : null;
      if (!id) continue; // not sent by this app (a manual payout in OxaPay's panel)
      byWithdrawal.set(id, [...(byWithdrawal.get(id) ?? []), item]);
    }
    for (const [id, items] of byWithdrawal) {
      const w = await db.withdrawal.findUnique({ where: { id } });
      if (!w) {
        await difference(
          `payout-unknown-withdrawal:${id}`,
          `OxaPay sent payout(s) ${items.map((i) => i.trackId).join(", ")} for "${payoutReference(id)}", which we have no record of.`,
          {},
          { items },
        );
        continue;
      }
      if (items.length > 1) {
        await difference(
          `payout-duplicate:${id}`,
          `Withdrawal ${id} ($${moneyString(w.amount)}) was paid out ${items.length} times at OxaPay (${items.map((i) => i.trackId).join(", ")}).`,
          withdrawalRefs(w),
          { items },
        );
      }
      const item = items.find((i) => i.trackId === w.trackId) ?? items[0];
      if (!item) continue;
      if (w.trackId && w.trackId !== item.trackId) {
        await difference(
          `payout-track:${id}:${item.trackId}`,
          `Withdrawal ${id} has track id ${w.trackId} here but OxaPay lists ${item.trackId}.`,
          withdrawalRefs(w),
          { item },
        );
        continue;
      }
      if (!w.trackId) continue; // the payout job adopts it by reference (its lookup), not this report
      const action = decidePayoutReport(w.status, item.status);
      if (
        (action === "pay" || action === "fail" || action === "review_conflict") &&
        (await applyPayoutReportOnce(db, w, item.status, item.txid))
      )
        tally.settled++;
    }
    const sent = await db.withdrawal.findMany({
      where: { trackId: { not: null }, provider: opts.payoutGateway.name, processedAt: { gte: from, lte: to } },
    });
    for (const w of sent) {
      if (!byWithdrawal.has(w.id))
        await difference(
          `payout-missing:${w.id}`,
          `Withdrawal ${w.id} ($${moneyString(w.amount)}, ${w.status}, track ${w.trackId}) is not in OxaPay's payout history.`,
          withdrawalRefs(w),
          {},
        );
    }
  }
  logger.info(tally, "daily reconciliation");
  return tally;
}

const paymentRefs = (p: Payment) => ({ userId: p.userId, paymentId: p.id, amount: p.amount.toFixed(2) });
const withdrawalRefs = (w: Withdrawal) => ({ userId: w.userId, withdrawalId: w.id, amount: w.amount.toFixed(2) });
