import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WinnersGallery } from "../../src/components/winners/WinnersGallery";
import type { PublicWinnerPost } from "../../src/server/services/prizes";

function render(posts: PublicWinnerPost[]): string {
  return renderToString(createElement(MantineProvider, null, createElement(WinnersGallery, { posts })));
}

const post: PublicWinnerPost = {
  id: "p1",
  title: "A big win",
  description: "Somebody won something wonderful.",
  winnerName: "Jane D.",
  winnerId: "u1",
  contestId: "c1",
  contestTitle: "Gold Watch",
  imageUrl: null,
  winAmount: "$1,000",
  winDate: new Date("2026-03-04T00:00:00Z"),
  isPublished: true,
  socialMediaLinks: ["https://example.com/one", "https://example.com/two"],
  createdAt: new Date("2026-03-05T00:00:00Z"),
  hasTrail: true,
};

describe("winners gallery (server-rendered)", () => {
  it("shows the empty state when nothing is published", () => {
    const html = render([]);
    expect(html).toContain("Our Winners");
    expect(html).toContain("No Winners Yet");
    expect(html).toContain("Check back soon to see our amazing winners!");
    expect(html).toContain("View Contests");
  });

  it("shows social links as Link 1, Link 2 and falls back to the placeholder image", () => {
    const html = render([post]);
    expect(html).not.toContain("No Winners Yet");
    expect(html).toMatch(/href="https:\/\/example\.com\/one"[^>]*>Link (<!-- -->)?1</);
    expect(html).toMatch(/href="https:\/\/example\.com\/two"[^>]*>Link (<!-- -->)?2</);
    expect(html).toContain("/images/placeholder.svg");
    expect(html).toContain("March 4, 2026");
  });

  it("links each winner to the prize's public delivery trail", () => {
    expect(render([{ ...post, contestId: "c 1" }])).toMatch(/href="\/prize-trail\/c%201"[^>]*>Prize delivery trail</);
  });

  it("links no trail for a post whose contest has none (a typed id that names no contest here: a 404)", () => {
    const html = render([{ ...post, contestId: "demo", hasTrail: false }]);
    expect(html).not.toContain("Prize delivery trail");
    expect(html).not.toContain("/prize-trail/");
  });
});
