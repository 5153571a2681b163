/**
 * Site credit given by an admin as goodwill (docs/payments.md "Cash and credit"): spend-only, never
 * withdrawn, optionally expiring; booked through the ledger (`credit_grant`, reference = the grant's
 * id) with its audit row and the player's notification in one transaction.
 */
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { CREDIT_MESSAGES, type GrantCreditInput } from "@/shared/credit";
import { moneyString } from "@/shared/money";
import type { Db } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { refuseOwnAccount } from "../accounts";
import { applyBalanceChange, notify, type PublicUser, recordAudit, toPublicUser } from "../kernel";

export async function grantCredit(
  db: Db,
  adminId: string,
  input: GrantCreditInput,
): Promise<{ message: string; user: PublicUser }> {
  refuseOwnAccount(adminId, input.userId, "credit");
  const amount = new Prisma.Decimal(input.amount);
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
  const grantId = randomUUID();
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true, closedAt: true } });
    if (!user) throw notFound("User not found");
    if (user.closedAt) throw conflict(CREDIT_MESSAGES.closed);
    const moved = await applyBalanceChange(tx, {
      userId: user.id,
      amount,
      kind: "credit_grant",
      reference: grantId,
      note: input.reason.trim(),
      ...(expiresAt ? { creditExpiresAt: expiresAt } : {}),
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: "credit.grant",
      targetType: "user",
      targetId: user.id,
      before: { creditBalance: moneyString(moved.creditBalance.sub(amount)) },
      after: { grant: grantId, credit: moneyString(amount), creditBalance: moneyString(moved.creditBalance), expiresAt },
      reason: input.reason.trim(),
    });
    await notify(tx, user.id, {
      type: "success",
      title: "Site Credit Added",
      message: `$${moneyString(amount)} of site credit has been added to your balance${
        expiresAt ? `; spend it on tickets before ${expiresAt.toISOString().slice(0, 10)}` : " to spend on tickets"
      }. Site credit cannot be withdrawn.`,
    });
  });
  const user = await db.user.findUniqueOrThrow({ where: { id: input.userId } });
  return { message: "Credit granted", user: toPublicUser(user) };
}
