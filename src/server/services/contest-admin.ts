/** Admin contest management: list, create, edit, End (draw), Activate, Cancel (refunds). */
import { Prisma } from "@/generated/prisma/client";
import type { ContestFormValues } from "@/shared/schemas/admin";
import type { Db, DbTx } from "../db";
import { conflict, notFound } from "../errors";
import { type PublicContest, toPublicContest } from "./contests";
import { cancelContest, drawContest, newDrawSeed } from "./draws";

const dec = (v: string | null | undefined) => (v == null ? null : new Prisma.Decimal(v));

/** Every contest, newest first (admin list: active, ended and cancelled). */
export async function listAllContests(db: DbTx): Promise<PublicContest[]> {
  const rows = await db.contest.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return rows.map(toPublicContest);
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
    endDate: input.endDate ?? null,
    ...(input.features ? { features: input.features } : {}),
    ...(input.specifications ? { specifications: input.specifications } : {}),
  };
}

/** New contests open at once: active, 0 sold, with a fresh secret seed whose hash is published. */
export async function createContest(db: DbTx, input: ContestFormValues): Promise<PublicContest> {
  const row = await db.contest.create({
    data: { ...fields(input), status: "active", soldTickets: 0, ...(await newDrawSeed()) },
  });
  return toPublicContest(row);
}

/** The real Edit. maxTickets may not drop below tickets already sold (checked in the UPDATE itself). */
export async function updateContest(db: DbTx, id: string, input: ContestFormValues): Promise<PublicContest> {
  const data = fields(input);
  const { count } = await db.contest.updateMany({
    where: { id, ...(data.maxTickets !== null ? { soldTickets: { lte: data.maxTickets } } : {}) },
    data,
  });
  if (count === 0) {
    const exists = await db.contest.findUnique({ where: { id }, select: { soldTickets: true } });
    if (!exists) throw notFound("Contest not found");
    throw conflict(`Max tickets cannot be below the ${exists.soldTickets} tickets already sold`);
  }
  return toPublicContest(await db.contest.findUniqueOrThrow({ where: { id } }));
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
      "drawnAt" = NULL
    WHERE "id" = ${id} AND "status" = 'ended' AND "winningTicket" IS NULL AND "winnerId" IS NULL
      AND ("drawnAt" IS NULL OR "soldTickets" = 0)
      AND ("endDate" IS NULL OR "endDate" > ${now})
    RETURNING "id"`;
  if (rows.length) return;
  const c = await db.contest.findUnique({ where: { id } });
  if (!c) throw notFound("Contest not found");
  if (c.status === "active") throw conflict("Contest is already active");
  if (c.status === "cancelled") throw conflict("A cancelled contest cannot be re-opened");
  if (c.endDate && c.endDate <= now) throw conflict("The end date has passed: edit the contest before activating it");
  throw conflict("Contest has already been drawn and cannot be re-opened");
}

/** POST /api/admin/contests/{id}/status: ended → draw; active → re-open; cancelled → refunds. */
export async function setContestStatus(db: Db, id: string, status: "active" | "ended" | "cancelled"): Promise<PublicContest> {
  if (status === "ended") {
    const outcome = await drawContest(db, id);
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
  return toPublicContest(await db.contest.findUniqueOrThrow({ where: { id } }));
}
