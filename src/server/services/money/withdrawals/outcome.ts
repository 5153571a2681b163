import type { Db } from "../../../platform/db";
import { DomainError, notFound, unauthorized } from "../../../platform/errors";
import { getPayoutGateway, type PayoutGateway, parsePayoutWebhook } from "../../../gateways/payouts";
import { logger } from "../../../platform/logger";
import { applyPayoutReport } from "./transitions";

/** The gateway's payout webhook: signed with the payout key; moves processing -> paid / failed once. */
export async function processPayoutWebhook(
  db: Db,
  rawBody: string,
  signature: string | null,
  opts: { gateway?: PayoutGateway; ip?: string } = {},
): Promise<{ changed: boolean; status: string }> {
  const gateway = opts.gateway ?? (await getPayoutGateway(db));
  if (!gateway.verifySignature(rawBody, signature)) {
    logger.warn(
      { gateway: gateway.name, ip: opts.ip, hasSignature: Boolean(signature) },
      "payout webhook refused: invalid signature",
    );
    throw unauthorized("Unauthorized: invalid webhook signature");
  }
  const notice = parsePayoutWebhook(rawBody);
  if (!notice) throw new DomainError("BAD_REQUEST", "Webhook body must be a JSON object with a track_id");
  const w = await db.withdrawal.findUnique({ where: { trackId: notice.trackId } });
  if (!w) {
    logger.warn({ trackId: notice.trackId }, "payout webhook for unknown track id");
    throw notFound("Unknown track id");
  }
  const changed = await db.$transaction((tx) => applyPayoutReport(tx, w, notice.status, notice.txid));
  logger.info({ trackId: notice.trackId, status: notice.status, changed }, "payout webhook");
  return { changed, status: w.status };
}

/** How long a sent payout may wait for its webhook before the reconcile job asks the gateway. */
export const PAYOUT_RECONCILE_AFTER_MINUTES = 10;

/**
 * The `withdrawals.reconcile` job: payouts the gateway accepted (track id known) that are still
 * processing after PAYOUT_RECONCILE_AFTER_MINUTES (a lost webhook) are looked up through the
 * gateway and settled as paid / failed. Idempotent: the same conditional UPDATEs as the webhook.
 */
export async function reconcileProcessingWithdrawals(
  db: Db,
  opts: { gateway?: PayoutGateway; now?: Date; limit?: number } = {},
): Promise<{ checked: number; settled: number }> {
  const gateway = opts.gateway ?? (await getPayoutGateway(db));
  const before = new Date((opts.now ?? new Date()).getTime() - PAYOUT_RECONCILE_AFTER_MINUTES * 60_000);
  const stuck = await db.withdrawal.findMany({
    where: { status: "processing", trackId: { not: null }, provider: gateway.name, updatedAt: { lt: before } },
    orderBy: { updatedAt: "asc" },
    take: opts.limit ?? 50,
  });
  let settled = 0;
  for (const w of stuck) {
    try {
      const info = await gateway.getPayout(w.trackId as string);
      if (!info) continue;
      const changed = await db.$transaction(async (tx) => {
        const settled = await applyPayoutReport(tx, w, info.status, info.txid);
        if (!settled)
          await tx.withdrawal.updateMany({ where: { id: w.id, status: "processing" }, data: { updatedAt: new Date() } });
        return settled;
      });
      if (changed) settled++;
    } catch (err) {
      logger.warn({ withdrawalId: w.id, err: err instanceof Error ? err.message : String(err) }, "payout reconcile failed");
    }
  }
  if (settled) logger.info({ checked: stuck.length, settled }, "payouts reconciled");
  return { checked: stuck.length, settled };
}
