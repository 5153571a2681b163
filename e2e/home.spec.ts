import { expect, test } from "@playwright/test";
import { createApiClient } from "../src/client";
import { LIMITS } from "../src/shared/constants";
import { PLAYER, signInViaApi } from "./helpers";
import { homeCard } from "./players";

test("a signed-in player's home lists seeded contests from the database", async ({ page }) => {
  await signInViaApi(page, PLAYER);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Active Contests" })).toBeVisible();
  // One screen of contests, newest first, then more a page at a time: the seed's supercar is among them.
  await expect(page.getByTestId("contest-grid")).toBeVisible();
  await expect(await homeCard(page, "V10 Supercar")).toBeVisible();
  expect(await page.getByTestId("contest-card").count()).toBeGreaterThanOrEqual(LIMITS.homeContestsPage);
});

test("the signed-in home's HTML carries one screen of contests, however many are on sale; the rest come a page at a time", async ({
  page,
}) => {
  await signInViaApi(page, PLAYER);
  const all = await (await page.request.get("/api/contests")).json();
  // The e2e database holds every spec's contests by now: more than one screen.
  expect(all.length).toBeGreaterThan(LIMITS.homeContestsPage);
  const res = await page.request.get("/", { headers: { "accept-encoding": "identity" } });
  const html = await res.text();
  expect(html.match(/data-testid="contest-card"/g)?.length).toBe(LIMITS.homeContestsPage);
  expect(Buffer.byteLength(html)).toBeLessThan(100 * 1024);
  // In the browser, "Show more contests" (or scrolling to it) brings the next page, each contest once.
  await page.goto("/");
  const cards = page.getByTestId("contest-card");
  await expect(cards.first()).toBeVisible();
  const more = page.getByRole("button", { name: "Show more contests" });
  await more.scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count()).toBeGreaterThan(LIMITS.homeContestsPage);
  const titles = await cards.locator("h2").allTextContents();
  expect(new Set(titles).size).toBe(titles.length);
  // Headings go down one level at a time (h1, then the cards' h2s): a screen reader's outline.
  const levels = await page.$$eval("h1, h2, h3, h4, h5, h6", (hs) => hs.map((h) => Number(h.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level, i) => i > 0 && level > (levels[i - 1] as number) + 1)).toEqual([]);
});

test("the home asks for the next page only while 'Show more contests' is within a screen of view, and shows every page it asked for", async ({
  page,
}) => {
  await signInViaApi(page, PLAYER);
  // The cursor of every next page asked for: the last contest of the page before it.
  const cursors = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.includes("contests.list")) return;
    const cursor = /"cursor":"([^"]+)"/.exec(decodeURIComponent(url.search))?.[1];
    if (cursor) cursors.add(cursor);
  });
  await page.goto("/");
  await expect(page.getByTestId("contest-card").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  const measure = () =>
    page.evaluate(() => {
      const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="contest-card"]')];
      const more = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Show more contests"));
      return {
        ids: cards.map((c) =>
          c.querySelector<HTMLAnchorElement>('a[href^="/contest/"]')?.getAttribute("href")?.slice("/contest/".length),
        ),
        tops: cards.map((c) => c.getBoundingClientRect().top + window.scrollY),
        moreTop: more ? more.getBoundingClientRect().top + window.scrollY : null,
        reach: window.innerHeight + 600, // the load-ahead margin of src/components/contests/SignedInHome.tsx
      };
    });
  // Settled: the button, when there is more, ends out of reach until the player scrolls. When the
  // first screen's cards are short the button starts within reach, and the page asked for after
  // hydration (which a busy machine may finish after the network went idle) pushes it down.
  let shown = await measure();
  await expect
    .poll(
      async () => {
        shown = await measure();
        return shown.moreTop === null || shown.moreTop > shown.reach;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  for (const cursor of cursors) {
    const at = shown.ids.indexOf(cursor);
    // The page asked for is on screen: its first card follows the cursor's.
    expect(at, `the page after ${cursor} was asked for`).toBeGreaterThanOrEqual(0);
    expect(at, `the page after ${cursor} was asked for but is not shown`).toBeLessThan(shown.ids.length - 1);
    // And it was asked for while the button (where that card now starts) was within reach.
    expect(shown.tops[at + 1], `the page after ${cursor} was asked for with the button out of reach`).toBeLessThanOrEqual(
      shown.reach,
    );
  }
});

test("the typed client lists contests from the running server", async ({ baseURL }) => {
  const api = createApiClient(baseURL!);
  const contests = await api.contests.list.query();
  expect(contests.length).toBeGreaterThanOrEqual(12);
  expect(contests.find((c) => c.id === "seed-supercar")?.ticketPrice).toBe("3.99");
});

test("unknown pages read 404 Page Not Found", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});
