import { describe, expect, it } from "vitest";
import { humaniseKey } from "../../src/shared/contest-display";
import { entryStatusKind, entryStatusLabel, purchaseBlocker } from "../../src/shared/purchase-rules";
import { addItem, setAnswer, setQuantity } from "../../src/components/common/cartStore";

const DAY = 24 * 3600 * 1000;

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
  it("re-adding with a different skill answer corrects the line instead of doubling it; the same answer adds", () => {
    const quiz = { ...item, skillQuestion: { text: "2+2?", options: ["3", "4", "5"] } };
    let items = addItem([], { ...quiz, answerIndex: 0 }, 2);
    items = addItem(items, { ...quiz, answerIndex: 1 }, 2);
    expect(items).toEqual([{ ...quiz, answerIndex: 1, quantity: 2 }]);
    items = addItem(items, { ...quiz, answerIndex: 1 }, 3);
    expect(items[0]!.quantity).toBe(5);
    expect(setAnswer(items, "a", 2)[0]).toMatchObject({ answerIndex: 2, quantity: 5 });
  });
});

describe("purchase entry status (src/shared/purchase-rules.ts)", () => {
  const now = new Date("2026-01-10T12:00:00Z").getTime();
  const base = { contestStatus: "active", contestEndDate: null, result: null } as const;
  it("the stored result decides: won, lost, refunded", () => {
    expect(entryStatusKind({ ...base, contestStatus: "ended", result: "won" }, now)).toBe("won");
    expect(entryStatusKind({ ...base, contestStatus: "ended", result: "lost" }, now)).toBe("lost");
    // a cancelled contest's entry is refunded, never "Not a winner this time"
    expect(entryStatusKind({ ...base, contestStatus: "cancelled", result: "refunded" }, now)).toBe("refunded");
    expect(entryStatusLabel("refunded", null)).toBe("Contest cancelled - your tickets were refunded");
  });
  it("without a result: active until the end date, then pending", () => {
    expect(entryStatusKind({ ...base, contestEndDate: new Date(now + 1.2 * DAY) }, now)).toBe("active");
    expect(entryStatusLabel("active", new Date(now + 1.2 * DAY), now)).toBe("2 days left until draw");
    expect(entryStatusLabel("active", new Date(now + 0.2 * DAY), now)).toBe("1 day left until draw");
    expect(entryStatusKind({ ...base, contestEndDate: new Date(now - 1000) }, now)).toBe("pending");
    expect(entryStatusKind({ ...base, contestStatus: "ended" }, now)).toBe("pending");
    expect(entryStatusLabel("pending", null)).toBe("Contest ended - awaiting results");
  });
});

describe("contest display", () => {
  it("humanises specification keys", () => {
    expect(humaniseKey("engine_type")).toBe("Engine Type");
    expect(humaniseKey("topSpeed")).toBe("Top Speed");
  });
  it("explains why tickets cannot be bought", () => {
    const base = { status: "active", endDate: null, soldTickets: 0, maxTickets: null };
    expect(purchaseBlocker(base)).toBeNull();
    expect(purchaseBlocker({ ...base, maxTickets: 5, soldTickets: 5 })?.label).toBe("Sold out");
    // sold out and therefore drawn: still "Sold out", as checkout says
    expect(purchaseBlocker({ ...base, status: "ended", maxTickets: 5, soldTickets: 5 })?.label).toBe("Sold out");
    expect(purchaseBlocker({ ...base, status: "ended" })?.label).toBe("This contest has ended");
    expect(purchaseBlocker({ ...base, status: "cancelled", maxTickets: 5, soldTickets: 5 })?.label).toBe("Contest cancelled");
    expect(purchaseBlocker({ ...base, endDate: new Date(Date.now() - 1000) })?.label).toBe("This contest has ended");
    expect(purchaseBlocker({ ...base, maxTickets: 5, soldTickets: 3 }, 3)?.label).toBe("Only 2 tickets left");
  });
});
