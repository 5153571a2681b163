import { expect, type Page, test } from "@playwright/test";
import { newPlayer } from "./players";

// A player outside UTC: the server renders dates in UTC, the browser shows the
// player's zone after hydration. Formatting in the browser's zone during hydration made the server
// HTML and the first browser render differ: React error #418 on every contest page.
test.use({ timezoneId: "America/Los_Angeles" });

function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const hydration = /#418|#423|#425|hydrat/i;
  page.on("pageerror", (e) => {
    if (hydration.test(e.message)) errors.push(e.message);
  });
  page.on("console", (m) => {
    if (m.type() === "error" && hydration.test(m.text())) errors.push(m.text());
  });
  return errors;
}

test("in Los Angeles, contest pages hydrate without errors and show dates in the player's zone with its label", async ({
  page,
  browser,
}) => {
  const errors = collectHydrationErrors(page);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("America/Los_Angeles");

  for (const path of ["/", "/winners", "/dream-car"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }

  // Contest pages are for signed-in players; then the player's own lists.
  const { context, page: player } = await newPlayer(browser, { timezoneId: "America/Los_Angeles" });
  const playerErrors = collectHydrationErrors(player);
  for (const path of ["/contest/seed-supercar", "/contest/seed-classic", "/", "/payments", "/withdrawals", "/wheel"]) {
    await player.goto(path);
    await player.waitForLoadState("networkidle");
  }
  await player.goto("/contest/seed-diver-watch");
  await expect(player.getByTestId("contest-ends")).toContainText(/ P[SD]T$/);
  await context.close();
  expect([...errors, ...playerErrors]).toEqual([]);
});
