/** Pure logic behind the screens: My Purchases rows, ticket numbers, the instant-win note, the review button. */
import { describe, expect, it } from "vitest";
import { purchaseRows } from "../../src/components/contests/purchaseRows";
import { ticketRangeText, ticketRangesText } from "../../src/shared/purchase-rules";
import { singular } from "../../src/components/common/QueryState";

type Entry = Parameters<typeof purchaseRows>[0][number];

const at = new Date("2026-05-01T10:00:00.000Z");
function entry(over: Partial<Entry>): Entry {
  return {
    entryId: `e${Math.random()}`,
    contestId: "c1",
    contestTitle: "Gold Watch",
    contestImage: null,
    ticketCount: 1,
    totalAmount: "1.00",
    paidWithCredit: "0.00",
    entryDate: at,
    contestStatus: "active",
    contestEndDate: null,
    result: null,
    status: "active",
    firstTicket: 1,
    lastTicket: 1,
    winningTicket: null,
    freeEntry: false,
    onlineFreeEntry: false,
    instantWins: [],
    pricing: null,
    ...over,
  } as Entry;
}

describe("My Purchases rows (src/components/contests/purchaseRows.ts)", () => {
  it("a picked-numbers purchase is one row: its numbers sorted, its total, and the line's saving on the row", () => {
    // One checkout: numbers 150, 7 and 42, one entry each, the saving recorded on one of them.
    const rows = purchaseRows([
      entry({ entryId: "a", firstTicket: 150, lastTicket: 150, totalAmount: "0.90", paidWithCredit: "0.90" }),
      entry({
        entryId: "b",
        firstTicket: 7,
        lastTicket: 7,
        totalAmount: "0.90",
        pricing: { listAmount: "3.00", bundleSaving: "0.30", promoSaving: "0.00", promoCode: null },
      }),
      entry({ entryId: "c", firstTicket: 42, lastTicket: 42, totalAmount: "0.90" }),
      // An earlier purchase of the same contest is its own row.
      entry({ entryId: "d", entryDate: new Date("2026-04-01T10:00:00.000Z"), firstTicket: 3, lastTicket: 5, ticketCount: 3 }),
    ]);
    expect(rows).toHaveLength(2);
    const [picked, earlier] = rows;
    // The credit part adds up over the row's entries (paid $0.90 with credit, the rest cash).
    expect(picked).toMatchObject({ ticketCount: 3, totalAmount: "2.70", paidWithCredit: "0.90" });
    expect(ticketRangesText(picked?.ranges ?? [])).toBe("Tickets #7, #42, #150");
    expect(picked?.savings).toEqual({ listAmount: "3.00", bundleSaving: "0.30", promoSaving: "0.00", promoCode: null });
    expect(ticketRangesText(earlier?.ranges ?? [])).toBe("Tickets #3–#5");
  });

  it("a row is won when any of its tickets won; instant prizes travel with the row", () => {
    const rows = purchaseRows([
      entry({ firstTicket: 2, lastTicket: 2, status: "lost", instantWins: [{ label: "Watch", ticket: 2, kind: "physical" }] }),
      entry({ firstTicket: 9, lastTicket: 9, status: "won" }),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("won");
    expect(rows[0]?.instantWins).toEqual([{ label: "Watch", ticket: 2, kind: "physical" }]);
  });

  it("a free entry online and a paid one at the same instant stay apart", () => {
    const rows = purchaseRows([entry({ freeEntry: true, onlineFreeEntry: true, totalAmount: "0.00" }), entry({})]);
    expect(rows.map((r) => r.onlineFreeEntry)).toEqual([true, false]);
  });

  it("ticket numbers read in order, runs joined, singular for one", () => {
    expect(ticketRangeText(1, 1)).toBe("Ticket #1");
    expect(ticketRangeText(1, 4)).toBe("Tickets #1–#4");
    expect(
      ticketRangesText([
        [9, 9],
        [1, 3],
        [4, 4],
        [20, 21],
      ]),
    ).toBe("Tickets #1–#4, #9, #20–#21");
    expect(ticketRangesText([[5, 5]])).toBe("Ticket #5");
    const many = Array.from({ length: 20 }, (_, i) => [i * 2 + 1, i * 2 + 1] as [number, number]);
    expect(ticketRangesText(many, 3)).toBe("Tickets #1, #3, #5 and 17 more");
  });
});

describe("the instant-win screen's note (src/components/cart/InstantWinResult.tsx)", () => {
  it("says what happens next for the kinds won: no 'cash and credit in your balance' for a prize alone", async () => {
    const { instantWinNote } = await import("../../src/components/cart/InstantWinResult");
    expect(instantWinNote(true, false)).toBe("Claim your prize (or its cash alternative) under My Prizes.");
    expect(instantWinNote(true, true)).toContain("The cash and credit are already in your balance.");
    expect(instantWinNote(false, true)).toBe("Already added to your balance.");
  });
});

describe("the review dialog's button (src/components/admin/ReviewTab.tsx)", () => {
  it("names the action and, for money, the amount (it said only 'Confirm')", async () => {
    const { confirmLabel } = await import("../../src/components/admin/ReviewTab");
    expect(confirmLabel({ action: "credit", amount: "12" })).toBe("Credit $12.00");
    expect(confirmLabel({ action: "takeBack", amount: "5.5" })).toBe("Take back $5.50");
    expect(confirmLabel({ action: "settlePaid", amount: "30" })).toBe("Mark paid");
    expect(confirmLabel({ action: "dismiss", amount: null })).toBe("Dismiss");
  });
});

describe("paged lists' counts", () => {
  it("name one row in the singular (every noun the lists use)", () => {
    expect(singular("entries")).toBe("entry");
    expect(singular("matching conversations")).toBe("matching conversation");
    expect(singular("pending payments")).toBe("pending payment");
    expect(singular("e-mails")).toBe("e-mail");
    expect(singular("promo codes")).toBe("promo code");
  });
});
