/** Reading contests. Purchases, draws and admin edits live in their own services. */
import type { Contest } from "@/generated/prisma/client";
import type { ContestCategory } from "@/shared/constants";
import type { PublicSkillQuestion } from "@/shared/fair-play";
import type { DbTx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { priceString } from "@/shared/money";
import type { BundleTier } from "@/shared/pricing";
import { bundleTiersOf, skillQuestionOf } from "../checkout";

/** docs/product.md §3 Contest (money as decimal strings) plus the provably-fair draw fields. */
export type PublicContest = {
  id: string;
  title: string;
  description: string;
  detailedDescription: string | null;
  imageUrl: string | null;
  previewImages: string[];
  category: ContestCategory;
  status: "active" | "ended" | "cancelled";
  ticketPrice: string;
  originalPrice: string | null;
  discountPercentage: number | null;
  cashAlternative: string | null;
  features: string[];
  specifications: Record<string, string>;
  soldTickets: number;
  maxTickets: number | null;
  maxTicketsPerUser: number | null;
  endDate: Date | null;
  createdAt: Date;
  /** SHA-256 of the secret draw seed, published from the start. */
  drawSeedHash: string;
  /** Revealed only after the draw, so anyone can recompute the winning ticket. */
  drawSeed: string | null;
  winningTicket: number | null;
  // No winnerId: a public record names people by masked name, never by id (the winner's own
  // screens read their result from their purchases; admins get it in AdminContest).
  drawnAt: Date | null;
  /** Optional skill question: text and options only, never the answer. */
  skillQuestion: PublicSkillQuestion | null;
  /** Sales closed (end date, sold out or End) but the winner is not drawn yet: "awaiting results". */
  awaitingResults: boolean;
  /** An admin ended the contest before its end date / sell-out. */
  endedEarlyAt: Date | null;
  /** Players pick their numbers or take a lucky dip (docs/contests.md). */
  pickNumbers: boolean;
  /** The online free entry route is open (docs/fair-play.md). */
  onlineFreeEntry: boolean;
  /** Multi-buy prices: a line of at least `quantity` tickets pays `percentOff`% less. */
  bundleTiers: BundleTier[];
  /** The contest has instant prizes (a committed prize map): cards say so. */
  instantWins: boolean;
};

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
