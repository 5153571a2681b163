/**
 * The `credits.expire` job's work (docs/payments.md "Cash and credit"): what is left of each expired
 * credit lot (services/kernel/credit-lots.ts) leaves the player's credit balance once.
 */
import { Prisma } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import type { Db } from "../../platform/db";
import { logger } from "../../platform/logger";
import { applyBalanceChange } from "./ledger";
import { notify } from "./notifications";

/**
 * Takes what is left of expired lots off their players' credit, once per lot (the unique ledger
 * reference and the conditional UPDATE of the lot guard it); each player is told. A batch at a time;
 * returns how many lots expired.
 */
export async function expireCreditLots(db: Db, now = new Date(), batch = 200): Promise<number> {
  const due = await db.creditLot.findMany({
    where: { expiresAt: { lte: now }, remaining: { gt: 0 } },
    orderBy: { expiresAt: "asc" },
    take: batch,
    select: { id: true, userId: true },
  });
  let expired = 0;
  for (const lot of due) {
    const taken = await db.$transaction(async (tx) => {
      // The player's row first (the order every spend takes), then what is left of the lot.
      const [u] = await tx.$queryRaw<{ creditBalance: Prisma.Decimal }[]>`
        SELECT "creditBalance" FROM "User" WHERE "id" = ${lot.userId} FOR UPDATE`;
      const [l] = await tx.$queryRaw<{ remaining: Prisma.Decimal }[]>`
        SELECT "remaining" FROM "CreditLot" WHERE "id" = ${lot.id} AND "remaining" > 0 AND "expiresAt" <= ${now} FOR UPDATE`;
      if (!u || !l) return null;
      await tx.creditLot.update({ where: { id: lot.id }, data: { remaining: 0 } });
      const take = Prisma.Decimal.min(new Prisma.Decimal(l.remaining), new Prisma.Decimal(u.creditBalance));
      if (take.lte(0)) return null;
      await applyBalanceChange(tx, {
        userId: lot.userId,
        amount: take.negated(),
        kind: "credit_expiry",
        reference: lot.id,
        note: "Site credit expired",
      });
      await notify(tx, lot.userId, {
        type: "warning",
        title: "Site Credit Expired",
        message: `$${moneyString(take)} of site credit reached its expiry date unspent and has been removed from your balance.`,
      });
      return take;
    });
    if (taken) expired++;
  }
  if (expired) logger.info({ expired }, "credit lots expired");
  return expired;
}
