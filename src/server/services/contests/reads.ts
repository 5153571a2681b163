/** Reading contests. Purchases, draws and admin edits live in their own services. */
import type { z } from "zod";
import type { contestOutput } from "@/shared/schemas/responses";
import type { Contest } from "@/generated/prisma/client";
import type { ContestCategory } from "@/shared/constants";
import type { PublicSkillQuestion } from "@/shared/fair-play";
import type { DbTx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { priceString } from "@/shared/money";
import { bundleTiersOf, skillQuestionOf } from "../checkout";

/** docs/product.md §3 Contest (money as decimal strings) plus the provably-fair draw fields. */
export type PublicContest = z.output<typeof contestOutput>;

function specificationsOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

function publicQuestion(value: unknown): PublicSkillQuestion | null {
  const q = skillQuestionOf(value);
  return q ? { text: q.text, options: q.options } : null;
}

export function toPublicContest(c: Contest): PublicContest {
  const drawn = c.drawnAt !== null;
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    detailedDescription: c.detailedDescription,
    imageUrl: c.imageUrl,
    previewImages: c.previewImages,
    category: c.category,
    status: c.status,
    ticketPrice: priceString(c.ticketPrice) ?? "0.00",
    originalPrice: priceString(c.originalPrice),
    discountPercentage: c.discountPercentage,
    cashAlternative: priceString(c.cashAlternative),
    features: c.features,
    specifications: specificationsOf(c.specifications),
    soldTickets: c.soldTickets,
    maxTickets: c.maxTickets,
    maxTicketsPerUser: c.maxTicketsPerUser,
    endDate: c.endDate,
    createdAt: c.createdAt,
    drawSeedHash: c.drawSeedHash,
    drawSeed: drawn ? c.drawSeed : null,
    winningTicket: c.winningTicket,
    drawnAt: c.drawnAt,
    skillQuestion: publicQuestion(c.skillQuestion),
    awaitingResults: c.status === "ended" && c.salesClosedAt !== null && c.drawnAt === null,
    endedEarlyAt: c.endedEarlyAt,
    pickNumbers: c.pickNumbers,
    onlineFreeEntry: c.onlineFreeEntry,
    bundleTiers: bundleTiersOf(c.bundleTiers),
    instantWins: c.instantMapHash !== null,
  };
}

export async function listActiveContests(db: DbTx, category?: ContestCategory): Promise<PublicContest[]> {
  const rows = await db.contest.findMany({
    where: { status: "active", ...(category ? { category } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map(toPublicContest);
}

export async function getContest(db: DbTx, id: string): Promise<PublicContest> {
  const row = await db.contest.findUnique({ where: { id } });
  if (!row) throw notFound("Contest not found");
  return toPublicContest(row);
}
