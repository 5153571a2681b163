/**
 * Prize claims (docs/payments.md "Prize claims"). The draw (services/draws/draw.ts) creates one Prize row
 * for the winner; the winner takes the cash alternative (credited once through the ledger, kind
 * `prize_cash`, reference = prize id) or asks for the prize with a delivery address; an admin then
 * marks it shipped (carrier, tracking reference) and delivered. Every change is a conditional UPDATE
 * on the statuses FULFILMENT_MOVES allows (src/shared/fulfilment.ts) and writes its step of the
 * prize's trail (services/prizes/trail.ts) in the same transaction.
 */
import { Prisma, type Prize, type PrizeEvent } from "@/generated/prisma/client";
import { FULFILMENT_MOVES } from "@/shared/fulfilment";
import { moneyString } from "@/shared/money";
import type { ClaimPrizeInput, PrizeStatusInput } from "@/shared/prizes";
import type { PageQuery } from "@/shared/schemas/paging";
import { cursorRow, ownRowsPage, pageLimit, SORT_KEY, applyBalanceChange, notify } from "../kernel";
import type { Db } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { logger } from "../../platform/logger";
import { mailPrizeUpdate } from "../../mail/events";
import { buildTrail, eventsInOrder, recordPrizeEvent, recordPrizeMove, type TrailStep } from "./trail";

export type PublicPrize = {
  id: string;
  contestId: string;
  contestTitle: string;
  /** What was won: an instant prize's own name, or the contest's prize (its title) for the draw. */
  prizeTitle: string;
  /** Won instantly at checkout (an instant prize of the contest), not in the contest's draw. */
  instant: boolean;
  cashAlternative: string | null;
  status: Prize["status"];
  claimBy: Date;
  delivery: Prisma.JsonValue | null;
  note: string | null;
  claimedAt: Date | null;
  /** The winner's own trail (tracking reference and complaint reference in full). */
  trail: TrailStep[];
};

type PrizeWithContest = Prize & { contest: { title: string }; instantPrize: { label: string } | null; events: PrizeEvent[] };

/** The prize's own name: an instant prize's label, else the contest's title (the draw's prize). */
const prizeTitleOf = (p: { contest: { title: string }; instantPrize: { label: string } | null }) =>
  p.instantPrize?.label ?? p.contest.title;

function toPublicPrize(p: PrizeWithContest): PublicPrize {
  return {
    id: p.id,
    contestId: p.contestId,
    contestTitle: p.contest.title,
    prizeTitle: prizeTitleOf(p),
    instant: p.instantPrize !== null,
    cashAlternative: p.cashAlternative ? moneyString(p.cashAlternative) : null,
    status: p.status,
    claimBy: p.claimBy,
    delivery: p.delivery,
    note: p.note,
    claimedAt: p.claimedAt,
    trail: buildTrail(p.createdAt, p.events, false),
  };
}

const withContest = {
  contest: { select: { title: true } },
  instantPrize: { select: { label: true } },
  ...eventsInOrder,
} as const;

/** The player's prizes newest first: a keyset page (default 50; `cursor` = the last id seen). */
export async function listMyPrizes(db: Db, userId: string, q: PageQuery = {}): Promise<PublicPrize[]> {
  const page = await ownRowsPage(q, userId, (where) => db.prize.findFirst({ where, select: SORT_KEY }));
  const rows = await db.prize.findMany({
    ...page,
    include: withContest,
  });
  return rows.map(toPublicPrize);
}

export async function claimPrize(db: Db, userId: string, input: ClaimPrizeInput): Promise<PublicPrize> {
  const prize = await db.prize.findFirst({ where: { id: input.id, userId }, include: withContest });
  if (!prize) throw notFound("Prize not found");
  if (prize.status !== "unclaimed") throw conflict("Prize already claimed");
  if (prize.claimBy.getTime() < Date.now()) throw conflict("The claim period for this prize has ended");
  if (input.choice === "cash" && !prize.cashAlternative) throw badRequest("This prize has no cash alternative");
  const ok = await db.$transaction(async (tx) => {
    if (input.choice === "cash") {
      const flipped = await tx.$executeRaw`
        UPDATE "Prize" SET "status" = 'cash_credited', "claimedAt" = now(), "updatedAt" = now()
        WHERE "id" = ${prize.id} AND "userId" = ${userId} AND "status" = 'unclaimed'`;
      if (flipped !== 1) return false;
      const cash = prize.cashAlternative as Prisma.Decimal;
      const title = prizeTitleOf(prize);
      await applyBalanceChange(tx, { userId, amount: cash, kind: "prize_cash", reference: prize.id, note: title });
      const entry = await tx.ledgerEntry.findUniqueOrThrow({
        where: { kind_reference: { kind: "prize_cash", reference: prize.id } },
        select: { id: true },
      });
      await recordPrizeEvent(tx, prize.id, "cash_paid", { transactionId: entry.id });
      await notify(tx, userId, {
        type: "success",
        title: "Cash Alternative Credited",
        message: `$${moneyString(cash)} for "${title}" has been added to your balance.`,
      });
      await mailPrizeUpdate(tx, userId, title, { kind: "cash", amount: moneyString(cash) });
      return true;
    }
    const flipped = await tx.prize.updateMany({
      where: { id: prize.id, userId, status: "unclaimed" },
      data: { status: "prize_requested", delivery: input.delivery, claimedAt: new Date() },
    });
    if (flipped.count !== 1) return false;
    await recordPrizeEvent(tx, prize.id, "prize_requested");
    await notify(tx, userId, {
      type: "success",
      title: "Prize Requested",
      message: `We have your delivery address for "${prizeTitleOf(prize)}" and will let you know when it ships.`,
    });
    await mailPrizeUpdate(tx, userId, prizeTitleOf(prize), { kind: "requested" });
    return true;
  });
  if (!ok) throw conflict("Prize already claimed");
  logger.info({ prizeId: prize.id, userId, choice: input.choice }, "prize claimed");
  return toPublicPrize(await db.prize.findUniqueOrThrow({ where: { id: prize.id }, include: withContest }));
}

export type AdminPrize = PublicPrize & { user: { id: string; email: string; firstName: string; lastName: string } };

/** The admin Prizes tab's order: work to do first (disputed, requested, shipped), then the rest; newest first in each. */
export const ADMIN_PRIZE_ORDER = [
  "disputed",
  "prize_requested",
  "shipped",
  "unclaimed",
  "delivered",
  "cash_credited",
  "received",
] as const satisfies readonly Prize["status"][];

/**
 * GET /api/admin/prizes: a keyset page (default 50; `cursor` = the last id seen) in ADMIN_PRIZE_ORDER.
 * A prize whose status changes between two pages may show twice or not at all (it moved group).
 */
export async function listAdminPrizes(db: Db, q: PageQuery = {}): Promise<AdminPrize[]> {
  const take = pageLimit(q);
  const after = await cursorRow(q.cursor, (id) =>
    db.prize.findUnique({ where: { id }, select: { id: true, createdAt: true, status: true } }),
  );
  // One statement: each status group from the cursor's on is an index range scan on (status,
  // createdAt) cut at the page size, so a page costs the same however many prizes are done.
  const from = after ? ADMIN_PRIZE_ORDER.indexOf(after.status) : 0;
  const groups = ADMIN_PRIZE_ORDER.slice(from).map((status, i) => {
    const resume = i === 0 && after ? Prisma.sql`AND ("createdAt", "id") < (${after.createdAt}, ${after.id})` : Prisma.empty;
    return Prisma.sql`(SELECT "id", ${from + i}::int AS "rank", "createdAt" FROM "Prize"
      WHERE "status" = ${status}::"PrizeStatus" ${resume} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${take})`;
  });
  const ids = (
    await db.$queryRaw<{ id: string }[]>`SELECT "id" FROM (${Prisma.join(groups, " UNION ALL ")}) AS page
      ORDER BY "rank", "createdAt" DESC, "id" DESC LIMIT ${take}`
  ).map((r) => r.id);
  const rows = await db.prize.findMany({
    where: { id: { in: ids } },
    include: { ...withContest, user: { select: { id: true, email: true, firstName: true, lastName: true } } },
  });
  const byId = new Map(rows.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [{ ...toPublicPrize(p), user: p.user }] : [];
  });
}

/** (prize_requested | disputed) -> shipped with carrier and tracking; (shipped | disputed) -> delivered; anything else is 409. */
export async function setPrizeStatus(db: Db, adminId: string, input: PrizeStatusInput): Promise<PublicPrize> {
  const prize = await db.prize.findUnique({ where: { id: input.id }, include: withContest });
  if (!prize) throw notFound("Prize not found");
  const allowed = FULFILMENT_MOVES[input.status === "shipped" ? "ship" : "deliver"].from;
  const from = allowed.join(" or ").replaceAll("_", " ");
  const tracking = input.status === "shipped" ? { carrier: input.carrier, trackingRef: input.trackingRef } : {};
  const flipped = await db.$transaction(async (tx) => {
    const r = await tx.prize.updateMany({
      where: { id: prize.id, status: { in: [...allowed] } },
      data: {
        status: input.status,
        ...(input.note !== undefined ? { note: input.note || null } : {}),
        ...(input.status === "shipped" ? { shippedAt: new Date() } : { deliveredAt: new Date() }),
      },
    });
    if (r.count !== 1) return false;
    await recordPrizeMove(tx, {
      prize,
      actorId: adminId,
      action: "prize.status",
      to: input.status,
      event: tracking,
      after: { note: input.note ?? null, ...tracking },
    });
    await notify(tx, prize.userId, {
      type: "success",
      title: input.status === "shipped" ? "Prize Shipped" : "Prize Delivered",
      message:
        input.status === "shipped"
          ? `Your prize "${prizeTitleOf(prize)}" is on its way with ${tracking.carrier}, tracking ${tracking.trackingRef}.${input.note ? ` ${input.note}` : ""}`
          : `Your prize "${prizeTitleOf(prize)}" has been delivered. Enjoy!`,
    });
    await mailPrizeUpdate(
      tx,
      prize.userId,
      prizeTitleOf(prize),
      input.status === "shipped"
        ? {
            kind: "shipped",
            note: [`Carrier: ${tracking.carrier}, tracking reference: ${tracking.trackingRef}.`, input.note]
              .filter(Boolean)
              .join(" "),
          }
        : { kind: "delivered" },
    );
    return true;
  });
  if (!flipped) {
    throw conflict(`Prize is ${prize.status.replace("_", " ")}; it can be marked ${input.status} only when ${from}`);
  }
  logger.info({ prizeId: prize.id, adminId, status: input.status }, "prize status changed");
  return toPublicPrize(await db.prize.findUniqueOrThrow({ where: { id: prize.id }, include: withContest }));
}
