import { describe, expect, it } from "vitest";
import { entryStatus, fromMills, isShort, lineTotal, sumLines, toMills } from "../../src/shared/cart";
import { humaniseKey, unavailableReason } from "../../src/shared/contest-display";
import { addItem, setQuantity } from "../../src/components/cart/cartStore";

const DAY = 24 * 3600 * 1000;

describe("cart money (exact, no floats)", () => {
  it("multiplies and sums decimal strings exactly", () => {
    expect(toMills("1.79")).toBe(1790n);
    expect(fromMills(1790n)).toBe("1.79");
    expect(fromMills(1n)).toBe("0.001");
    expect(lineTotal("0.10", 3)).toBe("0.30"); // 0.1 * 3 in floats is 0.30000000000000004
    expect(lineTotal("1.79", 7)).toBe("12.53");
    expect(
      sumLines([
        { ticketPrice: "1.79", quantity: 4 },
        { ticketPrice: "2.50", quantity: 2 },
      ]),
    ).toBe("12.16");
    expect(isShort("12.159", "12.16")).toBe(true);
    expect(isShort("12.16", "12.16")).toBe(false);
  });
});

describe("cart items", () => {
  const item = { contestId: "a", title: "A", ticketPrice: "1.00", imageUrl: null };
  it("adding an existing contest increases its quantity; 0 or less removes it", () => {
    let items = addItem([], item, 2);
    items = addItem(items, item, 3);
    expect(items).toEqual([{ ...item, quantity: 5 }]);
    expect(setQuantity(items, "a", 1)[0]!.quantity).toBe(1);
    expect(setQuantity(items, "a", 0)).toEqual([]);
    expect(setQuantity(items, "a", -2)).toEqual([]);
  });
});

describe("purchase entry status", () => {
  const now = new Date("2026-01-10T12:00:00Z");
  it("won, lost, active with ceiling days, pending", () => {
    expect(entryStatus({ contestStatus: "ended", contestEndDate: null, result: "me" }, "me", now).kind).toBe("won");
    expect(entryStatus({ contestStatus: "ended", contestEndDate: null, result: "you" }, "me", now).kind).toBe("lost");
    expect(entryStatus({ contestStatus: "ended", contestEndDate: null, result: null }, "me", now).kind).toBe("lost");
    const soon = entryStatus(
      { contestStatus: "active", contestEndDate: new Date(now.getTime() + 1.2 * DAY), result: null },
      "me",
      now,
    );
    expect(soon).toEqual({ kind: "active", label: "2 days left until draw", daysLeft: 2 });
    const past = entryStatus(
      { contestStatus: "active", contestEndDate: new Date(now.getTime() - 1000), result: null },
      "me",
      now,
    );
    expect(past).toEqual({ kind: "pending", label: "Contest ended - awaiting results" });
  });
});

describe("contest display", () => {
  it("humanises specification keys", () => {
    expect(humaniseKey("engine_type")).toBe("Engine Type");
    expect(humaniseKey("topSpeed")).toBe("Top Speed");
  });
  it("explains why tickets cannot be bought", () => {
    const base = { status: "active", endDate: null, soldTickets: 0, maxTickets: null };
    expect(unavailableReason(base)).toBeNull();
    expect(unavailableReason({ ...base, maxTickets: 5, soldTickets: 5 })).toBe("Sold out");
    expect(unavailableReason({ ...base, status: "ended" })).toBe("This contest has ended");
    expect(unavailableReason({ ...base, endDate: new Date(Date.now() - 1000) })).toBe("This contest has ended");
  });
});
