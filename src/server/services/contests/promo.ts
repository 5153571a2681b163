/**
 * Admin side of pricing: a contest's bundle tiers, and promo codes (create, disable or
 * enable again, the report of their uses). Each change writes its audit row in its own transaction
 * (src/server/services/kernel/audit.ts); the actions are in src/server/api/privileged.ts.
 */
import type { z } from "zod";
import type { adminPromoCodeOutput } from "@/shared/schemas/responses";
import { Prisma } from "@/generated/prisma/client";
import type { BundleTier } from "@/shared/pricing";
import { moneyString } from "@/shared/money";
import type { CreatePromoCodeInput } from "@/shared/schemas/pricing";
import type { PageQuery } from "@/shared/schemas/paging";
import type { Db, DbTx } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/unique-violation";
import { getEnv } from "../../platform/env";
import { gateTermsChange } from "../accounts";
import { recordAudit, cursorRow, olderThan, pageLimit, valueById } from "../kernel";
import { type PublicContest, toPublicContest } from "./reads";
import { bundleTiersOf } from "../checkout";

/** One promo code with its report: uses so far and what it took off in total. */
export type AdminPromoCode = z.output<typeof adminPromoCodeOutput>;

type PromoRow = Prisma.PromoCodeGetPayload<object>;

async function toAdminPromo(db: DbTx, rows: PromoRow[]): Promise<AdminPromoCode[]> {
  const ids = rows.map((r) => r.id);
  const sums = ids.length
    ? await db.promoRedemption.groupBy({ by: ["promoCodeId"], where: { promoCodeId: { in: ids } }, _sum: { discount: true } })
    : [];
  const total = new Map(sums.map((s) => [s.promoCodeId, s._sum.discount ?? new Prisma.Decimal(0)]));
  const titles = await valueById(
    rows.map((r) => r.contestId),
    (ids) => db.contest.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } }),
    (c) => c.title,
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    kind: r.kind === "fixed" ? "fixed" : "percent",
    percentOff: r.percentOff,
    amountOff: r.amountOff === null ? null : moneyString(r.amountOff),
    minSpend: r.minSpend === null ? null : moneyString(r.minSpend),
    maxUses: r.maxUses,
    maxUsesPerPlayer: r.maxUsesPerPlayer,
    usedCount: r.usedCount,
    totalDiscount: moneyString(total.get(r.id) ?? 0),
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    firstPurchaseOnly: r.firstPurchaseOnly,
    contestId: r.contestId,
    contestTitle: r.contestId ? (titles.get(r.contestId) ?? null) : null,
    disabled: r.disabledAt !== null,
    createdAt: r.createdAt,
  }));
}

/** Newest first, a keyset page (default 50; `cursor` = the last id seen). */
export async function listPromoCodes(db: DbTx, q: PageQuery = {}): Promise<AdminPromoCode[]> {
  const after = await cursorRow(q.cursor, (id) =>
    db.promoCode.findUnique({ where: { id }, select: { id: true, createdAt: true } }),
  );
  const rows = await db.promoCode.findMany({
    where: olderThan(after),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageLimit(q),
  });
  return toAdminPromo(db, rows);
}

/** Four eyes: a code taking at least FOUR_EYES_PROMO_PERCENT % or FOUR_EYES_PROMO_USD off needs a second approver. */
export function promoNeedsSecondApprover(input: Pick<CreatePromoCodeInput, "percentOff" | "amountOff">): boolean {
  const env = getEnv();
  if (input.percentOff !== null && input.percentOff >= env.FOUR_EYES_PROMO_PERCENT) return true;
  return input.amountOff !== null && new Prisma.Decimal(input.amountOff).gte(env.FOUR_EYES_PROMO_USD);
}

/**
 * Creates a code; null when it was proposed and waits for a second approver (four eyes, docs/admin.md).
 * `confirmerRoles`: who may confirm (the role matrix's roles for pricing.createPromoCode).
 */
export async function createPromoCode(
  db: Db,
  input: CreatePromoCodeInput,
  actorId: string | null,
  confirmerRoles: readonly string[] = [],
): Promise<AdminPromoCode | null> {
  const taken = () => conflict(`Promo code ${input.code} already exists`);
  // Two admins creating the same code at once: the unique key refuses the second (src/server/platform/unique-violation.ts).
  return createPromoInTx(db, input, actorId, taken, confirmerRoles).catch((e: unknown) => {
    throw isUniqueViolation(e, "code") ? taken() : e;
  });
}

function createPromoInTx(
  db: Db,
  input: CreatePromoCodeInput,
  actorId: string | null,
  taken: () => Error,
  confirmerRoles: readonly string[],
) {
  return db.$transaction(async (tx) => {
    if (input.contestId && !(await tx.contest.findUnique({ where: { id: input.contestId }, select: { id: true } }))) {
      throw notFound("Contest not found");
    }
    if (await tx.promoCode.findUnique({ where: { code: input.code }, select: { id: true } })) throw taken();
    let fourEyes: Record<string, string> = {};
    if (actorId && confirmerRoles.length && promoNeedsSecondApprover(input)) {
      const gate = await gateTermsChange(tx, {
        action: "pricing.createPromoCode",
        subjectId: input.code,
        actorId,
        change: input,
        summary: {
          code: input.code,
          discount: input.percentOff !== null ? `${input.percentOff}%` : `$${input.amountOff}`,
        },
        confirmerRoles,
      });
      if (!gate.apply) return null;
      fourEyes = gate.fourEyes;
    }
    const row = await tx.promoCode.create({
      data: {
        code: input.code,
        kind: input.kind,
        percentOff: input.percentOff,
        amountOff: input.amountOff === null ? null : new Prisma.Decimal(input.amountOff),
        minSpend: input.minSpend === null ? null : new Prisma.Decimal(input.minSpend),
        maxUses: input.maxUses,
        maxUsesPerPlayer: input.maxUsesPerPlayer,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        firstPurchaseOnly: input.firstPurchaseOnly,
        contestId: input.contestId,
      },
    });
    const [out] = await toAdminPromo(tx, [row]);
    await recordAudit(tx, {
      actorId,
      action: "promo.create",
      targetType: "promo_code",
      targetId: row.id,
      after: { ...out, ...fourEyes },
    });
    return out as AdminPromoCode;
  });
}

/** Disables a code (checkouts refuse it from now on) or enables it again; its uses stay counted. */
export async function setPromoCodeDisabled(
  db: Db,
  id: string,
  disabled: boolean,
  actorId: string | null,
): Promise<AdminPromoCode> {
  return db.$transaction(async (tx) => {
    const before = await tx.promoCode.findUnique({ where: { id } });
    if (!before) throw notFound("Promo code not found");
    const row = await tx.promoCode.update({
      where: { id },
      data: { disabledAt: disabled ? (before.disabledAt ?? new Date()) : null },
    });
    await recordAudit(tx, {
      actorId,
      action: "promo.status",
      targetType: "promo_code",
      targetId: id,
      before: { code: before.code, disabled: before.disabledAt !== null },
      after: { code: row.code, disabled },
    });
    const [out] = await toAdminPromo(tx, [row]);
    return out as AdminPromoCode;
  });
}

/** Replaces a contest's bundle tiers (an empty list removes them). Only the price changes, never the tickets. */
export async function setBundleTiers(
  db: Db,
  contestId: string,
  tiers: BundleTier[],
  actorId: string | null,
): Promise<PublicContest> {
  return db.$transaction(async (tx) => {
    const before = await tx.contest.findUnique({ where: { id: contestId }, select: { bundleTiers: true, status: true } });
    if (!before) throw notFound("Contest not found");
    if (before.status !== "active") throw conflict("Bundle tiers can only be changed on an active contest");
    const row = await tx.contest.update({ where: { id: contestId }, data: { bundleTiers: tiers } });
    await recordAudit(tx, {
      actorId,
      action: "contest.bundle_tiers",
      targetType: "contest",
      targetId: contestId,
      before: { bundleTiers: bundleTiersOf(before.bundleTiers) },
      after: { bundleTiers: tiers },
    });
    return toPublicContest(row);
  });
}
