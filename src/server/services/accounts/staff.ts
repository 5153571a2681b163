/**
 * Staff: the admin Users tab's list, staff roles (Make Admin / Remove Admin with the role chosen, audited), and the one
 * rule every money decision applies first: no staff member decides on their own account.
 */
import type { Db, DbTx } from "../../platform/db";
import { conflict, forbidden, notFound } from "../../platform/errors";
import type { PageQuery } from "@/shared/schemas/paging";
import type { StaffRole } from "@/shared/staff";
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

/**
 * Grants a staff role, changes it, or removes it (`role` null: a player again). The spec's "Make
 * Admin" without a role grants `owner` (full rights, what "Admin" meant before roles); the
 * dashboard's dialog asks which role. Refused when it would leave no owner (so the last owner
 * cannot step down): the owner rows are locked first, so two owners demoting each other at the same
 * moment cannot both succeed.
 */
export async function setStaffRole(
  db: Db,
  userId: string,
  role: StaffRole | null,
  actorId: string | null = null,
): Promise<PublicUser> {
  return db.$transaction(async (tx) => {
    const target = await tx.user.findUnique({ where: { id: userId }, select: { id: true, role: true, email: true } });
    if (!target) throw notFound("User not found");
    if (role !== "owner") {
      const owners = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "User" WHERE "role" = 'owner' ORDER BY "id" FOR UPDATE`;
      if (owners.some((a) => a.id === userId) && owners.length <= 1) throw conflict(LAST_OWNER);
    }
    const user = await tx.user.update({ where: { id: userId }, data: { role: role ?? "user" } });
    if (target.role !== user.role) {
      await recordAudit(tx, {
        actorId,
        action: "user.role",
        targetType: "user",
        targetId: userId,
        before: { role: target.role, email: target.email },
        after: { role: user.role },
      });
    }
    return toPublicUser(user);
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
