/**
 * The buyer as a checkout sees them: one locked read of the player's row with what the spend-limit
 * rules need (LimitRow, src/server/services/safer-play/responsible-play.ts) and what the receipt needs
 * (RecipientRow, src/server/mail/outbox.ts). Checkout (src/server/services/checkout/purchases.ts) takes the
 * buyer only from here; a rule that needs another column of the buyer adds it here.
 */
import type { DbTx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { RECIPIENT_COLUMNS, RECIPIENT_JOIN, type RecipientRow } from "../../mail/outbox";
import { LIMIT_ROW_COLUMNS, type LimitRow } from "../safer-play";

export type Buyer = LimitRow & RecipientRow;

/**
 * The buyer's row, locked (FOR UPDATE OF "User") until the checkout commits: the spend limits are
 * checked and the balance is debited under this one lock, so two checkouts of one player queue.
 */
export async function lockBuyer(tx: DbTx, userId: string): Promise<Buyer> {
  const rows = await tx.$queryRaw<Buyer[]>`
    SELECT ${LIMIT_ROW_COLUMNS}, ${RECIPIENT_COLUMNS}
    FROM "User" ${RECIPIENT_JOIN}
    WHERE "User"."id" = ${userId}
    FOR UPDATE OF "User"`;
  if (!rows[0]) throw notFound("User not found");
  return rows[0];
}
