/**
 * The admin review queue (docs/payments.md "Review queue"): money the automatic flows must not
 * decide alone. Entries are opened inside the transaction that discovered them, once per cause
 * (`dedupeKey` is unique), and closed by an admin exactly once (a conditional UPDATE on `open`):
 * - credit      late money (expired / rejected invoice, more after a credit): the received value is
 *               credited (ledger `review_credit`, reference = entry id), the player is told;
 * - take back   a refund after a credit: the credit is debited as far as the balance covers
 *               (ledger `review_take_back`); the rest is recorded as the entry's `claimAmount`
 *               (owed by the player, collected by hand); a balance never goes negative;
 * - settle      a payout whose outcome stayed unknown: paid (with the txid seen in OxaPay's panel)
 *               or failed (the hold comes back once);
 * - dismiss     nothing to book here (the reason says why).
 * Every resolution is audited (services/kernel/audit.ts) in its own transaction.
 */
import type { z } from "zod";
import type { reviewRowOutput } from "@/shared/schemas/responses";
import type { Prisma, ReviewItem, ReviewKind } from "@/generated/prisma/client";
import { Prisma as P } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import type { Db, DbTx } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { logger } from "../../platform/logger";
import type { AuditAction } from "@/shared/constants";
import { FOUR_EYES_MESSAGES, lapseProposal, overFourEyesThreshold, proposeOrConfirm, refuseOwnAccount } from "../accounts";
import {
  applyBalanceChange,
  cursorRow,
  notify,
  notifyMany,
  olderThan,
  pageLimit,
  recordAudit,
  SORT_KEY,
  valueById,
} from "../kernel";
import type { PageQuery } from "@/shared/schemas/paging";

export type OpenReview = {
  kind: ReviewKind;
  dedupeKey: string;
  userId?: string | null;
  paymentId?: string | null;
  withdrawalId?: string | null;
  amount?: P.Decimal | string | null;
  summary: string;
  details?: Record<string, unknown>;
  /** Also tell every admin (refunds after a credit, unknown payouts). */
  alertAdmins?: boolean;
};

/** Opens an entry once per dedupeKey (a repeat returns false and changes nothing). Call inside the discovering transaction. */
export async function openReview(tx: DbTx, input: OpenReview): Promise<boolean> {
  const amount = input.amount == null ? null : new P.Decimal(input.amount).toFixed(2);
  const details = input.details ? JSON.stringify(input.details) : null;
  const inserted = await tx.$executeRaw`
    INSERT INTO "ReviewItem" ("id", "kind", "dedupeKey", "userId", "paymentId", "withdrawalId", "amount", "summary", "details", "updatedAt")
    VALUES (${crypto.randomUUID()}, ${input.kind}::"ReviewKind", ${input.dedupeKey}, ${input.userId ?? null},
            ${input.paymentId ?? null}, ${input.withdrawalId ?? null}, ${amount}::numeric, ${input.summary}, ${details}::jsonb, now())
    ON CONFLICT ("dedupeKey") DO NOTHING`;
  if (inserted !== 1) return false;
  logger.warn({ kind: input.kind, dedupeKey: input.dedupeKey, amount }, "review queue: entry opened");
  if (input.alertAdmins) {
    const admins = await tx.user.findMany({ where: { role: { in: ["owner", "finance"] } }, select: { id: true } });
    await notifyMany(
      tx,
      admins.map((a) => ({ userId: a.id, type: "warning" as const, title: "Review Needed", message: input.summary })),
    );
  }
  return true;
}

export type ReviewRow = z.output<typeof reviewRowOutput>;

function actionsFor(r: ReviewItem): ReviewRow["actions"] {
  if (r.status !== "open") return [];
  if (r.kind === "late_payment") return ["credit", "dismiss"];
  if (r.kind === "refund_after_credit") return ["takeBack", "dismiss"];
  if (r.kind === "payout_unknown") return ["settlePayout", "dismiss"];
  return ["dismiss"];
}

/**
 * A keyset page (default 50; `cursor` = the last id seen): the open entries oldest first (the queue,
 * worked from its oldest), or with `status: "all"` every entry newest first (the history).
 */
export async function listReview(db: Db, opts: { status?: "open" | "all" } & PageQuery = {}): Promise<ReviewRow[]> {
  const all = opts.status === "all";
  const after = await cursorRow(opts.cursor, (id) => db.reviewItem.findUnique({ where: { id }, select: SORT_KEY }));
  const rows = await db.reviewItem.findMany({
    where: all
      ? olderThan(after)
      : {
          status: "open",
          ...(after && {
            OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }],
          }),
        },
    orderBy: all ? [{ createdAt: "desc" }, { id: "desc" }] : [{ createdAt: "asc" }, { id: "asc" }],
    take: pageLimit(opts),
  });
  const users = await valueById(
    rows.map((r) => r.userId),
    (ids) => db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } }),
    (u) => u.email,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    userId: r.userId,
    userEmail: r.userId ? (users.get(r.userId) ?? null) : null,
    paymentId: r.paymentId,
    withdrawalId: r.withdrawalId,
    amount: r.amount ? moneyString(r.amount) : null,
    claimAmount: r.claimAmount ? moneyString(r.claimAmount) : null,
    summary: r.summary,
    details: r.details,
    resolution: r.resolution,
    resolvedAt: r.resolvedAt,
    createdAt: r.createdAt,
    actions: actionsFor(r),
  }));
}

async function loadOpen(tx: DbTx, id: string, action: ReviewRow["actions"][number]): Promise<ReviewItem> {
  await tx.$queryRaw`SELECT "id" FROM "ReviewItem" WHERE "id" = ${id} FOR UPDATE`;
  const item = await tx.reviewItem.findUnique({ where: { id } });
  if (!item) throw notFound("Review entry not found");
  if (item.status !== "open") throw conflict(`Review entry already ${item.status}`);
  if (!actionsFor(item).includes(action)) throw conflict(`A ${item.kind} entry cannot be resolved with ${action}`);
  return item;
}

function requireReason(reason: string | undefined): string {
  const why = reason?.trim();
  if (!why) throw badRequest("A reason is required");
  return why;
}

/**
 * An admin's decision on an entry, in the audit log against what the entry is about: its
 * withdrawal, else its payment, else its player (else the entry itself).
 */
function auditReviewDecision(
  tx: DbTx,
  item: ReviewItem,
  decision: {
    adminId: string;
    action: AuditAction;
    reason: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
) {
  return recordAudit(tx, {
    actorId: decision.adminId,
    action: decision.action,
    targetType: item.withdrawalId ? "withdrawal" : item.paymentId ? "payment" : "user",
    targetId: item.withdrawalId ?? item.paymentId ?? item.userId ?? item.id,
    before: { review: item.id, kind: item.kind, ...decision.before },
    after: decision.after,
    reason: decision.reason,
  });
}

async function close(
  tx: DbTx,
  item: ReviewItem,
  adminId: string,
  status: ReviewItem["status"],
  reason: string,
  extra: { claimAmount?: string | null } = {},
) {
  const changed = await tx.reviewItem.updateMany({
    where: { id: item.id, status: "open" },
    data: { status, resolution: reason, resolvedById: adminId, resolvedAt: new Date(), claimAmount: extra.claimAmount ?? null },
  });
  if (changed.count !== 1) throw conflict("Review entry already resolved");
  // A credit or take-back waiting for its second approver lapses once the entry is closed any way.
  for (const action of ["review.credit", "review.takeBack"] as const) await lapseProposal(tx, action, item.id, adminId);
}

const row = async (db: Db, id: string) => (await listReview(db, { status: "all" })).find((r) => r.id === id);

/**
 * Four eyes (docs/admin.md "Four eyes"): a credit or take-back at or over FOUR_EYES_USD is proposed by
 * one staff member and carried out when a different one asks for it (the entry's row is locked).
 */
async function secondApprover(
  tx: DbTx,
  item: ReviewItem,
  adminId: string,
  action: "review.credit" | "review.takeBack",
  reason: string,
): Promise<"proposed" | "confirmed" | "not needed"> {
  if (!item.amount || !overFourEyesThreshold(item.amount)) return "not needed";
  const player = item.userId ? await tx.user.findUnique({ where: { id: item.userId }, select: { email: true } }) : null;
  const step = await proposeOrConfirm(tx, {
    action,
    subjectId: item.id,
    actorId: adminId,
    summary: { change: action, amount: moneyString(item.amount), player: player?.email ?? "", reason },
  });
  if (step.step === "confirmed") return "confirmed";
  await recordAudit(tx, {
    actorId: adminId,
    action: "review.propose",
    targetType: "review",
    targetId: item.id,
    before: { status: "open" },
    after: { proposed: action, amount: moneyString(item.amount), proposalId: step.proposal.id },
    reason,
  });
  return "proposed";
}

/** Late money: credit the received value once (ledger `review_credit`, reference = entry id), player told. */
export async function creditReview(db: Db, adminId: string, id: string, reasonInput: string | undefined) {
  const reason = requireReason(reasonInput);
  const step = await db.$transaction(async (tx) => {
    const item = await loadOpen(tx, id, "credit");
    refuseOwnAccount(adminId, item.userId, "review");
    if (!item.userId || !item.amount || item.amount.lte(0)) throw conflict("This entry has no player or amount to credit");
    if ((await secondApprover(tx, item, adminId, "review.credit", reason)) === "proposed") return "proposed";
    await close(tx, item, adminId, "credited", reason);
    const { balance } = await applyBalanceChange(tx, {
      userId: item.userId,
      amount: item.amount,
      kind: "review_credit",
      reference: item.id,
      note: item.paymentId ? `late payment ${item.paymentId}` : item.kind,
    });
    await auditReviewDecision(tx, item, {
      adminId,
      action: "review.credit",
      reason,
      before: { status: "open" },
      after: { status: "credited", credited: moneyString(item.amount), userId: item.userId, balance: moneyString(balance) },
    });
    await notify(tx, item.userId, {
      type: "success",
      title: "Payment Credited",
      message: `A payment of $${moneyString(item.amount)} that arrived after its invoice closed has been added to your balance.`,
    });
    return "done";
  });
  if (step === "proposed") return { message: FOUR_EYES_MESSAGES.proposed, entry: await row(db, id) };
  logger.info({ reviewId: id, adminId }, "review: credited");
  return { message: "Credited", entry: await row(db, id) };
}

/**
 * Refund after credit: debit the credited amount as far as the cash balance covers it (ledger
 * `review_take_back`, never below zero; a top-up was cash, so it is taken back from cash, never from
 * site credit); the remainder is the claim kept on the entry.
 */
export async function takeBackReview(db: Db, adminId: string, id: string, reasonInput: string | undefined) {
  const reason = requireReason(reasonInput);
  const result = await db.$transaction(async (tx) => {
    const item = await loadOpen(tx, id, "takeBack");
    refuseOwnAccount(adminId, item.userId, "review");
    if (!item.userId || !item.amount || item.amount.lte(0)) throw conflict("This entry has no player or amount to take back");
    if ((await secondApprover(tx, item, adminId, "review.takeBack", reason)) === "proposed") return null;
    // The user row lock makes "what the balance covers" exact under concurrent spending.
    const [u] = await tx.$queryRaw<{ cashBalance: Prisma.Decimal }[]>`
      SELECT "cashBalance" FROM "User" WHERE "id" = ${item.userId} FOR UPDATE`;
    const balance = new P.Decimal(u?.cashBalance ?? 0);
    const taken = P.Decimal.min(balance, item.amount);
    const claim = item.amount.sub(taken);
    await close(tx, item, adminId, "taken_back", reason, { claimAmount: claim.gt(0) ? claim.toFixed(2) : null });
    if (taken.gt(0)) {
      await applyBalanceChange(tx, {
        userId: item.userId,
        amount: taken.negated(),
        kind: "review_take_back",
        reference: item.id,
        note: item.paymentId ? `refunded payment ${item.paymentId}` : item.kind,
      });
    }
    await auditReviewDecision(tx, item, {
      adminId,
      action: "review.take_back",
      reason,
      before: { cashBalance: moneyString(balance) },
      after: { status: "taken_back", taken: moneyString(taken), claim: moneyString(claim) },
    });
    await notify(tx, item.userId, {
      type: "warning",
      title: "Payment Refunded",
      message: claim.gt(0)
        ? `A payment of $${moneyString(item.amount)} was refunded to the sender: $${moneyString(taken)} was taken from your balance and $${moneyString(claim)} is still owed.`
        : `A payment of $${moneyString(item.amount)} was refunded to the sender, so it was taken back from your balance.`,
    });
    return { taken: moneyString(taken), claim: moneyString(claim) };
  });
  if (!result) return { message: FOUR_EYES_MESSAGES.proposed, taken: "0.00", claim: "0.00", entry: await row(db, id) };
  logger.info({ reviewId: id, adminId, ...result }, "review: taken back");
  return { message: "Taken back", ...result, entry: await row(db, id) };
}

/** Nothing to book here: closed with the reason. */
export async function dismissReview(db: Db, adminId: string, id: string, reasonInput: string | undefined) {
  const reason = requireReason(reasonInput);
  await db.$transaction(async (tx) => {
    const item = await loadOpen(tx, id, "dismiss");
    refuseOwnAccount(adminId, item.userId, "review");
    await close(tx, item, adminId, "resolved", reason);
    await auditReviewDecision(tx, item, { adminId, action: "review.dismiss", reason, before: {}, after: { status: "resolved" } });
  });
  return { message: "Dismissed", entry: await row(db, id) };
}

/** For services/money/withdrawals/: closes a payout entry inside the settling transaction. */
export async function closePayoutReview(
  tx: DbTx,
  id: string,
  adminId: string,
  reason: string,
): Promise<ReviewItem & { withdrawalId: string }> {
  const item = await loadOpen(tx, id, "settlePayout");
  refuseOwnAccount(adminId, item.userId, "review");
  if (!item.withdrawalId) throw conflict("This entry has no withdrawal");
  await close(tx, item, adminId, "resolved", reason);
  return item as ReviewItem & { withdrawalId: string };
}
