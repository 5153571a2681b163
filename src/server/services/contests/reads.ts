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
import { cursorRow } from "../kernel";

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

/**
 * A page of `list` (active contests, newest first: listActiveContests' order) after the contest
 * whose id is `cursor`. A cursor that left the list (its contest ended) is placed by its own
 * creation time, so the next page neither repeats nor skips a contest still on sale.
 */
export async function pageOfContests(
  db: DbTx,
  list: PublicContest[],
  page: { limit?: number; cursor?: string | null },
): Promise<PublicContest[]> {
  if (!page.limit) return list;
  if (!page.cursor) return list.slice(0, page.limit);
  const at = list.findIndex((c) => c.id === page.cursor);
  if (at >= 0) return list.slice(at + 1, at + 1 + page.limit);
  const gone = await cursorRow(page.cursor, (id) =>
    db.contest.findUnique({ where: { id }, select: { id: true, createdAt: true } }),
  );
  if (!gone) return list.slice(0, page.limit);
  const after = (c: PublicContest) => {
    const t = new Date(c.createdAt).getTime();
    return t < gone.createdAt.getTime() || (t === gone.createdAt.getTime() && c.id > gone.id);
  };
  return list.filter(after).slice(0, page.limit);
}

export async function getContest(db: DbTx, id: string): Promise<PublicContest> {
  const row = await db.contest.findUnique({ where: { id } });
  if (!row) throw notFound("Contest not found");
  return toPublicContest(row);
}
