/**
 * Buying tickets. One transaction buys the whole cart or nothing:
 *  1. each line takes its tickets with one conditional UPDATE on the contest (active, before its
 *     end date, enough left); the new soldTickets gives the line a consecutive ticket range, and the
 *     row lock it takes serialises buyers of that contest until commit;
 *  2. the optional per-player cap is checked under that lock (so it cannot be raced past);
 *  3. price comes from the database, never from the client;
 *  4. after every contest is taken (in a fixed id order, so two carts cannot deadlock), the balance
 *     is debited per line through the ledger; a short balance rolls everything back.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { CartLine } from "@/shared/schemas/cart";
import { CART_MESSAGES } from "@/shared/schemas/cart";
import type { Db, DbTx } from "../db";
import { badRequest, conflict, type DomainError, notFound } from "../errors";
import { amountString, priceString, toDecimal } from "../money";
import { applyBalanceChange, InsufficientBalanceError } from "./ledger";

export type PurchasedLine = {
  entryId: string;
  contestId: string;
  contestTitle: string;
  ticketCount: number;
  firstTicket: number;
  lastTicket: number;
  ticketPrice: string;
  totalAmount: string;
};

export type CheckoutResult = {
  message: string;
  entries: PurchasedLine[];
  totalAmount: string;
  /** The buyer's balance after the purchase. */
  balance: string;
};

/** One line of GET /api/user/purchases: SPEC.md section 3 Purchase/entry plus the ticket numbers. */
export type PurchaseEntry = {
  entryId: string;
  contestId: string;
  contestTitle: string;
  contestImage: string | null;
  ticketCount: number;
  totalAmount: string;
  entryDate: Date;
  contestStatus: "active" | "ended";
  contestEndDate: Date | null;
  /** Winner's user id once the contest has ended and been drawn, else null. */
  result: string | null;
  firstTicket: number;
  lastTicket: number;
  winningTicket: number | null;
};

/** Interactive transactions wait their turn under load instead of failing fast (Prisma's 2 s / 5 s defaults). */
export const PURCHASE_TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

/** Same contest twice in one cart is one line; lines sorted by id fix the lock order. */
export function normaliseLines(items: CartLine[]): CartLine[] {
  if (items.length === 0) throw badRequest(CART_MESSAGES.emptyCart);
  const merged = new Map<string, number>();
  for (const { contestId, quantity } of items) merged.set(contestId, (merged.get(contestId) ?? 0) + quantity);
  return [...merged.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([contestId, quantity]) => ({ contestId, quantity }));
}

type Taken = { soldTickets: number; ticketPrice: Prisma.Decimal; title: string; maxTicketsPerUser: number | null };

/** Explains why the conditional UPDATE took nothing: missing, ended, or not enough tickets left. */
async function whyNot(tx: DbTx, contestId: string, quantity: number): Promise<DomainError> {
  const c = await tx.contest.findUnique({
    where: { id: contestId },
    select: { title: true, status: true, endDate: true, soldTickets: true, maxTickets: true },
  });
  if (!c) return notFound("Contest not found");
  if (c.status !== "active" || (c.endDate && c.endDate.getTime() <= Date.now())) {
    return conflict(`Contest has ended: ${c.title}`);
  }
  const left = c.maxTickets === null ? null : Math.max(0, c.maxTickets - c.soldTickets);
  if (left === 0) return conflict(`Sold out: ${c.title}`);
  if (left !== null && left < quantity) {
    return conflict(`Sold out: only ${left} ticket${left === 1 ? "" : "s"} left for ${c.title}`);
  }
  // The row changed between the UPDATE and this read (e.g. ended just now): retryable.
  return conflict(`Could not reserve tickets for ${c.title}, please try again`);
}

async function takeTickets(tx: DbTx, userId: string, line: CartLine): Promise<{ taken: Taken; firstTicket: number }> {
  const rows = await tx.$queryRaw<Taken[]>`
    UPDATE "Contest" SET "soldTickets" = "soldTickets" + ${line.quantity}, "updatedAt" = now()
    WHERE "id" = ${line.contestId} AND "status" = 'active'
      AND ("endDate" IS NULL OR "endDate" > now())
      AND ("maxTickets" IS NULL OR "soldTickets" + ${line.quantity} <= "maxTickets")
    RETURNING "soldTickets", "ticketPrice", "title", "maxTicketsPerUser"`;
  const taken = rows[0];
  if (!taken) throw await whyNot(tx, line.contestId, line.quantity);
  if (taken.maxTicketsPerUser !== null) {
    // We hold the contest's row lock until commit, so every other purchase in this contest has
    // either committed (its entry is visible to this statement) or waits behind us.
    const held = await tx.ticketEntry.aggregate({
      where: { contestId: line.contestId, userId },
      _sum: { ticketCount: true },
    });
    const have = held._sum.ticketCount ?? 0;
    if (have + line.quantity > taken.maxTicketsPerUser) {
      const room = Math.max(0, taken.maxTicketsPerUser - have);
      throw conflict(
        `Ticket limit reached: at most ${taken.maxTicketsPerUser} tickets per player for ${taken.title}` +
          ` (you can buy ${room} more)`,
      );
    }
  }
  return { taken, firstTicket: taken.soldTickets - line.quantity + 1 };
}

/** Runs inside the caller's transaction. */
export async function purchaseInTx(tx: DbTx, userId: string, items: CartLine[]): Promise<CheckoutResult> {
  const lines = normaliseLines(items);
  const reserved: { line: CartLine; taken: Taken; firstTicket: number }[] = [];
  for (const line of lines) reserved.push({ line, ...(await takeTickets(tx, userId, line)) });

  const entries: PurchasedLine[] = [];
  let total = toDecimal(0);
  let balance = toDecimal(0);
  for (const { line, taken, firstTicket } of reserved) {
    const price = toDecimal(taken.ticketPrice);
    const amount = price.mul(line.quantity);
    const entry = await tx.ticketEntry.create({
      data: {
        userId,
        contestId: line.contestId,
        ticketCount: line.quantity,
        firstTicket,
        lastTicket: firstTicket + line.quantity - 1,
        totalAmount: amount,
      },
    });
    balance = await applyBalanceChange(tx, {
      userId,
      amount: amount.neg(),
      kind: "purchase",
      reference: entry.id,
      note: `${line.quantity} × ${taken.title} (#${entry.firstTicket}–#${entry.lastTicket})`,
    });
    total = total.add(amount);
    entries.push({
      entryId: entry.id,
      contestId: line.contestId,
      contestTitle: taken.title,
      ticketCount: entry.ticketCount,
      firstTicket: entry.firstTicket,
      lastTicket: entry.lastTicket,
      ticketPrice: priceString(price) ?? "0.00",
      totalAmount: amountString(amount),
    });
  }
  return {
    message: "All tickets have been purchased and added to your account",
    entries,
    totalAmount: amountString(total),
    balance: amountString(balance),
  };
}

/** The whole cart or nothing. */
export async function checkout(db: Db, userId: string, items: CartLine[]): Promise<CheckoutResult> {
  normaliseLines(items); // 'Your cart is empty' before opening a transaction
  try {
    return await db.$transaction((tx) => purchaseInTx(tx, userId, items), PURCHASE_TX_OPTIONS);
  } catch (e) {
    if (e instanceof InsufficientBalanceError) throw conflict(CART_MESSAGES.insufficientBalance);
    throw e;
  }
}

/** POST /api/cart/add: one line, same rules, same single transaction. */
export function addToCart(db: Db, userId: string, line: CartLine): Promise<CheckoutResult> {
  return checkout(db, userId, [line]);
}

export async function listPurchases(db: DbTx, userId: string): Promise<PurchaseEntry[]> {
  const rows = await db.ticketEntry.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: {
      contest: {
        select: { id: true, title: true, imageUrl: true, status: true, endDate: true, winnerId: true, winningTicket: true },
      },
    },
  });
  return rows.map((e) => {
    const ended = e.contest.status !== "active";
    return {
      entryId: e.id,
      contestId: e.contestId,
      contestTitle: e.contest.title,
      contestImage: e.contest.imageUrl,
      ticketCount: e.ticketCount,
      totalAmount: amountString(e.totalAmount),
      entryDate: e.createdAt,
      contestStatus: ended ? "ended" : "active",
      contestEndDate: e.contest.endDate,
      result: ended ? e.contest.winnerId : null,
      firstTicket: e.firstTicket,
      lastTicket: e.lastTicket,
      winningTicket: ended ? e.contest.winningTicket : null,
    };
  });
}
