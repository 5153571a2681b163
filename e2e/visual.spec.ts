import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";
import { createContestViaApi, newPlayer } from "./players";

// The visual check (issue 34): every route for each role, on desktop (1366), tablet (900) and phone
// (390), compared with approved screenshots (e2e/visual.spec.ts-snapshots/), so a layout break fails
// with a diff. Other specs add contests, posts and payments to the shared database in any order, so
// what comes from the database is masked: a mask keeps the element's box (a block of one colour),
// so a card or table that moves, grows or overflows still shows in the diff while its words do not.
// Screenshots are of the viewport, at CSS pixels. Approve changes with
// `npx playwright test e2e/visual.spec.ts --update-snapshots` and commit the images.

const DATA = [
  "time",
  "[data-testid=contest-grid]",
  "[data-testid=contest-card]",
  "[data-testid=winner-card]",
  "[data-testid=stat-card]",
  "[data-testid=wheel-teaser]",
  "[data-testid=demo-banner]",
  "table",
  ".mantine-Progress-root",
  "[data-testid=tickets-sold]",
  "[data-testid=tickets-left]",
  "[data-testid=last-result]",
  "[data-testid=server-seed-hash]",
  "[data-testid=notification-badge]",
  "[data-testid=mobile-user]",
  "canvas",
  "code",
];

async function shot(
  page: Page,
  name: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  opts: { topOnly?: boolean } = {},
) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState("networkidle");
  // Web fonts and lazy images settle before the picture is taken.
  await page.evaluate(() => document.fonts.ready);
  const width = page.viewportSize()?.width ?? 1366;
  await expect(page).toHaveScreenshot(`${name}.png`, {
    mask: DATA.map((s) => page.locator(s)),
    // Lists whose length other specs change (admin tabs): the frame above them only.
    ...(opts.topOnly ? { clip: { x: 0, y: 0, width, height: 420 } } : {}),
  });
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible();
};

// One test per route: a loaded machine takes a while per approved picture (stable twice in a row).
const VISITOR: [string, string, string | RegExp][] = [
  ["visitor-landing", "/", /Win/i],
  ["visitor-login", "/login", "Welcome Back"],
  ["visitor-signup", "/signup", /Create/i],
  ["visitor-forgot-password", "/forgot-password", /Reset|Forgot/i],
  ["visitor-dream-car", "/dream-car", /Dream Car/i],
  ["visitor-dream-car-competition", "/dream-car-competition", /.+/],
  ["visitor-not-found", "/no-such-page", /not found/i],
];
const PLAYER: [string, string, string | RegExp][] = [
  ["player-home", "/", "Active Contests"],
  ["player-wheel", "/wheel", "Fortune Wheel"],
  ["player-payments", "/payments", "My Payments"],
  ["player-withdrawals", "/withdrawals", /Withdraw/i],
  ["player-prizes", "/prizes", "My Prizes"],
];
const ADMIN_TABS = [
  ["overview", "Overview"],
  ["payments", "Payments"],
  ["withdrawals", "Withdrawals"],
  ["contests", "Contests"],
  ["analytics", "Analytics"],
  ["audit", "Audit"],
] as const;

test.describe("visual check of every route", () => {
  for (const [name, path, title] of VISITOR) {
    test(`visitor ${path}`, async ({ page }) => {
      await shot(page, name, path, heading(title));
    });
  }

  for (const [name, path, title] of PLAYER) {
    test(`player ${path}`, async ({ browser }, info) => {
      const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
      await shot(page, name, path, heading(title));
      await context.close();
    });
  }

  test("player /contest/:id", async ({ browser }, info) => {
    // A contest of its own, so sales by other specs do not change the page.
    const contestId = await createContestViaApi(browser, { title: "Visual Check Watch", ticketPrice: 2, maxTickets: 100 });
    const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
    await shot(page, "player-contest", `/contest/${contestId}`, heading("Visual Check Watch"));
    await context.close();
  });

  for (const [value, name] of ADMIN_TABS) {
    test(`admin /admin?tab=${value}`, async ({ browser }, info) => {
      const context = await browser.newContext({ viewport: info.project.use.viewport ?? undefined });
      const page = await context.newPage();
      await signInViaApi(page, ADMIN);
      await shot(
        page,
        `admin-${value}`,
        `/admin?tab=${value}`,
        async (p) => {
          await expect(p.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true", { timeout: 30_000 });
        },
        { topOnly: true },
      );
      await context.close();
    });
  }
});
