/** Test-only ticket purchases (the cart area owns the real one): stock bump, entry and ledger debit in one transaction. */
import type { Contest, TicketEntry, User } from "../../src/generated/prisma/client";
import { Prisma } from "../../src/generated/prisma/client";
import type { Db } from "../../src/server/platform/db";
import { applyBalanceChange } from "../../src/server/services/kernel";

export async function buyTickets(db: Db, user: User, contest: Contest, count: number): Promise<TicketEntry> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ soldTickets: number; ticketPrice: Prisma.Decimal }[]>`
      UPDATE "Contest" SET "soldTickets" = "soldTickets" + ${count}
      WHERE "id" = ${contest.id} AND "status" = 'active'
        AND ("maxTickets" IS NULL OR "soldTickets" + ${count} <= "maxTickets")
      RETURNING "soldTickets", "ticketPrice"`;
    const row = rows[0];
    if (!row) throw new Error("sold out or not active");
    const total = new Prisma.Decimal(row.ticketPrice).mul(count);
    const entry = await tx.ticketEntry.create({
      data: {
        userId: user.id,
        contestId: contest.id,
        ticketCount: count,
        firstTicket: row.soldTickets - count + 1,
        lastTicket: row.soldTickets,
        totalAmount: total,
      },
    });
    await applyBalanceChange(tx, { userId: user.id, amount: total.neg(), kind: "purchase", reference: entry.id });
    return entry;
  });
}
