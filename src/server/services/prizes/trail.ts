/**
 * The prize-delivery tracker (docs/fair-play.md "Prize delivery"): each prize's timestamped trail
 * (won → cash paid with the transaction id, or prize requested → shipped with carrier and tracking
 * reference → delivered → receipt confirmed or disputed), the winner's confirmation and dispute, and
 * the overdue fulfilments the admin dashboard counts against PRIZE_FULFILMENT_TARGET_DAYS. Moves
 * follow FULFILMENT_MOVES (src/shared/fulfilment.ts), each a conditional UPDATE on the allowed
 * statuses with its PrizeEvent row in the same transaction. The public trail shows no personal
 * data: a masked name, no address, no note, the tracking reference's last four characters only.
 */
import type { z } from "zod";
import type { overdueFulfilmentsOutput, publicPrizeTrailOutput, trailStepOutput } from "@/shared/schemas/responses";
import type { Prisma, PrizeEvent, PrizeEventKind } from "@/generated/prisma/client";
import { FULFILMENT_MOVES, maskName, maskTrackingRef, OPEN_FULFILMENT } from "@/shared/fulfilment";
import type { AuditAction } from "@/shared/constants";
import type { Db, DbTx } from "../../platform/db";
import { getEnv } from "../../platform/env";
import { conflict, notFound } from "../../platform/errors";
import { recordAudit } from "../kernel";
import { fileComplaintInTx } from "./complaints";

export type TrailStep = z.output<typeof trailStepOutput>;

export type PublicPrizeTrail = z.output<typeof publicPrizeTrailOutput>;

export async function recordPrizeEvent(
  tx: DbTx,
  prizeId: string,
  kind: PrizeEventKind,
  extra: { carrier?: string; trackingRef?: string; transactionId?: string; complaintRef?: string } = {},
): Promise<void> {
  await tx.prizeEvent.create({ data: { prizeId, kind, ...extra } });
}

type EventDetails = Parameters<typeof recordPrizeEvent>[3];

/** A fulfilment step by the winner or an admin: its trail event and its audit row (status before → after). */
export async function recordPrizeMove(
  tx: DbTx,
  move: {
    prize: { id: string; status: string };
    actorId: string;
    action: AuditAction;
    to: PrizeEventKind;
    event?: EventDetails;
    /** Audited beside the new status. */
    after?: Record<string, unknown>;
  },
): Promise<void> {
  await recordPrizeEvent(tx, move.prize.id, move.to, move.event);
  await recordAudit(tx, {
    actorId: move.actorId,
    action: move.action,
    targetType: "prize",
    targetId: move.prize.id,
    before: { status: move.prize.status },
    after: { status: move.to, ...move.after },
  });
}

/** Won (the prize row's creation) and every recorded step, oldest first; `forPublic` masks what could identify the winner. */
export function buildTrail(wonAt: Date, events: PrizeEvent[], forPublic: boolean): TrailStep[] {
  const steps: TrailStep[] = [
    { kind: "won", at: wonAt, carrier: null, trackingRef: null, transactionId: null, complaintRef: null },
  ];
  const sorted = [...events].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  for (const e of sorted) {
    steps.push({
      kind: e.kind,
      at: e.createdAt,
      carrier: e.carrier,
      trackingRef: e.trackingRef && forPublic ? maskTrackingRef(e.trackingRef) : e.trackingRef,
      transactionId: e.transactionId,
      complaintRef: forPublic ? null : e.complaintRef,
    });
  }
  return steps;
}

export const eventsInOrder = {
  events: { orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] },
} satisfies Prisma.PrizeInclude;

/** The public trail of a contest's prize (the winners gallery links posts to it by contest id), or 404. */
export async function publicPrizeTrail(db: Db, contestId: string): Promise<PublicPrizeTrail> {
  // The draw's prize (instant-win prizes of the contest carry an instantPrizeId).
  const prize = await db.prize.findFirst({
    where: { contestId, instantPrizeId: null },
    include: { ...eventsInOrder, contest: { select: { title: true } }, user: { select: { firstName: true, lastName: true } } },
  });
  if (!prize) throw notFound("No prize has been drawn for this contest");
  return {
    contestId: prize.contestId,
    contestTitle: prize.contest.title,
    winner: maskName(prize.user.firstName, prize.user.lastName),
    status: prize.status,
    trail: buildTrail(prize.createdAt, prize.events, true),
  };
}

/** One winner move (confirm, dispute) as a conditional UPDATE; false when the prize was not in an allowed status. */
async function winnerMove(tx: DbTx, prizeId: string, userId: string, move: "confirm" | "dispute"): Promise<boolean> {
  const m = FULFILMENT_MOVES[move];
  const r = await tx.prize.updateMany({
    where: { id: prizeId, userId, status: { in: [...m.from] } },
    data: { status: m.to },
  });
  return r.count === 1;
}

async function ownPrize(db: DbTx, userId: string, id: string) {
  const prize = await db.prize.findFirst({ where: { id, userId }, include: { contest: { select: { title: true } } } });
  if (!prize) throw notFound("Prize not found");
  return prize;
}

const refused = (status: string, what: string) =>
  conflict(`Prize is ${status.replace("_", " ")}; you can ${what} only after it has shipped`);

/** The winner confirms the prize arrived (shipped or delivered → received). */
export async function confirmPrizeReceipt(db: Db, userId: string, id: string): Promise<void> {
  const prize = await ownPrize(db, userId, id);
  const ok = await db.$transaction(async (tx) => {
    if (!(await winnerMove(tx, prize.id, userId, "confirm"))) return false;
    await recordPrizeMove(tx, { prize, actorId: userId, action: "prize.confirm", to: "received" });
    return true;
  });
  if (!ok) throw refused(prize.status, "confirm receipt");
}

/** The winner disputes the delivery (shipped or delivered → disputed): a complaint about the prize, in one transaction. */
export async function disputePrize(db: Db, userId: string, input: { id: string; body: string }): Promise<{ reference: string }> {
  const prize = await ownPrize(db, userId, input.id);
  const reference = await db.$transaction(async (tx) => {
    if (!(await winnerMove(tx, prize.id, userId, "dispute"))) return null;
    const complaint = await fileComplaintInTx(tx, userId, {
      category: "prize",
      itemId: prize.id,
      subject: `Delivery of "${prize.contest.title}"`.slice(0, 120),
      body: input.body,
    });
    await recordPrizeMove(tx, {
      prize,
      actorId: userId,
      action: "prize.dispute",
      to: "disputed",
      event: { complaintRef: complaint.reference },
      after: { complaint: complaint.reference },
    });
    return complaint.reference;
  });
  if (!reference) throw refused(prize.status, "dispute the delivery");
  return { reference };
}

export type OverdueFulfilment = z.output<typeof overdueFulfilmentsOutput>["prizes"][number];

/** Prizes asked for more than PRIZE_FULFILMENT_TARGET_DAYS ago and not yet with the winner, the oldest first. */
export async function listOverdueFulfilments(
  db: Db,
  now = new Date(),
): Promise<{ targetDays: number; prizes: OverdueFulfilment[] }> {
  const targetDays = getEnv().PRIZE_FULFILMENT_TARGET_DAYS;
  const dayMs = 86_400_000;
  const rows = await db.prize.findMany({
    where: { status: { in: [...OPEN_FULFILMENT] }, claimedAt: { lt: new Date(now.getTime() - targetDays * dayMs) } },
    orderBy: [{ claimedAt: "asc" }, { id: "asc" }],
    take: 200,
    include: { contest: { select: { title: true } }, user: { select: { id: true, email: true } } },
  });
  return {
    targetDays,
    prizes: rows.map((p) => {
      const requestedAt = p.claimedAt as Date;
      const targetAt = new Date(requestedAt.getTime() + targetDays * dayMs);
      return {
        id: p.id,
        contestTitle: p.contest.title,
        status: p.status,
        requestedAt,
        targetAt,
        daysOverdue: Math.floor((now.getTime() - targetAt.getTime()) / dayMs),
        user: p.user,
      };
    }),
  };
}
