import { describe, expect, it } from "vitest";
import { stableDraws } from "../../src/components/contests/LiveDrawsPage";

const card = (id: string, endDay: number) => ({
  id,
  title: id,
  imageUrl: null,
  endDate: new Date(Date.UTC(2026, 10, endDay)),
  soldTickets: 1,
  maxTickets: 10,
  salesClosedAt: null,
  drawnAt: null,
});

describe("/draws/live keeps a watched draw in place (src/components/contests/LiveDrawsPage.tsx)", () => {
  it("a draw the page showed as upcoming stays in its place there once drawn, not under Latest", () => {
    const watched = card("b", 2);
    const drawn = { ...watched, salesClosedAt: new Date(), drawnAt: new Date() };
    const next = { upcoming: [card("a", 1), card("c", 3)], recent: [drawn, card("old", 1)] };
    const shown = stableDraws(new Set(["a", "b", "c"]), next);
    expect(shown.upcoming.map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(shown.upcoming[1]?.drawnAt).not.toBeNull();
    expect(shown.recent.map((c) => c.id)).toEqual(["old"]);
  });

  it("a draw the page never showed as upcoming is listed under Latest as the server says", () => {
    const next = { upcoming: [card("a", 1)], recent: [card("z", 1)] };
    expect(stableDraws(new Set(["a"]), next)).toEqual(next);
  });
});
