/**
 * Four eyes (docs/admin.md "Four eyes"): an action over its threshold is proposed by one staff
 * member and carried out only when a different one, with a role the matrix allows
 * (src/server/api/privileged.ts), confirms it. The proposer can never confirm. Each step runs inside
 * the action's own transaction, after the caller locked the subject's row (or, for roles, the owner rows), so two staff members
 * acting at once are serialised: the first proposes, the second confirms (or is told it is theirs).
 * A partial unique index keeps at most one waiting proposal per action and subject.
 */
import type { z } from "zod";
import { Prisma, type Role, type StaffProposal } from "@/generated/prisma/client";
import type { staffProposalOutput } from "@/shared/schemas/responses";
import type { PageQuery } from "@/shared/schemas/paging";
import type { FourEyesAction } from "@/shared/staff";
import type { Db, DbTx } from "../../platform/db";
import { getEnv } from "../../platform/env";
import { conflict, forbidden, notFound } from "../../platform/errors";
import { cursorRow, pageLimit, recordAudit } from "../kernel";

/** The actions that can wait for a second approver (the privileged procedure each one runs): src/shared/staff.ts. */
export type { FourEyesAction };

/** Changes to what players are offered, under four eyes while a second staff member may confirm them. */
export type TermsAction = Extract<FourEyesAction, "wheel.setEconomics" | "instantWins.set" | "pricing.createPromoCode">;

/**
 * Money decisions at or over FOUR_EYES_USD need two staff members: a withdrawal approval, a top-up
 * approved by override (one the gateway did not confirm), a review credit or take-back.
 */
export function overFourEyesThreshold(amount: Prisma.Decimal | string): boolean {
  const threshold = getEnv().FOUR_EYES_USD;
  return threshold > 0 && new Prisma.Decimal(amount).gte(threshold);
}

export const FOUR_EYES_MESSAGES = {
  proposed: "Waiting for a second approver",
  ownProposal: "You proposed this: a different staff member must confirm it",
  differentChange: "A different change to this is waiting for a second approver: confirm or withdraw it first",
  notProposer: "Only the staff member who proposed it can withdraw a proposal",
  notWaiting: "This proposal is no longer waiting",
} as const;

export type FourEyesStep = { step: "proposed"; proposal: StaffProposal } | { step: "confirmed"; proposal: StaffProposal };
export type WaitingProposal = z.output<typeof staffProposalOutput>;

/**
 * The first call opens a proposal (`proposed`: the caller must not act yet); a call by anyone else
 * while it waits confirms it (`confirmed`: the caller acts now, in the same transaction); the
 * proposer's own second call is 403 and changes nothing.
 */
export async function proposeOrConfirm(
  tx: DbTx,
  input: { action: FourEyesAction; subjectId: string; actorId: string; summary: Prisma.InputJsonObject },
): Promise<FourEyesStep> {
  const waiting = await tx.staffProposal.findFirst({
    where: { action: input.action, subjectId: input.subjectId, status: "waiting" },
  });
  if (waiting) {
    if (waiting.proposedById === input.actorId) throw forbidden(FOUR_EYES_MESSAGES.ownProposal);
    // The second approver confirms exactly what was proposed (`change` names it), not something else.
    const proposedChange = (waiting.summary as Record<string, unknown> | null)?.change;
    if (proposedChange !== undefined && proposedChange !== input.summary.change) {
      throw conflict(FOUR_EYES_MESSAGES.differentChange);
    }
    const proposal = await tx.staffProposal.update({
      where: { id: waiting.id },
      data: { status: "confirmed", decidedById: input.actorId, decidedAt: new Date() },
    });
    return { step: "confirmed", proposal };
  }
  const actor = await tx.user.findUniqueOrThrow({ where: { id: input.actorId }, select: { role: true } });
  const proposal = await tx.staffProposal.create({
    data: {
      action: input.action,
      subjectId: input.subjectId,
      summary: input.summary,
      proposedById: input.actorId,
      proposedRole: actor.role,
    },
  });
  return { step: "proposed", proposal };
}

/**
 * The waiting proposal for an action's subject, if any: the subject was decided another way (rejected,
 * dismissed, confirmed by the gateway), so it lapses and leaves the queue. `actorId` null: a job decided.
 */
export async function lapseProposal(tx: DbTx, action: FourEyesAction, subjectId: string, actorId: string | null): Promise<void> {
  await tx.staffProposal.updateMany({
    where: { action, subjectId, status: "waiting" },
    data: { status: "cancelled", decidedById: actorId, decidedAt: new Date() },
  });
}

/** The proposer takes their proposal back (audited); nobody else can. */
export async function cancelProposal(db: Db, actorId: string, id: string): Promise<WaitingProposal> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "StaffProposal" WHERE "id" = ${id} FOR UPDATE`;
    if (rows.length === 0) throw notFound("Proposal not found");
    const proposal = await tx.staffProposal.findUniqueOrThrow({ where: { id } });
    if (proposal.status !== "waiting") throw conflict(FOUR_EYES_MESSAGES.notWaiting);
    if (proposal.proposedById !== actorId) throw forbidden(FOUR_EYES_MESSAGES.notProposer);
    const done = await tx.staffProposal.update({
      where: { id },
      data: { status: "cancelled", decidedById: actorId, decidedAt: new Date() },
    });
    await recordAudit(tx, {
      actorId,
      action: "proposal.cancel",
      targetType: "proposal",
      targetId: id,
      before: { status: "waiting", action: proposal.action, subjectId: proposal.subjectId },
      after: { status: "cancelled" },
    });
    const [shown] = await withProposers(tx, [done]);
    return shown as WaitingProposal;
  });
}

/**
 * The waiting proposals of one action's subjects (a list page's rows: at most a page of subjects, so
 * no page of its own), oldest first, with who proposed each.
 */
export async function listWaitingProposals(
  db: DbTx,
  only: { action: FourEyesAction; subjectIds: string[] },
): Promise<WaitingProposal[]> {
  const rows = await db.staffProposal.findMany({
    where: { status: "waiting", action: only.action, subjectId: { in: only.subjectIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return withProposers(db, rows);
}

/**
 * "Waiting for a second approver", the queue: oldest first, with who proposed what and when, of the
 * given actions only (the caller's role may confirm them; each tab asks for its own), a keyset page
 * (default 50; `cursor` = the last proposal id seen) on the (status, createdAt) index. The cursor may
 * name a proposal decided since its page was read: the walk goes on after it.
 */
export async function listWaitingQueue(
  db: DbTx,
  q: PageQuery & { actions: readonly FourEyesAction[] },
): Promise<WaitingProposal[]> {
  const after = await cursorRow(q.cursor, (id) =>
    db.staffProposal.findUnique({ where: { id }, select: { id: true, createdAt: true } }),
  );
  if (q.actions.length === 0) return [];
  const rows = await db.staffProposal.findMany({
    where: {
      status: "waiting",
      action: { in: [...q.actions] },
      ...(after && { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: pageLimit(q),
  });
  return withProposers(db, rows);
}

async function withProposers(db: DbTx, rows: StaffProposal[]): Promise<WaitingProposal[]> {
  const ids = [...new Set(rows.map((r) => r.proposedById))];
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const email = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    subjectId: r.subjectId,
    summary: r.summary as Record<string, string>,
    status: r.status,
    proposedById: r.proposedById,
    proposedByEmail: email.get(r.proposedById) ?? "unknown",
    proposedRole: r.proposedRole,
    createdAt: r.createdAt,
  }));
}

/** The same input, whatever its key order: what a confirmer must submit again. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * Four eyes on terms (docs/admin.md "Four eyes"): wheel economics, an instant-prize map over
 * FOUR_EYES_USD, a promo code over its limits. The first submission is proposed (audited
 * `terms.propose`; the caller changes nothing); a different staff member submitting the same input
 * applies it. While nobody else may confirm (`confirmerRoles`, from the role matrix) the change
 * applies at once, as a role change by a sole owner does, and the caller's audit row says so.
 */
export async function gateTermsChange(
  tx: DbTx,
  input: {
    action: TermsAction;
    subjectId: string;
    actorId: string;
    change: unknown;
    summary: Record<string, string>;
    confirmerRoles: readonly string[];
  },
): Promise<{ apply: true; fourEyes: Record<string, string> } | { apply: false; proposal: StaffProposal }> {
  const others = await tx.user.count({
    where: { id: { not: input.actorId }, role: { in: input.confirmerRoles as Role[] }, closedAt: null },
  });
  if (others === 0) return { apply: true, fourEyes: { fourEyes: "no second approver on staff" } };
  const step = await proposeOrConfirm(tx, {
    action: input.action,
    subjectId: input.subjectId,
    actorId: input.actorId,
    summary: { ...input.summary, change: stableJson(input.change) },
  });
  if (step.step === "confirmed") {
    return { apply: true, fourEyes: { proposalId: step.proposal.id, proposedById: step.proposal.proposedById } };
  }
  await recordAudit(tx, {
    actorId: input.actorId,
    action: "terms.propose",
    targetType: "proposal",
    targetId: step.proposal.id,
    after: { action: input.action, subjectId: input.subjectId, ...input.summary },
  });
  return { apply: false, proposal: step.proposal };
}
