import { describe, expect, it } from "vitest";
import { addItem, type CartItem, checkoutLines } from "../../src/components/common/cartStore";
import { cartAddSchema, cartLineSchema } from "../../src/shared/schemas/cart";
import { ticketNumbersSchema } from "../../src/shared/schemas/ticket-picking";
import { nthSoldTicket } from "../../src/shared/ticket-picking";

describe("pick your numbers: shared rules", () => {
  it("the draw's k-th sold ticket is k for consecutive ranges and the k-th number for picked ones", () => {
    const ranges = [
      { firstTicket: 1, lastTicket: 3 },
      { firstTicket: 4, lastTicket: 4 },
      { firstTicket: 5, lastTicket: 9 },
    ];
    for (let k = 1; k <= 9; k++) expect(nthSoldTicket(ranges, k)).toBe(k);
    expect(nthSoldTicket(ranges, 10)).toBeNull();
    const picked = [7, 150, 437].map((n) => ({ firstTicket: n, lastTicket: n }));
    expect([1, 2, 3].map((k) => nthSoldTicket(picked, k))).toEqual([7, 150, 437]);
  });

  it("ticketNumbers: distinct whole numbers from 1, at most 100; quantity follows them", () => {
    expect(ticketNumbersSchema.safeParse([1, 2, 3]).success).toBe(true);
    expect(ticketNumbersSchema.safeParse([2, 2]).error?.issues[0]?.message).toBe("ticketNumbers lists #2 more than once");
    expect(ticketNumbersSchema.safeParse([0]).success).toBe(false);
    expect(ticketNumbersSchema.safeParse(Array.from({ length: 101 }, (_, i) => i + 1)).success).toBe(false);
    expect(cartAddSchema.parse({ contestId: "c", ticketNumbers: [5, 9] }).line.quantity).toBe(2);
    expect(cartAddSchema.parse({ contestId: "c" }).line.quantity).toBe(1);
    expect(cartAddSchema.safeParse({ contestId: "c", quantity: 3, ticketNumbers: [5] }).success).toBe(false);
    expect(cartLineSchema.safeParse({ contestId: "c", quantity: 1, ticketNumbers: [5, 6] }).success).toBe(false);
  });

  it("picked numbers join the contest's cart line, which counts them", () => {
    const item = { contestId: "c1", title: "Pick", ticketPrice: "1.00", imageUrl: null };
    let items = addItem([], { ...item, ticketNumbers: [7, 150] }, 2);
    items = addItem(items, { ...item, ticketNumbers: [3, 7] }, 2);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ ticketNumbers: [3, 7, 150], quantity: 3 });
    // A card's Add to Cart (no numbers) adds lucky-dip tickets to the same line; checkout sends them apart.
    items = addItem(items, item, 2);
    expect(items[0]).toMatchObject({ ticketNumbers: [3, 7, 150], quantity: 5 });
    items = addItem(items, { ...item, ticketNumbers: [9] }, 1);
    expect(items[0]).toMatchObject({ ticketNumbers: [3, 7, 9, 150], quantity: 6 });
    expect(checkoutLines(items[0] as CartItem)).toEqual([
      { contestId: "c1", quantity: 4, ticketNumbers: [3, 7, 9, 150] },
      { contestId: "c1", quantity: 2 },
    ]);
  });
});
