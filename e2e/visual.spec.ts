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
  "[data-testid=notification-count]",
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

test.describe("visual check of every route", () => {
  test.describe.configure({ timeout: 180_000 });

  test("visitor routes", async ({ page }) => {
    await shot(page, "visitor-landing", "/", heading(/Win/i));
    await shot(page, "visitor-login", "/login", heading("Welcome Back"));
    await shot(page, "visitor-signup", "/signup", heading(/Create/i));
    await shot(page, "visitor-forgot-password", "/forgot-password", heading(/Reset|Forgot/i));
    await shot(page, "visitor-dream-car", "/dream-car", heading(/Dream Car/i));
    await shot(page, "visitor-dream-car-competition", "/dream-car-competition", heading(/.+/));
    await shot(page, "visitor-not-found", "/no-such-page", heading(/not found/i));
  });

  test("player routes", async ({ browser }, info) => {
    // A contest of its own, so sales by other specs do not change the page.
    const contestId = await createContestViaApi(browser, { title: "Visual Check Watch", ticketPrice: 2, maxTickets: 100 });
    const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
    await shot(page, "player-home", "/", heading("Active Contests"));
    await shot(page, "player-contest", `/contest/${contestId}`, heading("Visual Check Watch"));
    await shot(page, "player-wheel", "/wheel", heading("Fortune Wheel"));
    await shot(page, "player-payments", "/payments", heading("My Payments"));
    await shot(page, "player-withdrawals", "/withdrawals", heading(/Withdraw/i));
    await shot(page, "player-prizes", "/prizes", heading("My Prizes"));
    await context.close();
  });

  test("admin routes", async ({ browser }, info) => {
    const context = await browser.newContext({ viewport: info.project.use.viewport ?? undefined });
    const page = await context.newPage();
    await signInViaApi(page, ADMIN);
    const tab = (name: string) => async (p: Page) => {
      await expect(p.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true", { timeout: 30_000 });
    };
    for (const [value, name] of [
      ["overview", "Overview"],
      ["payments", "Payments"],
      ["withdrawals", "Withdrawals"],
      ["contests", "Contests"],
      ["analytics", "Analytics"],
      ["audit", "Audit"],
    ] as const) {
      await shot(page, `admin-${value}`, `/admin?tab=${value}`, tab(name), { topOnly: true });
    }
    await context.close();
  });
});
