/**
 * The prize-delivery state machine (src/shared/fulfilment.ts): every allowed move, every refused one,
 * and the masking the public trail relies on.
 */
import { describe, expect, it } from "vitest";
import { maskedName } from "@/shared/draw";
import { FULFILMENT_MOVES, type FulfilmentMove, maskName, maskTrackingRef, nextPrizeStatus } from "@/shared/fulfilment";
import { PRIZE_STATUSES, type PrizeStatusName } from "@/shared/prizes";

/** The whole table, written out: [from, move] → to. Anything not here must be refused. */
const ALLOWED: [PrizeStatusName, FulfilmentMove, PrizeStatusName][] = [
  ["unclaimed", "claim_cash", "cash_credited"],
  ["unclaimed", "request_prize", "prize_requested"],
  ["prize_requested", "ship", "shipped"],
  ["disputed", "ship", "shipped"],
  ["shipped", "deliver", "delivered"],
  ["disputed", "deliver", "delivered"],
  ["shipped", "confirm", "received"],
  ["delivered", "confirm", "received"],
  ["shipped", "dispute", "disputed"],
  ["delivered", "dispute", "disputed"],
];

describe("prize fulfilment state machine", () => {
  it("every allowed move leads where the table says", () => {
    for (const [from, move, to] of ALLOWED) expect(nextPrizeStatus(from, move), `${from} --${move}-->`).toBe(to);
  });

  it("every other (status, move) pair is refused", () => {
    const moves = Object.keys(FULFILMENT_MOVES) as FulfilmentMove[];
    let refused = 0;
    for (const from of PRIZE_STATUSES) {
      for (const move of moves) {
        if (ALLOWED.some(([f, m]) => f === from && m === move)) continue;
        expect(nextPrizeStatus(from, move), `${from} --${move}-->`).toBeNull();
        refused += 1;
      }
    }
    expect(refused).toBe(PRIZE_STATUSES.length * moves.length - ALLOWED.length);
  });

  it("cash and a confirmed receipt are final: no move leaves them", () => {
    for (const move of Object.keys(FULFILMENT_MOVES) as FulfilmentMove[]) {
      expect(nextPrizeStatus("cash_credited", move)).toBeNull();
      expect(nextPrizeStatus("received", move)).toBeNull();
    }
  });

  it("the winner and the admin each have their own moves", () => {
    expect(Object.entries(FULFILMENT_MOVES).map(([m, d]) => `${m}:${d.by}`)).toEqual([
      "claim_cash:winner",
      "request_prize:winner",
      "ship:admin",
      "deliver:admin",
      "confirm:winner",
      "dispute:winner",
    ]);
  });

  it("the public trail masks the name (as the draw record does) and the tracking reference", () => {
    expect(maskName("Jane", "Smith")).toBe("Jane S.");
    expect(maskName("Jane", "Smith")).toBe(maskedName("Jane", "Smith"));
    expect(maskName("Jane", "")).toBe("Jane");
    expect(maskName("", "smith")).toBe("S.");
    expect(maskName(" ", null)).toBe("A winner");
    expect(maskTrackingRef("JD0123456789")).toBe("••••6789");
    expect(maskTrackingRef("1234")).toBe("****");
  });
});
