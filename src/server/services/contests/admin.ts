/** Admin contest management: list, create, edit, End (draw), Activate, Cancel (refunds). */
import { type Contest, Prisma } from "@/generated/prisma/client";
import { FROZEN_TERMS, type SkillQuestion } from "@/shared/fair-play";
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play-messages";
import { type ContestFormValues, endDateError } from "@/shared/schemas/admin";
import type { Db, DbTx } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { fairPlaySettings, recordAudit, likeLiteral, cursorRow, pageLimit } from "../kernel";
import { PICK_LIMITS, PICK_MESSAGES } from "@/shared/ticket-picking";
import type { PageQuery } from "@/shared/schemas/paging";
import { type PublicContest, toPublicContest } from "./reads";
import { skillQuestionOf, assertTicketMaxChangeAllowed } from "../checkout";

import { cancelContest, drawContest, newDrawSeed, pendingDrawReason } from "../draws";

/**
 * The admin's view adds the skill question's correct option (never sent to players) and, for a
 * closed contest not drawn yet, why (drawPending) with the last failure's message (drawError).
 */
export type AdminContest = PublicContest & {
  /** The winner's user id (admins only: public contest reads never carry it). */
  winnerId: string | null;
  skillQuestionAnswer: number | null;
  drawPending: string | null;
  drawError: string | null;
};

export function toAdminContest(c: Contest): AdminContest {
  return {
    ...toPublicContest(c),
    winnerId: c.winnerId,
    skillQuestionAnswer: skillQuestionOf(c.skillQuestion)?.correctIndex ?? null,
    drawPending: pendingDrawReason(c),
    drawError: c.drawnAt ? null : c.drawError,
  };
}

const dec = (v: string | null | undefined) => (v == null ? null : new Prisma.Decimal(v));

export type AdminContestQuery = PageQuery & { status?: "active" | "ended" | "cancelled"; search?: string };

/**
 * Contests newest first (admin list: active, ended and cancelled), filtered by status and a title
 * search: a keyset page (default 50; `cursor` = the last id seen).
 */
export async function listAllContests(db: DbTx, q: AdminContestQuery = {}): Promise<AdminContest[]> {
  const after = await cursorRow(q.cursor, (id) =>
    db.contest.findUnique({ where: { id }, select: { id: true, createdAt: true } }),
  );
  const search = q.search?.trim();
  const rows = await db.contest.findMany({
    where: {
      AND: [
        after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {},
        q.status ? { status: q.status } : {},
        search ? { title: { contains: likeLiteral(search), mode: "insensitive" as const } } : {},
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: pageLimit(q),
  });
  return rows.map(toAdminContest);
}

function fields(input: ContestFormValues) {
  return {
    title: input.title,
    description: input.description,
    detailedDescription: input.detailedDescription ?? null,
    imageUrl: input.imageUrl || null,
    category: input.category,
    ticketPrice: new Prisma.Decimal(input.ticketPrice),
    originalPrice: dec(input.originalPrice),
    discountPercentage: input.discountPercentage ?? null,
    cashAlternative: dec(input.cashAlternative),
    maxTickets: input.maxTickets ?? null,
    ...(input.maxTicketsPerUser !== undefined ? { maxTicketsPerUser: input.maxTicketsPerUser } : {}),
    endDate: input.endDate ?? null,
    ...(input.features ? { features: input.features } : {}),
    ...(input.specifications ? { specifications: input.specifications } : {}),
    ...(input.skillQuestion !== undefined
      ? { skillQuestion: input.skillQuestion === null ? Prisma.DbNull : (input.skillQuestion as Prisma.InputJsonValue) }
      : {}),
    ...(input.pickNumbers !== undefined ? { pickNumbers: input.pickNumbers } : {}),
    ...(input.onlineFreeEntry !== undefined ? { onlineFreeEntry: input.onlineFreeEntry } : {}),
  };
}

/** The end date must leave MIN_CONTEST_OPEN_HOURS after opening (postal entries need time to arrive). */
function checkOpenPeriod(openedAt: Date, endDate: Date | null): void {
  if (!endDate) return;
  const hours = fairPlaySettings().minContestOpenHours;
  if (endDate.getTime() < openedAt.getTime() + hours * 3_600_000) throw badRequest(FAIR_PLAY_MESSAGES.minOpen(hours));
}

/** Field by field (JSONB does not keep key order). */
function sameQuestion(stored: unknown, next: SkillQuestion | null): boolean {
  const a = skillQuestionOf(stored);
  if (!a || !next) return a === next;
  return (
    a.text === next.text && a.correctIndex === next.correctIndex && JSON.stringify(a.options) === JSON.stringify(next.options)
  );
}
/** End dates travel with minute precision in the admin form: within a minute is "unchanged". */
const sameDate = (a: Date | null, b: Date | null) =>
  a === null || b === null ? a === b : Math.abs(a.getTime() - b.getTime()) < 60_000;

/** New contests open at once: active, 0 sold, with a fresh secret seed whose hash is published. */
export async function createContest(db: DbTx, input: ContestFormValues, actorId: string | null = null): Promise<PublicContest> {
  const pastEnd = endDateError(input.endDate);
  if (pastEnd) throw badRequest(pastEnd);
  checkOpenPeriod(new Date(), input.endDate ?? null);
  checkPickTerms(input.pickNumbers ?? false, input.maxTickets ?? null);
  checkPerPlayerCap(input.maxTicketsPerUser ?? null, input.maxTickets ?? null);
  const row = await db.contest.create({
    data: { ...fields(input), status: "active", soldTickets: 0, ...(await newDrawSeed()) },
  });
  if (actorId) {
    await recordAudit(db, { actorId, action: "contest.create", targetType: "contest", targetId: row.id, after: auditTerms(row) });
  }
  return toPublicContest(row);
}

/** Pick your numbers needs a ticket maximum, small enough for the lucky dip's scan (src/shared/ticket-picking.ts). */
function checkPickTerms(pickNumbers: boolean, maxTickets: number | null): void {
  if (!pickNumbers) return;
  if (maxTickets === null) throw badRequest(PICK_MESSAGES.pickNeedsMax);
  if (maxTickets > PICK_LIMITS.maxTickets) throw badRequest(PICK_MESSAGES.pickMaxTooBig);
}

/** A per-player cap above the contest's own maximum would say something false on the contest page. */
function checkPerPlayerCap(perPlayer: number | null, maxTickets: number | null): void {
  if (perPlayer !== null && maxTickets !== null && perPlayer > maxTickets) {
    throw badRequest(`Max tickets per player must be at most the max tickets (${maxTickets})`);
  }
}

/** The terms an audit entry keeps of a contest (what players buy on). */
function auditTerms(c: Contest) {
  return {
    title: c.title,
    status: c.status,
    ticketPrice: c.ticketPrice.toFixed(2),
    maxTickets: c.maxTickets,
    maxTicketsPerUser: c.maxTicketsPerUser,
    endDate: c.endDate,
    cashAlternative: c.cashAlternative?.toFixed(2) ?? null,
    pickNumbers: c.pickNumbers,
    onlineFreeEntry: c.onlineFreeEntry,
  };
}

/**
 * The real Edit. Once a ticket is sold the terms players paid for are frozen: maxTickets,
 * maxTicketsPerUser, ticketPrice, endDate and the skill question (409); title, description, images and features stay
 * editable. The contest row is locked (FOR UPDATE) first, so a purchase cannot slip in between
 * the check and the write (purchases take the same row lock in their conditional UPDATE).
 */
export async function updateContest(
  db: Db,
  id: string,
  input: ContestFormValues,
  actorId: string | null = null,
): Promise<PublicContest> {
  const data = fields(input);
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Contest" WHERE "id" = ${id} FOR UPDATE`;
    if (!locked.length) throw notFound("Contest not found");
    const c = await tx.contest.findUniqueOrThrow({ where: { id } });
    if (c.soldTickets > 0) {
      const changed: string[] = [];
      if (data.maxTickets !== c.maxTickets) changed.push(FROZEN_TERMS.maxTickets);
      if (data.maxTicketsPerUser !== undefined && data.maxTicketsPerUser !== c.maxTicketsPerUser) {
        changed.push(FROZEN_TERMS.maxTicketsPerUser);
      }
      if (!data.ticketPrice.equals(c.ticketPrice)) changed.push(FROZEN_TERMS.ticketPrice);
      if (!sameDate(data.endDate, c.endDate)) changed.push(FROZEN_TERMS.endDate);
      if (input.skillQuestion !== undefined && !sameQuestion(c.skillQuestion, input.skillQuestion)) {
        changed.push(FROZEN_TERMS.skillQuestion);
      }
      if (changed.length) throw conflict(FAIR_PLAY_MESSAGES.termsFrozen(changed));
      if (data.pickNumbers !== undefined && data.pickNumbers !== c.pickNumbers) throw conflict(PICK_MESSAGES.pickFrozen);
      data.endDate = c.endDate; // keep the exact stored instant
    } else if (!sameDate(data.endDate, c.endDate)) {
      const pastEnd = endDateError(data.endDate, c.endDate);
      if (pastEnd) throw badRequest(pastEnd);
      checkOpenPeriod(c.createdAt, data.endDate);
    }
    checkPickTerms(data.pickNumbers ?? c.pickNumbers, data.maxTickets);
    checkPerPlayerCap(data.maxTicketsPerUser === undefined ? c.maxTicketsPerUser : data.maxTicketsPerUser, data.maxTickets);
    await assertTicketMaxChangeAllowed(tx, id, c.maxTickets, data.maxTickets); // the instant-win map's 1..max
    const updated = await tx.contest.update({ where: { id }, data });
    if (actorId) {
      await recordAudit(tx, {
        actorId,
        action: "contest.update",
        targetType: "contest",
        targetId: id,
        before: auditTerms(c),
        after: auditTerms(updated),
      });
    }
    return toPublicContest(updated);
  });
}

/**
 * Activate re-opens a contest only when no winner was drawn (ended with no tickets, or ended
 * without a draw). If its seed was revealed, a new seed is committed so the next draw stays fair.
 * A contest whose end date has passed must be edited first (else the scheduler would end it again).
 */
async function activateContest(db: Db, id: string): Promise<void> {
  const { drawSeed, drawSeedHash } = await newDrawSeed();
  const now = new Date();
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Contest" SET "status" = 'active', "updatedAt" = ${now},
      "drawSeed" = CASE WHEN "drawnAt" IS NULL THEN "drawSeed" ELSE ${drawSeed} END,
      "drawSeedHash" = CASE WHEN "drawnAt" IS NULL THEN "drawSeedHash" ELSE ${drawSeedHash} END,
      "drawnAt" = NULL, "salesClosedAt" = NULL, "endedEarlyAt" = NULL, "drawMethod" = NULL, "entriesHash" = NULL,
      "beaconChainHash" = NULL, "beaconRound" = NULL, "beaconRandomness" = NULL, "beaconSignature" = NULL
    WHERE "id" = ${id} AND "status" = 'ended' AND "winningTicket" IS NULL AND "winnerId" IS NULL
      AND ("drawnAt" IS NULL OR "soldTickets" = 0)
      AND ("salesClosedAt" IS NULL OR "soldTickets" = 0)
      AND ("endDate" IS NULL OR "endDate" > ${now})
    RETURNING "id"`;
  if (rows.length) return;
  const c = await db.contest.findUnique({ where: { id } });
  if (!c) throw notFound("Contest not found");
  if (c.status === "active") throw conflict("Contest is already active");
  if (c.status === "cancelled") throw conflict("A cancelled contest cannot be re-opened");
  if (c.endDate && c.endDate <= now) throw conflict("The end date has passed: edit the contest before activating it");
  if (c.salesClosedAt && !c.drawnAt) throw conflict("The draw is awaiting its randomness beacon: it cannot be re-opened");
  throw conflict("Contest has already been drawn and cannot be re-opened");
}

/** POST /api/admin/contests/{id}/status: ended → draw; active → re-open; cancelled → refunds. */
export async function setContestStatus(
  db: Db,
  id: string,
  status: "active" | "ended" | "cancelled",
  actorId: string | null = null,
): Promise<PublicContest> {
  const before = await db.contest.findUnique({ where: { id }, select: { status: true } });
  if (status === "ended") {
    const outcome = await drawContest(db, id, { early: true }); // early only if before end date / sell-out
    if (!outcome) {
      const c = await db.contest.findUniqueOrThrow({ where: { id } });
      if (c.status !== "ended") throw conflict(`Contest is ${c.status}`);
      // Already ended (e.g. a second End click): the answer is the same contest, drawn once.
    }
  } else if (status === "active") {
    await activateContest(db, id);
  } else {
    await cancelContest(db, id);
  }
  const after = await db.contest.findUniqueOrThrow({ where: { id } });
  // Written after the change (draws and refunds run their own transactions); a repeated End is not logged twice.
  if (actorId && before && before.status !== after.status) {
    await recordAudit(db, {
      actorId,
      action: "contest.status",
      targetType: "contest",
      targetId: id,
      before: { status: before.status },
      after: { status: after.status, winningTicket: after.winningTicket },
    });
  }
  return toPublicContest(after);
}
