/**
 * Site credit that expires (docs/payments.md "Cash and credit"). A credit row written with
 * `creditExpiresAt` opens one lot; spending credit uses up the soonest-expiring lots first (so a
 * player never loses credit they could have spent); what is left of a lot at its expiry is taken off
 * the credit balance once, by `expireCreditLots` (credit-expiry.ts, the `credits.expire` job), as a `credit_expiry`
 * row whose reference is the lot. Credit without an expiry has no lot and never expires. Credit that
 * comes back by a refund returns without an expiry: a cancelled contest never costs the player.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { DbTx } from "../../platform/db";

export async function openCreditLot(
  tx: DbTx,
  lot: { userId: string; ledgerEntryId: string; amount: Prisma.Decimal; expiresAt: Date },
): Promise<void> {
  await tx.creditLot.create({
    data: {
      userId: lot.userId,
      ledgerEntryId: lot.ledgerEntryId,
      amount: lot.amount,
      remaining: lot.amount,
      expiresAt: lot.expiresAt,
    },
  });
}

/**
 * `spent` credit out of the player's lots, soonest expiry first. The caller holds the player's row
 * lock (the ledger statement took it), so this statement's snapshot sees every earlier spend.
 */
export async function consumeCreditLots(tx: DbTx, userId: string, spent: Prisma.Decimal): Promise<void> {
  await tx.$executeRaw`
    UPDATE "CreditLot" l
    SET "remaining" = LEAST(l."remaining", GREATEST(0, o.upto - ${spent}::numeric)), "updatedAt" = now()
    FROM (SELECT "id", SUM("remaining") OVER (ORDER BY "expiresAt", "id") AS upto
          FROM "CreditLot" WHERE "userId" = ${userId} AND "remaining" > 0) o
    WHERE l."id" = o."id" AND o.upto - l."remaining" < ${spent}::numeric`;
}
