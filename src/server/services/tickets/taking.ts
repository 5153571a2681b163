/**
 * Taking tickets under the contest's row lock: the one conditional UPDATE that numbers a consecutive
 * line and writes its entry (takeTickets), the reason it took nothing (whyNot), and the per-player
 * cap checked under that lock (checkPlayerCap). Used by the one allocation function
 * (./allocation.ts) and by checkout (../checkout/purchases.ts).
 */
import type { Prisma } from "@/generated/prisma/client";
import { purchaseBlocker } from "@/shared/purchase-rules";
import type { CartLine } from "@/shared/schemas/cart";
import type { DbTx } from "../../platform/db";
import { conflict, type DomainError, notFound } from "../../platform/errors";

export type Priced = { id: string; ticketPrice: Prisma.Decimal; title: string; maxTicketsPerUser: number | null };

/** Explains why the conditional UPDATE took nothing: missing, ended, price changed, or not enough left. */
export async function whyNot(tx: DbTx, contestId: string, quantity: number, price?: Prisma.Decimal): Promise<DomainError> {
  const c = await tx.contest.findUnique({
    where: { id: contestId },
    select: { title: true, status: true, endDate: true, soldTickets: true, maxTickets: true, ticketPrice: true },
  });
  if (!c) return notFound("Contest not found");
  // The same rule the contest page shows (src/shared/purchase-rules.ts).
  const blocker = purchaseBlocker(c, quantity);
  if (blocker) return conflict(blocker.message(c.title));
  if (price && !c.ticketPrice.equals(price)) return conflict(`The ticket price of ${c.title} has changed, please try again`);
  return conflict(`Could not reserve tickets for ${c.title}, please try again`);
}

/**
 * Takes the tickets and records the entry in ONE statement, so the contest's row lock (the only
 * hot lock: every buyer of the contest needs it) is held just for this statement and the commit.
 * It also says whether this sale sold the contest out.
 */
export async function takeTickets(
  tx: DbTx,
  userId: string,
  line: CartLine,
  c: Priced,
  entryId: string,
  amount: Prisma.Decimal,
  /** The part of `amount` paid with site credit (a refund returns it as credit). */
  creditPart: Prisma.Decimal | number = 0,
): Promise<{ firstTicket: number; lastTicket: number; soldOut: boolean }> {
  const rows = await tx.$queryRaw<{ firstTicket: number; lastTicket: number; soldOut: boolean }[]>`
    WITH taken AS (
      UPDATE "Contest" SET "soldTickets" = "soldTickets" + ${line.quantity}, "updatedAt" = now()
      WHERE "id" = ${line.contestId} AND "status" = 'active'
        AND ("endDate" IS NULL OR "endDate" > now())
        AND ("maxTickets" IS NULL OR "soldTickets" + ${line.quantity} <= "maxTickets")
        AND "ticketPrice" = ${c.ticketPrice}::numeric
      RETURNING "soldTickets", "maxTickets"
    ),
    entry AS (
      INSERT INTO "TicketEntry" ("id", "userId", "contestId", "ticketCount", "firstTicket", "lastTicket", "totalAmount", "creditAmount")
      SELECT ${entryId}, ${userId}, ${line.contestId}, ${line.quantity}::int,
             taken."soldTickets" - ${line.quantity}::int + 1, taken."soldTickets", ${amount}::numeric, ${creditPart}::numeric
      FROM taken
      RETURNING "firstTicket", "lastTicket"
    )
    SELECT entry."firstTicket", entry."lastTicket",
           (taken."maxTickets" IS NOT NULL AND taken."soldTickets" >= taken."maxTickets") AS "soldOut"
    FROM entry, taken`;
  const row = rows[0];
  if (!row) throw await whyNot(tx, line.contestId, line.quantity, c.ticketPrice);
  await checkPlayerCap(tx, userId, line.contestId, line.quantity, c);
  return row;
}

/** The optional per-player cap, checked after this line's entries are written (under the contest's row lock). */
export async function checkPlayerCap(tx: DbTx, userId: string, contestId: string, quantity: number, c: Priced): Promise<void> {
  if (c.maxTicketsPerUser === null) return;
  // We now hold the contest's row lock until commit, so every other purchase in this contest has
  // either committed (its entry is visible to this new statement) or waits behind us.
  const held = await tx.ticketEntry.aggregate({
    where: { contestId, userId },
    _sum: { ticketCount: true },
  });
  const have = (held._sum.ticketCount ?? 0) - quantity; // minus the entries just written
  if (have + quantity > c.maxTicketsPerUser) {
    const room = Math.max(0, c.maxTicketsPerUser - have);
    throw conflict(
      `Ticket limit reached: at most ${c.maxTicketsPerUser} tickets per player for ${c.title} (you can buy ${room} more)`,
    );
  }
}
