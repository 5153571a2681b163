import type { z } from "zod";
import type { adminWithdrawalOutput } from "@/shared/schemas/responses";
import type { Withdrawal } from "@/generated/prisma/client";
import { moneyString as amountString } from "@/shared/money";
import { mailWithdrawal } from "../../../mail/events";
import type { Db, DbTx } from "../../../platform/db";
import { badRequest, conflict, notFound } from "../../../platform/errors";
import { getPayoutGateway, type PayoutGateway } from "../../../gateways/payouts";
import { logger } from "../../../platform/logger";
import {
  FOUR_EYES_MESSAGES,
  lapseProposal,
  listWaitingProposals,
  overFourEyesThreshold,
  proposeOrConfirm,
  refuseOwnAccount,
} from "../../accounts";
import { cursorRow, notify, olderThan, pageLimit, recordAudit, SORT_KEY } from "../../kernel";
import type { AdminWithdrawalsQuery } from "@/shared/withdrawals";
import { closePayoutReview } from "../review-queue";
import { alreadyProcessed, toPublicWithdrawal, TX_OPTIONS } from "./shared";
import { sendPayout, type PayoutTiming } from "./sending";
import { failInTx, payInTx, releaseHold } from "./transitions";
export const IDENTITY_HELD = "This withdrawal is held until the player's identity is verified; it is paid then";

export type AdminWithdrawal = z.output<typeof adminWithdrawalOutput>;

/**
 * A keyset page (default 50; `cursor` = the last id seen): the pending withdrawals oldest first (the
 * queue, worked from its oldest), or with `status: "all"` every withdrawal newest first (the history).
 */
export async function listAdminWithdrawals(db: Db, q: AdminWithdrawalsQuery = {}): Promise<AdminWithdrawal[]> {
  const include = { user: { select: { id: true, email: true, firstName: true, lastName: true } } } as const;
  const all = q.status === "all";
  const after = await cursorRow(q.cursor, (id) => db.withdrawal.findUnique({ where: { id }, select: SORT_KEY }));
  const rows = await db.withdrawal.findMany({
    where: all
      ? olderThan(after)
      : {
          status: "pending",
          ...(after && {
            OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }],
          }),
        },
    orderBy: all ? [{ createdAt: "desc" }, { id: "desc" }] : [{ createdAt: "asc" }, { id: "asc" }],
    take: pageLimit(q),
    include,
  });
  const pending = rows.filter((w) => w.status === "pending");
  const waiting = pending.length
    ? await listWaitingProposals(db, { action: "withdrawals.approve", subjectIds: pending.map((w) => w.id) })
    : [];
  const proposalOf = new Map(waiting.map((p) => [p.subjectId, p]));
  return rows.map((w) => {
    const p = proposalOf.get(w.id);
    return {
      ...toPublicWithdrawal(w),
      user: w.user,
      processedAt: w.processedAt,
      attempts: w.attempts,
      needsSecondApprover: overFourEyesThreshold(w.amount),
      proposal: p ? { id: p.id, proposedById: p.proposedById, proposedByEmail: p.proposedByEmail, createdAt: p.createdAt } : null,
    };
  });
}

/** Enqueues the payout job inside the approving transaction (src/server/jobs/app-jobs.ts supplies it). */
export type EnqueuePayoutInTx = (tx: DbTx, data: { id: string; origin: string }) => Promise<unknown>;

export async function approveWithdrawal(
  db: Db,
  adminId: string,
  id: string,
  opts: { origin: string; gateway?: PayoutGateway; enqueueInTx?: EnqueuePayoutInTx; sendNow?: boolean } & PayoutTiming,
) {
  const w = await db.withdrawal.findUnique({ where: { id } });
  if (!w) throw notFound("Withdrawal not found");
  refuseOwnAccount(adminId, w.userId, "withdrawal");
  // Held for identity: paid once the player is verified (releaseIdentityHolds), never past the check.
  if (w.status === "pending" && w.route === "identity") throw conflict(IDENTITY_HELD);
  // Refuse before the flip when payouts cannot be sent at all (503 "Withdrawals are not configured").
  const gateway = opts.gateway ?? (await getPayoutGateway(db));
  const fourEyes = overFourEyesThreshold(w.amount);
  const ok = await db.$transaction(async (tx) => {
    let confirmedProposal: { proposedById: string; id: string } | null = null;
    if (fourEyes) {
      // The row lock serialises two approvers: the first proposes, the second confirms.
      const locked = await tx.$queryRaw<{ status: string }[]>`
        SELECT "status" FROM "Withdrawal" WHERE "id" = ${id} FOR UPDATE`;
      if (locked[0]?.status !== "pending") return false;
      const step = await proposeOrConfirm(tx, {
        action: "withdrawals.approve",
        subjectId: id,
        actorId: adminId,
        summary: {
          amount: amountString(w.amount),
          currency: w.cryptoCurrency,
          network: w.network ?? "",
          address: w.address,
          player: (await tx.user.findUnique({ where: { id: w.userId }, select: { email: true } }))?.email ?? "",
        },
      });
      if (step.step === "proposed") {
        await auditDecision(tx, adminId, w, "withdrawal.propose", { status: "pending", proposalId: step.proposal.id });
        return "proposed" as const;
      }
      confirmedProposal = step.proposal;
    }
    const flipped = await tx.$executeRaw`
      UPDATE "Withdrawal" SET "status" = 'processing', "processedById" = ${adminId}, "processedAt" = now(), "updatedAt" = now()
      WHERE "id" = ${id} AND "status" = 'pending' AND "route" IS DISTINCT FROM 'identity'`;
    if (flipped !== 1) return false;
    await auditDecision(tx, adminId, w, "withdrawal.approve", {
      status: "processing",
      cryptoCurrency: w.cryptoCurrency,
      network: w.network,
      address: w.address,
      ...(confirmedProposal && { proposalId: confirmedProposal.id, proposedById: confirmedProposal.proposedById }),
    });
    await notify(tx, w.userId, {
      type: "other",
      title: "Withdrawal Approved",
      message: `Your withdrawal of $${amountString(w.amount)} was approved and is being sent.`,
    });
    // The payout job commits with the flip: a crash after this commit still leaves a job to send it.
    await opts.enqueueInTx?.(tx, { id, origin: opts.origin });
    return true;
  }, TX_OPTIONS);
  if (!ok) return alreadyProcessed(db, id);
  if (ok === "proposed") {
    logger.info({ withdrawalId: id, adminId }, "withdrawal approval proposed");
    return {
      message: FOUR_EYES_MESSAGES.proposed,
      withdrawal: toPublicWithdrawal(await db.withdrawal.findUniqueOrThrow({ where: { id } })),
    };
  }
  logger.info({ withdrawalId: id, adminId }, "withdrawal approved");
  const outcome = opts.sendNow === false ? "processing" : await sendPayout(db, id, { ...opts, gateway });
  const current = await db.withdrawal.findUniqueOrThrow({ where: { id } });
  return {
    message: outcome === "retry" ? "Withdrawal approved; the payout will be retried" : "Withdrawal approved",
    withdrawal: toPublicWithdrawal(current),
  };
}

/** An admin's decision on a pending withdrawal, audited against its status and amount before. */
function auditDecision(
  tx: DbTx,
  adminId: string,
  w: Withdrawal,
  action: "withdrawal.approve" | "withdrawal.reject" | "withdrawal.propose",
  after: Record<string, unknown>,
  reason?: string,
) {
  return recordAudit(tx, {
    actorId: adminId,
    action,
    targetType: "withdrawal",
    targetId: w.id,
    before: { status: w.status, amount: amountString(w.amount) },
    after,
    reason,
  });
}

export async function rejectWithdrawal(db: Db, adminId: string, id: string, reason: string) {
  const why = reason.trim();
  const w = await db.withdrawal.findUnique({ where: { id } });
  if (!w) throw notFound("Withdrawal not found");
  refuseOwnAccount(adminId, w.userId, "withdrawal");
  const ok = await db.$transaction(async (tx) => {
    const flipped = await tx.$executeRaw`
      UPDATE "Withdrawal" SET "status" = 'rejected', "rejectionReason" = ${why}, "processedById" = ${adminId},
        "processedAt" = now(), "updatedAt" = now()
      WHERE "id" = ${id} AND "status" = 'pending'`;
    if (flipped !== 1) return false;
    await lapseProposal(tx, "withdrawals.approve", id, adminId);
    await releaseHold(tx, w, "rejected");
    await auditDecision(tx, adminId, w, "withdrawal.reject", { status: "rejected", released: amountString(w.amount) }, why);
    await notify(tx, w.userId, {
      type: "error",
      title: "Withdrawal Rejected",
      message: `Your withdrawal of $${amountString(w.amount)} was rejected: ${why}. The amount is back in your balance.`,
    });
    await mailWithdrawal(tx, { ...w, amount: amountString(w.amount) }, { kind: "rejected", reason: why });
    return true;
  });
  if (!ok) return alreadyProcessed(db, id);
  logger.info({ withdrawalId: id, adminId }, "withdrawal rejected");
  return {
    message: "Withdrawal rejected",
    withdrawal: toPublicWithdrawal(await db.withdrawal.findUniqueOrThrow({ where: { id } })),
  };
}

/**
 * An admin settles a payout from the review queue: paid (with the transaction id seen in OxaPay's
 * panel) or failed (the hold comes back once). Closes the entry and flips the withdrawal in one
 * transaction; audited.
 */
export async function settleUnknownPayout(
  db: Db,
  adminId: string,
  input: { id: string; outcome: "paid" | "failed"; txid?: string; reason: string },
) {
  if (input.outcome === "paid" && !input.txid?.trim()) throw badRequest("A paid payout needs the transaction id");
  const result = await db.$transaction(async (tx) => {
    const item = await closePayoutReview(tx, input.id, adminId, input.reason);
    const w = await tx.withdrawal.findUnique({ where: { id: item.withdrawalId } });
    if (!w) throw notFound("Withdrawal not found");
    const changed =
      input.outcome === "paid"
        ? await payInTx(tx, w, input.txid ?? null)
        : await failInTx(tx, w, `settled by an admin: ${input.reason}`);
    if (!changed) throw conflict(`Withdrawal already ${w.status}`);
    await recordAudit(tx, {
      actorId: adminId,
      action: "review.settle_payout",
      targetType: "withdrawal",
      targetId: w.id,
      before: { status: w.status, review: item.id },
      after: { status: input.outcome, txid: input.txid ?? null },
      reason: input.reason,
    });
    return w.id;
  });
  return {
    message: `Payout settled as ${input.outcome}`,
    withdrawal: toPublicWithdrawal(await db.withdrawal.findUniqueOrThrow({ where: { id: result } })),
  };
}
