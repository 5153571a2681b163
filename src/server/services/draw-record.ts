/**
 * The public draw record of a contest (GET /api/contests/{id}/draw, docs/fair-play.md): everything
 * scripts/verify-draw.ts needs to recompute the winner, and nothing private (names masked).
 */
import { type DrawMethod, maskedName } from "@/shared/draw";
import type { DbTx } from "../db";
import { notFound } from "../errors";
import { pendingDrawReason } from "./draws";

export type DrawRecord = {
  contestId: string;
  title: string;
  status: "active" | "ended" | "cancelled";
  /** "legacy" = drawn before draw methods existed (seed and soldTickets only); null = not closed yet. */
  method: DrawMethod | "legacy" | null;
  seedHash: string;
  /** Revealed after the draw. */
  seed: string | null;
  entriesHash: string | null;
  beacon: { chainHash: string; round: number; randomness: string | null; signature: string | null } | null;
  soldTickets: number;
  winningTicket: number | null;
  salesClosedAt: Date | null;
  /** Set when an admin pressed End before the end date or sell-out. */
  endedEarlyAt: Date | null;
  drawnAt: Date | null;
  /** Sales closed, winner not drawn yet (waiting for the beacon round, or a failed draw being retried). */
  awaitingResults: boolean;
  /** Why it is awaiting results, in words (services/draws.ts pendingDrawReason); null when not awaiting. */
  pendingReason: string | null;
  entries: { id: string; firstTicket: number; lastTicket: number; name: string }[];
};

export async function getDrawRecord(db: DbTx, contestId: string): Promise<DrawRecord> {
  const c = await db.contest.findUnique({ where: { id: contestId } });
  if (!c) throw notFound("Contest not found");
  const entries = await db.ticketEntry.findMany({
    where: { contestId },
    orderBy: { firstTicket: "asc" },
    select: { id: true, firstTicket: true, lastTicket: true, user: { select: { firstName: true, lastName: true } } },
  });
  const drawn = c.drawnAt !== null;
  const method = (c.drawMethod as DrawMethod | null) ?? (drawn ? "legacy" : null);
  return {
    contestId: c.id,
    title: c.title,
    status: c.status,
    method,
    seedHash: c.drawSeedHash,
    seed: drawn ? c.drawSeed : null,
    entriesHash: c.entriesHash,
    beacon:
      c.beaconChainHash && c.beaconRound !== null
        ? { chainHash: c.beaconChainHash, round: c.beaconRound, randomness: c.beaconRandomness, signature: c.beaconSignature }
        : null,
    soldTickets: c.soldTickets,
    winningTicket: c.winningTicket,
    salesClosedAt: c.salesClosedAt,
    endedEarlyAt: c.endedEarlyAt,
    drawnAt: c.drawnAt,
    awaitingResults: c.status === "ended" && c.salesClosedAt !== null && !drawn,
    pendingReason: pendingDrawReason(c),
    entries: entries.map((e) => ({
      id: e.id,
      firstTicket: e.firstTicket,
      lastTicket: e.lastTicket,
      name: maskedName(e.user.firstName, e.user.lastName),
    })),
  };
}
