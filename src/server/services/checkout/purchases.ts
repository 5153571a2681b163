/**
 * Buying tickets. One transaction buys the whole cart or nothing:
 *  1. prices come from the database, never from the client;
 *  2. the balance is debited per line through the ledger (a short balance rolls everything back);
 *  3. each line takes its tickets with one conditional UPDATE on the contest (active, before its
 *     end date, enough left, price unchanged) that also writes the entry: the new soldTickets gives
 *     the line a consecutive ticket range, and the row lock serialises buyers of that contest;
 *  4. the optional per-player cap is checked under that lock (so it cannot be raced past).
 * Contests are taken last and in id order: the hot locks are held shortest and never deadlock.
 */
import type { z } from "zod";
import type { checkoutOutput, entryReceipt, purchaseOutput } from "@/shared/schemas/responses";
import type { Prisma } from "@/generated/prisma/client";
import { logger } from "../../platform/logger";
import { drawIfSoldOut } from "../draws";
import { ownRowsPage, SORT_KEY, applyBalanceChange, InsufficientBalanceError } from "../kernel";
import type { PageQuery } from "@/shared/schemas/paging";
import { randomUUID } from "node:crypto";
import type { CartLine } from "@/shared/schemas/cart";
import { CART_MESSAGES } from "@/shared/schemas/cart";
import type { Db, DbTx } from "../../platform/db";
import { badRequest, conflict } from "../../platform/errors";
import { moneyString, priceString, toDecimal } from "@/shared/money";
import { entryOutcome, entryStatusKind, purchaseBlocker } from "@/shared/purchase-rules";
import { queueReceipt } from "../../mail/events";
import { lockBuyer } from "./buyer";
import { checkSpending } from "../safer-play";
import { checkSkillAnswers, gateSkillAnswers } from "./skill-question";
import { allocateTickets, checkPickLine, entryIdsFor, whyNot } from "../tickets";
import { duplicatesOf, PICK_MESSAGES } from "@/shared/ticket-picking";
import { awardInstantWins } from "./instant-wins";
import { applyPricing, pricingOfEntries } from "./pricing";
import { receiptFields, signReceipts } from "../receipts";
import { RECEIPT_VERSION, type SignedReceipt } from "@/shared/receipts";

export type PurchasedLine = z.output<typeof entryReceipt>;

/** A purchased line with its signed receipt (src/shared/receipts.ts; docs/fair-play.md "Signed receipts"). */
export type ReceiptedLine = CheckoutResult["entries"][number];

export type CheckoutResult = z.output<typeof checkoutOutput>;

/** One line of GET /api/user/purchases: docs/product.md §3 Purchase/entry plus the ticket numbers. */
export type PurchaseEntry = z.output<typeof purchaseOutput>;

/** Interactive transactions wait their turn under load instead of failing fast (Prisma's 2 s / 5 s defaults). */
export const PURCHASE_TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

/** Same contest twice in one cart is one line; lines sorted by id fix the lock order. */
export function normaliseLines(items: CartLine[]): CartLine[] {
  if (items.length === 0) throw badRequest(CART_MESSAGES.emptyCart);
  const merged = new Map<string, CartLine>();
  for (const { contestId, quantity, ticketNumbers } of items) {
    const prev = merged.get(contestId);
    const numbers = [...(prev?.ticketNumbers ?? []), ...(ticketNumbers ?? [])];
    merged.set(contestId, {
      contestId,
      quantity: (prev?.quantity ?? 0) + quantity,
      ...(numbers.length ? { ticketNumbers: numbers } : {}),
    });
  }
  const picked = [...merged.values()].flatMap((l) => duplicatesOf(l.ticketNumbers ?? []));
  if (picked.length) throw badRequest(PICK_MESSAGES.duplicates(picked));
  // answerIndex is checked on the original lines (checkSkillAnswers); merged lines carry none.
  return [...merged.values()].sort((a, b) => (a.contestId < b.contestId ? -1 : a.contestId > b.contestId ? 1 : 0));
}

/**
 * Runs inside the caller's transaction. Order: read prices (no lock) → debit the balance per line
 * through the ledger (the buyer's own row) → queue the receipt → take the tickets of each contest
 * in id order (the hot rows, last, so their locks are held shortest; one fixed order, so no
 * deadlock). Also gives the contests this checkout sold out (to be drawn after commit).
 */
export async function purchaseInTx(
  tx: DbTx,
  userId: string,
  items: CartLine[],
  promoCode?: string,
): Promise<{ result: CheckoutResult; soldOut: string[] }> {
  const lines = normaliseLines(items);
  const found = await tx.contest.findMany({
    where: { id: { in: lines.map((l) => l.contestId) } },
    select: {
      id: true,
      ticketPrice: true,
      title: true,
      maxTicketsPerUser: true,
      status: true,
      endDate: true,
      soldTickets: true,
      maxTickets: true,
      skillQuestion: true,
      drawSeedHash: true,
      pickNumbers: true,
      bundleTiers: true, // read by applyPricing (./pricing.ts)
    },
  });
  checkSkillAnswers(found, items); // fair play: before any money moves (docs/fair-play.md)
  const byId = new Map(found.map((c) => [c.id, c]));
  const priced = [];
  for (const line of lines) {
    const c = byId.get(line.contestId);
    if (!c) throw await whyNot(tx, line.contestId, line.quantity);
    // The reason the contest page shows wins over "Insufficient Balance" (an unlocked read: the
    // conditional UPDATE below stays the authority).
    const blocker = purchaseBlocker(c, line.quantity);
    if (blocker) throw conflict(blocker.message(c.title));
    checkPickLine(c, line); // pick your numbers (services/tickets/allocation.ts)
    const price = toDecimal(c.ticketPrice);
    const entryIds = entryIdsFor(c, line.quantity, randomUUID);
    priced.push({ line, c, price, amount: price.mul(line.quantity), entryId: entryIds[0] as string, entryIds });
  }

  // Responsible play: self-exclusion, age declaration and spend limits, under the player's row
  // lock, taken by the one read of the buyer (their limits and what their receipt needs).
  const buyer = await lockBuyer(tx, userId);
  // Bundle tiers and the promo code set each line's amount (docs/payments.md "Prices, bundles and promo codes").
  const pricing = await applyPricing(tx, userId, priced, promoCode);
  await checkSpending(
    tx,
    userId,
    buyer,
    priced.reduce((sum, p) => sum.add(p.amount), toDecimal(0)),
  );

  let total = toDecimal(0);
  let balance = toDecimal(0);
  // Site credit is spent first, then cash (the ledger's `credit_first`, services/kernel/ledger.ts);
  // each line remembers its credit part so a refund returns each part to where it came from.
  const creditParts = new Map<string, Prisma.Decimal>();
  for (const p of priced) {
    const moved = await applyBalanceChange(tx, {
      userId,
      amount: p.amount.neg(),
      kind: "purchase",
      reference: p.entryId,
      note: `${p.line.quantity} × ${p.c.title}`,
    });
    balance = moved.balance;
    creditParts.set(p.entryId, moved.credit.neg());
    total = total.add(p.amount);
  }

  // The receipt commits (or rolls back) with the purchase. Queued before the tickets are taken
  // (its numbers are read from the entries when it is read): nothing else runs under the contests'
  // row locks.
  await queueReceipt(tx, buyer, {
    entries: priced.map((p) => ({
      contestId: p.line.contestId,
      contestTitle: p.c.title,
      ticketCount: p.line.quantity,
      entryIds: p.entryIds,
      totalAmount: moneyString(p.amount),
      drawSeedHash: p.c.drawSeedHash,
    })),
    totalAmount: moneyString(total),
    balance: moneyString(balance),
    pricing,
  });

  const entries: PurchasedLine[] = [];
  const soldOut: string[] = [];
  for (const p of priced) {
    // The line's amount after bundle and promo savings (./pricing.ts set p.amount).
    const taken = await allocateTickets(tx, userId, p.line, p.c, p.entryIds, p.amount, {
      creditPart: creditParts.get(p.entryId),
    });
    if (taken.soldOut) soldOut.push(p.line.contestId);
    for (const { amount, ...e } of taken.entries) {
      entries.push({
        ...e,
        contestId: p.line.contestId,
        contestTitle: p.c.title,
        ticketPrice: priceString(p.price) ?? "0.00",
        totalAmount: moneyString(amount),
      });
    }
  }
  // Each entry's receipt is signed with the operator's key once its numbers are known (kept for the e-mail).
  const receipts = await signReceipts(tx, entries);
  // Instant wins: booked in this transaction, once the tickets are numbered (docs/contests.md).
  const instant = await awardInstantWins(tx, userId, entries);
  const result = {
    message: "All tickets have been purchased and added to your account",
    entries: entries.map((e) => ({ ...e, receipt: receipts.get(e.entryId) as SignedReceipt })),
    totalAmount: moneyString(total),
    balance: moneyString(instant.balance ?? balance),
    instantWins: instant.wins,
    pricing,
  };
  return { result, soldOut };
}

/**
 * What a caller other than the cart (auto-entry's job, services/retention/auto-entry.ts) writes in
 * the purchase's own transaction: `before` runs first (its unique row keeps a job's run to one
 * purchase), `after` sees the result (a throw from either rolls the whole purchase back).
 */
export type CheckoutHooks = {
  before?: (tx: DbTx) => Promise<void>;
  after?: (tx: DbTx, result: CheckoutResult) => Promise<void>;
};

/** The whole cart or nothing. */
export async function checkout(
  db: Db,
  userId: string,
  items: CartLine[],
  promoCode?: string,
  hooks: CheckoutHooks = {},
): Promise<CheckoutResult> {
  normaliseLines(items); // 'Your cart is empty' before opening a transaction
  await gateSkillAnswers(db, userId, items); // counted and recorded outside the transaction (it may roll back)
  let purchase: Awaited<ReturnType<typeof purchaseInTx>>;
  try {
    purchase = await db.$transaction(async (tx) => {
      await hooks.before?.(tx);
      const done = await purchaseInTx(tx, userId, items, promoCode);
      await hooks.after?.(tx, done.result);
      return done;
    }, PURCHASE_TX_OPTIONS);
  } catch (e) {
    if (e instanceof InsufficientBalanceError) throw conflict(CART_MESSAGES.insufficientBalance);
    throw e;
  }
  // Counts on every open card follow the sale: the "Contest" trigger sends the `contests` event.
  // The sale that sold a contest out draws it now (after commit; the scheduler is the safety net).
  for (const contestId of purchase.soldOut) {
    await drawIfSoldOut(db, contestId).catch((err: unknown) => logger.error({ err, contestId }, "draw after sell-out failed"));
  }
  return purchase.result;
}

/** POST /api/cart/add: one line, same rules, same single transaction. */
export function addToCart(db: Db, userId: string, line: CartLine, promoCode?: string): Promise<CheckoutResult> {
  return checkout(db, userId, [line], promoCode);
}

/** GET /api/user/purchases: newest first, a keyset page (default 50; `cursor` = the last entryId seen). */
export async function listPurchases(
  db: DbTx,
  userId: string,
  q: PageQuery & { contestId?: string } = {},
): Promise<PurchaseEntry[]> {
  const page = await ownRowsPage(q, userId, (where) => db.ticketEntry.findFirst({ where, select: SORT_KEY }));
  const rows = await db.ticketEntry.findMany({
    ...page,
    // "My tickets were in the draw" pages through one contest's entries (src/components/contests/MyEntryProofs.tsx).
    where: { ...page.where, ...(q.contestId ? { contestId: q.contestId } : {}) },
    include: {
      contest: {
        select: {
          id: true,
          title: true,
          imageUrl: true,
          status: true,
          endDate: true,
          winnerId: true,
          winningTicket: true,
          drawnAt: true,
        },
      },
    },
  });
  const ids = rows.map((e) => e.id);
  const [pricing, online, instant, signatures] = await Promise.all([
    pricingOfEntries(db, ids),
    ids.length
      ? db.onlineFreeEntry.findMany({ where: { entryId: { in: ids } }, select: { entryId: true } })
      : Promise.resolve([]),
    ids.length
      ? db.instantPrize.findMany({
          // By contest first: (contestId, winningTicket) is indexed, entryId is not.
          where: { contestId: { in: [...new Set(rows.map((e) => e.contestId))] }, entryId: { in: ids }, winnerId: userId },
          select: { entryId: true, label: true, winningTicket: true, kind: true },
          orderBy: { winningTicket: "asc" },
        })
      : Promise.resolve([]),
    ids.length ? db.receiptSignature.findMany({ where: { entryId: { in: ids } } }) : Promise.resolve([]),
  ]);
  const signedBy = new Map(signatures.map((r) => [r.entryId, r]));
  const onlineIds = new Set(online.map((o) => o.entryId));
  const winsOf = (entryId: string) =>
    instant.filter((w) => w.entryId === entryId).map((w) => ({ label: w.label, ticket: w.winningTicket, kind: w.kind }));
  return rows.map((e) => {
    const ended = e.contest.status !== "active";
    return {
      entryId: e.id,
      contestId: e.contestId,
      contestTitle: e.contest.title,
      contestImage: e.contest.imageUrl,
      ticketCount: e.ticketCount,
      totalAmount: moneyString(e.totalAmount),
      paidWithCredit: moneyString(e.creditAmount),
      entryDate: e.createdAt,
      contestStatus: ended ? "ended" : "active",
      contestEndDate: e.contest.endDate,
      // docs/product.md: "the winner's user id once ended", which the player's screen compares with
      // their own: given only to the winner (their own id); another player's id is never sent.
      result: ended && e.contest.winnerId === userId ? userId : null,
      status: entryStatusKind({
        result: entryOutcome(e, e.contest),
        contestStatus: e.contest.status,
        contestEndDate: e.contest.endDate,
      }),
      firstTicket: e.firstTicket,
      lastTicket: e.lastTicket,
      winningTicket: ended ? e.contest.winningTicket : null,
      freeEntry: e.freeEntry,
      onlineFreeEntry: onlineIds.has(e.id),
      instantWins: winsOf(e.id),
      pricing: pricing.get(e.id) ?? null,
      receipt: storedReceipt(e, signedBy.get(e.id)),
    };
  });
}

/** An entry's receipt as it was signed at purchase (the signed fields are the entry's own); null when it has none. */
function storedReceipt(
  e: { id: string; contestId: string; firstTicket: number; lastTicket: number; totalAmount: { toFixed(n: number): string } },
  sig: { keyId: string; issuedAt: Date; signature: string } | undefined,
): SignedReceipt | null {
  if (!sig) return null;
  const fields = receiptFields(
    {
      entryId: e.id,
      contestId: e.contestId,
      firstTicket: e.firstTicket,
      lastTicket: e.lastTicket,
      totalAmount: e.totalAmount.toFixed(3),
    },
    sig.issuedAt,
  );
  return { version: RECEIPT_VERSION, ...fields, keyId: sig.keyId, signature: sig.signature };
}
