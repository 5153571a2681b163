import type { RouterOutputs } from "@/trpc/types";
import { computeDrawWinner, entriesHashOf, sha256Hex } from "@/shared/draw";
import { DRAW_SCHEME_FLAT, DRAW_SCHEME_MERKLE } from "@/shared/merkle";
import { nthSoldTicket } from "@/shared/ticket-picking";

/**
 * The draw's check in the browser, a module of its own: the live draw panel (../contests/LiveDraw.tsx)
 * imports it when "Verify in your browser" is pressed, so `/draws/live` and a contest page do not
 * load the draw's code (SHA-256, the Merkle tree) or the proof panel with their first screen.
 */
type DrawRecord = RouterOutputs["contests"]["drawRecord"];

/** entriesOk null: the list is longer than one page, so the browser leaves its hash to verify:draw. */
export type Check = { hashOk: boolean; entriesOk: boolean | null; ticket: number | null };

/** Recomputes the draw in the visitor's browser with Web Crypto (the same code as scripts/tools/verify-draw.ts). */
export async function verifyDrawRecord(r: DrawRecord): Promise<Check | null> {
  if (!r.seed) return null;
  const method = r.method === "legacy" || r.method === null ? null : r.method;
  const whole = r.entriesNextCursor === null;
  const [hash, entriesHash] = await Promise.all([
    sha256Hex(r.seed),
    whole ? entriesHashOf(r.entries, r.scheme === DRAW_SCHEME_MERKLE ? DRAW_SCHEME_MERKLE : DRAW_SCHEME_FLAT) : null,
  ]);
  const position = await computeDrawWinner({
    seed: r.seed,
    contestId: r.contestId,
    soldTickets: r.soldTickets,
    method,
    entriesHash: r.entriesHash,
    beaconRandomness: r.beacon?.randomness ?? null,
  }).catch(() => null);
  // The draw gives a position among the sold tickets; the ticket is the position-th sold number
  // (the same number for consecutive tickets; a pick-your-numbers contest, docs/contests.md).
  const sorted = [...r.entries].sort((a, b) => a.firstTicket - b.firstTicket);
  const ticket = position !== null && whole ? nthSoldTicket(sorted, position) : position;
  return {
    hashOk: hash === r.seedHash,
    entriesOk: method === null ? true : entriesHash === null ? null : entriesHash === r.entriesHash,
    ticket,
  };
}
