/**
 * The prize-delivery tracker's state machine (docs/fair-play.md "Prize delivery"): who may move a
 * prize from which status to which, and the public trail's labels. The services run each move as a
 * conditional UPDATE on `from` (src/server/services/prizes/prizes.ts, prize-trail.ts), so a move the table
 * does not allow, or one that lost a race, changes nothing.
 */
import type { PrizeStatusName } from "./prizes";

export type FulfilmentActor = "winner" | "admin";

export const FULFILMENT_MOVES = {
  claim_cash: { by: "winner", from: ["unclaimed"], to: "cash_credited" },
  request_prize: { by: "winner", from: ["unclaimed"], to: "prize_requested" },
  // A disputed delivery can be sent again, or recorded as delivered after all.
  ship: { by: "admin", from: ["prize_requested", "disputed"], to: "shipped" },
  deliver: { by: "admin", from: ["shipped", "disputed"], to: "delivered" },
  // The winner may confirm or dispute as soon as it ships (the parcel may arrive before the admin records it).
  confirm: { by: "winner", from: ["shipped", "delivered"], to: "received" },
  dispute: { by: "winner", from: ["shipped", "delivered"], to: "disputed" },
} as const satisfies Record<string, { by: FulfilmentActor; from: readonly PrizeStatusName[]; to: PrizeStatusName }>;

export type FulfilmentMove = keyof typeof FULFILMENT_MOVES;

/** The status `move` leads to from `from`, or null when the move is not allowed there. */
export function nextPrizeStatus(from: PrizeStatusName, move: FulfilmentMove): PrizeStatusName | null {
  const m = FULFILMENT_MOVES[move];
  return (m.from as readonly PrizeStatusName[]).includes(from) ? m.to : null;
}

/** Statuses a fulfilment can still be late in: the prize was asked for and has not reached the winner. */
export const OPEN_FULFILMENT: readonly PrizeStatusName[] = ["prize_requested", "shipped", "disputed"];

export const TRAIL_KINDS = ["won", "cash_paid", "prize_requested", "shipped", "delivered", "received", "disputed"] as const;
export type TrailKind = (typeof TRAIL_KINDS)[number];
export const TRAIL_LABELS: Record<TrailKind, string> = {
  won: "Won",
  cash_paid: "Cash paid",
  prize_requested: "Prize requested",
  shipped: "Shipped",
  delivered: "Delivered",
  received: "Receipt confirmed by the winner",
  disputed: "Delivery disputed by the winner",
};

/**
 * "Jane Smith" → "Jane S.": the public trail names the winner as the draw record, the live draw and
 * the winners gallery do (first name and last initial, as maskedName in ./draw.ts writes it), never a whole name.
 */
export function maskName(first: string | null | undefined, last: string | null | undefined): string {
  const f = (first ?? "").trim();
  const l = (last ?? "").trim();
  if (!f && !l) return "A winner";
  const initial = l ? `${l[0]?.toUpperCase()}.` : "";
  return [f, initial].filter(Boolean).join(" ");
}

/** A tracking reference on the public trail: only its last 4 characters (a full one can reveal the address). */
export function maskTrackingRef(ref: string): string {
  return ref.length <= 4 ? "****" : `••••${ref.slice(-4)}`;
}
