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
  const titles = await cards.locator("h3").allTextContents();
  expect(new Set(titles).size).toBe(titles.length);
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
