/**
 * What a checkout costs: bundle tiers per line and an optional promo code, computed by
 * src/shared/pricing.ts from the database's prices and applied inside the checkout's transaction
 * (src/server/services/checkout/purchases.ts calls `applyPricing` once, under the buyer's row lock).
 *
 * A promo code's use is taken by ONE conditional UPDATE (`usedCount < maxUses`), so its last use
 * goes to exactly one checkout however many race for it; the per-player limit and the first-purchase
 * rule are counted under the buyer's row lock, which serialises that player's checkouts. Each line's
 * breakdown is written to "EntryPricing" (keyed by the entry id) in the same transaction.
 */
import { linkedAccounts } from "../accounts";
import type { z } from "zod";
import type { priceBreakdownOutput } from "@/shared/schemas/responses";
import type { Prisma } from "@/generated/prisma/client";
import { type Decimal, isPositive, isZero, moneyString, toDecimal } from "@/shared/money";
import {
  type BundleTier,
  type CartPrice,
  isPromoProblem,
  PROMO_MESSAGES,
  type PriceLineInput,
  type PromoTerms,
  priceCart,
} from "@/shared/pricing";
import type { CartLine } from "@/shared/schemas/cart";
import { bundleTiersSchema } from "@/shared/schemas/pricing";
import type { DbTx } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { consumeOrThrow, type RateRule } from "../../security/rate-limit";
import { valueById } from "../kernel";

/** The price breakdown a checkout answers with and the receipt shows. */
export type PriceBreakdown = z.output<typeof priceBreakdownOutput>;

/** Stored tiers, or none when absent or unreadable (the admin input is checked on write). */
export function bundleTiersOf(value: unknown): BundleTier[] {
  const parsed = bundleTiersSchema.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

type PromoRow = Prisma.PromoCodeGetPayload<object>;

function termsOf(p: PromoRow): PromoTerms {
  return {
    code: p.code,
    kind: p.kind === "fixed" ? "fixed" : "percent",
    percentOff: p.percentOff,
    amountOff: p.amountOff === null ? null : p.amountOff.toString(),
    minSpend: p.minSpend === null ? null : p.minSpend.toString(),
    contestId: p.contestId,
  };
}

/**
 * The code, if this player may use it now (window, disabled, total and per-player uses, first
 * purchase). At checkout the caller holds the buyer's row lock, so the per-player counts are final;
 * the total is re-checked by the claim's conditional UPDATE.
 */
async function usablePromo(tx: DbTx, userId: string, code: string, now: Date): Promise<PromoRow> {
  const p = await tx.promoCode.findUnique({ where: { code } });
  if (!p) throw badRequest(PROMO_MESSAGES.unknown);
  if (p.disabledAt) throw badRequest(PROMO_MESSAGES.disabled);
  if (p.startsAt && p.startsAt > now) throw badRequest(PROMO_MESSAGES.notYet);
  if (p.endsAt && p.endsAt <= now) throw badRequest(PROMO_MESSAGES.expired);
  if (p.maxUses !== null && p.usedCount >= p.maxUses) throw conflict(PROMO_MESSAGES.usedUp);
  if (p.maxUsesPerPlayer !== null) {
    const mine = await tx.promoRedemption.count({ where: { promoCodeId: p.id, userId } });
    if (mine >= p.maxUsesPerPlayer) throw conflict(PROMO_MESSAGES.perPlayer);
    // One person, several accounts (a shared device or payout address): the linked accounts' uses count too.
    const linked = await linkedAccounts(tx, userId);
    if (linked.length) {
      const theirs = await tx.promoRedemption.count({ where: { promoCodeId: p.id, userId: { in: [userId, ...linked] } } });
      if (theirs >= p.maxUsesPerPlayer) throw conflict(PROMO_MESSAGES.linkedAccount);
    }
  }
  if (p.firstPurchaseOnly) {
    const bought = await tx.ticketEntry.count({ where: { userId, freeEntry: false } });
    if (bought > 0) throw badRequest(PROMO_MESSAGES.firstPurchase);
  }
  return p;
}

function price(inputs: PriceLineInput[], promo: PromoRow | null): CartPrice {
  const result = priceCart(inputs, promo ? termsOf(promo) : null);
  if (isPromoProblem(result)) throw badRequest(result.message);
  return result;
}

function breakdown(p: CartPrice, code: string | null): PriceBreakdown {
  return {
    subtotal: moneyString(p.subtotal),
    bundleSaving: moneyString(p.bundleSaving),
    promoSaving: moneyString(p.promoSaving),
    promoCode: code,
    total: moneyString(p.total),
  };
}

/** A checkout line as purchases.ts prices it (its contest row read with bundleTiers); `amount` is replaced by what the line pays. */
export type PricedItem = { line: CartLine; entryId: string; price: Decimal; amount: Decimal; c: { bundleTiers: unknown } };

/**
 * Prices the checkout's lines in its transaction: bundle tiers, then the promo code (its use taken
 * here, once), and records each line's breakdown. Call it under the buyer's row lock, before the
 * balance is debited with the amounts it sets.
 */
export async function applyPricing(
  tx: DbTx,
  userId: string,
  items: PricedItem[],
  promoCode: string | null | undefined,
): Promise<PriceBreakdown> {
  const promo = promoCode ? await usablePromo(tx, userId, promoCode, new Date()) : null;
  const priced = price(
    items.map((p) => ({
      contestId: p.line.contestId,
      unitPrice: p.price,
      quantity: p.line.quantity,
      tiers: bundleTiersOf(p.c.bundleTiers),
    })),
    promo,
  );
  if (promo) {
    const taken = await tx.$executeRaw`
      UPDATE "PromoCode" SET "usedCount" = "usedCount" + 1
      WHERE "id" = ${promo.id} AND "disabledAt" IS NULL AND ("maxUses" IS NULL OR "usedCount" < "maxUses")`;
    if (taken !== 1) throw conflict(PROMO_MESSAGES.usedUp);
    await tx.promoRedemption.create({ data: { promoCodeId: promo.id, userId, discount: priced.promoSaving } });
  }
  items.forEach((p, i) => {
    p.amount = toDecimal((priced.lines[i] as CartPrice["lines"][number]).amount);
  });
  // Only lines that saved something get a breakdown row: a plain checkout writes nothing more.
  const saved = items.flatMap((p, i) => {
    const l = priced.lines[i] as CartPrice["lines"][number];
    return isZero(l.bundleSaving) && isZero(l.promoSaving) ? [] : [{ p, l }];
  });
  if (saved.length)
    await tx.entryPricing.createMany({
      data: saved.map(({ p, l }) => {
        return {
          entryId: p.entryId,
          listAmount: l.listAmount,
          bundlePercent: l.bundlePercent,
          bundleSaving: l.bundleSaving,
          promoSaving: l.promoSaving,
          promoCodeId: promo && isPositive(l.promoSaving) ? promo.id : null,
        };
      }),
    });
  return breakdown(priced, promo?.code ?? null);
}

/** POST /api/cart/promo: what the cart would cost with the code, checked for this player, nothing used. */
export async function quotePromo(
  db: DbTx,
  userId: string,
  input: { items: CartLine[]; code: string },
): Promise<PriceBreakdown & { message: string }> {
  const ids = [...new Set(input.items.map((l) => l.contestId))];
  const contests = await db.contest.findMany({
    where: { id: { in: ids } },
    select: { id: true, ticketPrice: true, bundleTiers: true },
  });
  const byId = new Map(contests.map((c) => [c.id, c]));
  const merged = new Map<string, number>();
  for (const l of input.items) merged.set(l.contestId, (merged.get(l.contestId) ?? 0) + l.quantity);
  if (merged.size === 0) throw badRequest("Your cart is empty");
  const inputs: PriceLineInput[] = [...merged].map(([contestId, quantity]) => {
    const c = byId.get(contestId);
    if (!c) throw notFound("Contest not found");
    return { contestId, unitPrice: toDecimal(c.ticketPrice), quantity, tiers: bundleTiersOf(c.bundleTiers) };
  });
  const promo = await usablePromo(db, userId, input.code, new Date());
  const priced = price(inputs, promo);
  return { message: `Promo code ${promo.code} applied`, ...breakdown(priced, promo.code) };
}

/** Each entry's breakdown, for the purchases list (absent for entries bought before bundle pricing, and free entries). */
export async function pricingOfEntries(
  db: DbTx,
  entryIds: string[],
): Promise<Map<string, { listAmount: string; bundleSaving: string; promoSaving: string; promoCode: string | null }>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db.entryPricing.findMany({ where: { entryId: { in: entryIds } } });
  const codes = await valueById(
    rows.map((r) => r.promoCodeId),
    (ids) => db.promoCode.findMany({ where: { id: { in: ids } }, select: { id: true, code: true } }),
    (c) => c.code,
  );
  return new Map(
    rows.map((r) => [
      r.entryId,
      {
        listAmount: moneyString(r.listAmount),
        bundleSaving: moneyString(r.bundleSaving),
        promoSaving: moneyString(r.promoSaving),
        promoCode: r.promoCodeId ? (codes.get(r.promoCodeId) ?? null) : null,
      },
    ]),
  );
}

/** Promo tries per player (quotes and checkouts with a code): enough for a person, too few to guess codes. */
export const PROMO_TRY_RULE: RateRule = { limit: 20, windowMs: 10 * 60_000 };

export async function limitPromoTries(db: DbTx, userId: string): Promise<void> {
  await consumeOrThrow(db, `promo:${userId}`, PROMO_TRY_RULE, (retry) => `Too many promo code attempts, try again ${retry}`);
}
