/**
 * Staff: the admin Users tab's list, staff roles (Make Admin / Remove Admin with the role chosen, audited), and the one
 * rule every money decision applies first: no staff member decides on their own account.
 */
import type { Db, DbTx } from "../../platform/db";
import { conflict, forbidden, notFound } from "../../platform/errors";
import type { PageQuery } from "@/shared/schemas/paging";
import type { StaffRole } from "@/shared/staff";
import { proposeOrConfirm } from "./four-eyes";
import { cursorRow, likeLiteral, pageLimit, type PublicUser, recordAudit, toPublicUser } from "../kernel";

/** Users newest first, optionally searched: a keyset page (default 50; `cursor` = the last id seen). */
export async function listUsers(db: DbTx, search?: string, page: PageQuery = {}): Promise<PublicUser[]> {
  const trimmed = search?.trim();
  const q = trimmed ? likeLiteral(trimmed) : undefined;
  const after = await cursorRow(page.cursor, (id) =>
    db.user.findUnique({ where: { id }, select: { id: true, createdAt: true } }),
  );
  const rows = await db.user.findMany({
    where: {
      AND: [
        after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {},
        q
          ? {
              OR: [
                { email: { contains: q, mode: "insensitive" } },
                { firstName: { contains: q, mode: "insensitive" } },
                { lastName: { contains: q, mode: "insensitive" } },
                { displayName: { contains: q, mode: "insensitive" } },
              ],
            }
          : {},
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: pageLimit(page),
  });
  return rows.map(toPublicUser);
}

export const LAST_OWNER = "The last owner cannot be removed";
export const SIGN_IN_AGAIN = "Sign in again to change staff roles (your sign-in is more than 15 minutes old)";
const RECENT_SIGN_IN_MS = 15 * 60_000;

/**
 * Role changes need a fresh sign-in: a session opened (or passed its second factor) in the last 15
 * minutes, so an unattended dashboard cannot hand out roles.
 */
export function assertRecentSignIn(session: { createdAt: Date; twoFactorVerifiedAt: Date | null }, now = new Date()): void {
  const last = Math.max(session.createdAt.getTime(), session.twoFactorVerifiedAt?.getTime() ?? 0);
  if (now.getTime() - last > RECENT_SIGN_IN_MS) throw forbidden(SIGN_IN_AGAIN);
}

/**
 * Grants a staff role, changes it, or removes it (`role` null: a player again). The spec's "Make
 * Admin" without a role grants `owner` (full rights, what "Admin" meant before roles); the
 * dashboard's dialog asks which role. Refused when it would leave no owner (so the last owner
 * cannot step down): the owner rows are locked first, so two owners demoting each other at the same
 * moment cannot both succeed, and the same lock serialises the four-eyes steps.
 *
 * Four eyes (docs/admin.md "Four eyes"): while the site has another owner, a change to anyone's
 * role but one's own step down is proposed by one owner and applied when a different owner asks for
 * the same change. A sole owner changes roles alone (there is nobody to confirm); the audit says so.
 */
export async function setStaffRole(
  db: Db,
  userId: string,
  role: StaffRole | null,
  actorId: string | null = null,
): Promise<{ user: PublicUser; proposed: boolean }> {
  return db.$transaction(async (tx) => {
    const owners = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "User" WHERE "role" = 'owner' ORDER BY "id" FOR UPDATE`;
    const target = await tx.user.findUnique({ where: { id: userId } });
    if (!target) throw notFound("User not found");
    const to = role ?? "user";
    if (to !== "owner" && owners.some((a) => a.id === userId) && owners.length <= 1) throw conflict(LAST_OWNER);
    if (target.role === to) return { user: toPublicUser(target), proposed: false };
    const stepDown = actorId === userId;
    const otherOwner = owners.some((o) => o.id !== actorId);
    let fourEyes: Record<string, string> = { fourEyes: stepDown ? "own step down" : "sole owner" };
    if (actorId && !stepDown && otherOwner) {
      const step = await proposeOrConfirm(tx, {
        action: "admin.toggleAdmin",
        subjectId: userId,
        actorId,
        summary: { change: to, player: target.email, from: target.role, to },
      });
      if (step.step === "proposed") {
        await recordAudit(tx, {
          actorId,
          action: "role.propose",
          targetType: "user",
          targetId: userId,
          before: { role: target.role, email: target.email },
          after: { role: to, proposalId: step.proposal.id },
        });
        return { user: toPublicUser(target), proposed: true };
      }
      fourEyes = { proposalId: step.proposal.id, proposedById: step.proposal.proposedById };
    }
    const user = await tx.user.update({ where: { id: userId }, data: { role: to } });
    await recordAudit(tx, {
      actorId,
      action: "user.role",
      targetType: "user",
      targetId: userId,
      before: { role: target.role, email: target.email },
      after: { role: user.role, ...fourEyes },
    });
    return { user: toPublicUser(user), proposed: false };
  });
}

/** What an admin may never decide on their own account; another admin must (docs/admin.md "Own account"). */
export const OWN_ACCOUNT_MESSAGES = {
  withdrawal: "You cannot approve or reject your own withdrawal: another admin must",
  payment: "You cannot approve or reject your own top-up: another admin must",
  credit: "You cannot give site credit to your own account: another admin must",
  review: "You cannot settle a review entry about your own account: another admin must",
  identity: "You cannot decide your own identity check: another admin must",
} as const;

/**
 * 403 when the acting admin is the account's owner. Called by every decision that moves or releases
 * a player's money or decides their identity, before anything is written (money/withdrawals/admin.ts,
 * money/payments/approval.ts, money/goodwill.ts, money/review-queue.ts, accounts/identity.ts).
 */
export function refuseOwnAccount(
  actorId: string,
  ownerId: string | null | undefined,
  what: keyof typeof OWN_ACCOUNT_MESSAGES,
): void {
  if (ownerId && actorId === ownerId) throw forbidden(OWN_ACCOUNT_MESSAGES[what]);
}
