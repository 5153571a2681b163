/** Staff: the admin Users tab's list and the admin role (Make Admin / Remove Admin, audited). */
import type { Db, DbTx } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import type { PageQuery } from "@/shared/schemas/paging";
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

/**
 * Grants or removes admin rights. Removing is refused when it would leave no admin (so the last
 * admin cannot remove themselves). The admin rows are locked first, so two admins demoting each
 * other at the same moment cannot both succeed.
 */
export async function setAdmin(db: Db, userId: string, isAdmin: boolean, actorId: string | null = null): Promise<PublicUser> {
  return db.$transaction(async (tx) => {
    const target = await tx.user.findUnique({ where: { id: userId }, select: { id: true, role: true, email: true } });
    if (!target) throw notFound("User not found");
    if (!isAdmin) {
      const admins = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "User" WHERE "role" = 'admin' ORDER BY "id" FOR UPDATE`;
      if (admins.some((a) => a.id === userId) && admins.length <= 1) {
        throw conflict("The last admin cannot be removed");
      }
    }
    const user = await tx.user.update({ where: { id: userId }, data: { role: isAdmin ? "admin" : "user" } });
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
