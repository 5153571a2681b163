import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";
import { createContestViaApi, newPlayer } from "./players";

// The visual check: every route for each role, on desktop (1366) and phone (390) (the
// 900 px tablet has e2e/devices.spec.ts's overflow walk), compared with approved screenshots
// (e2e/visual.spec.ts-snapshots/), so a layout break fails with a diff. Other specs add contests, posts and payments to the shared database in any order, so
// what comes from the database is masked: a mask keeps the element's box (a block of one colour),
// so a card or table that moves, grows or overflows still shows in the diff while its words do not.
// Screenshots are of the viewport, at CSS pixels. Approve changes with
// `npx playwright test e2e/visual.spec.ts --update-snapshots` and commit the images.

// A loaded 2-core machine can take well over the default 10 s to hydrate a page.
const SLOW = { timeout: 30_000 };

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
  "[data-testid=contest-stats]",
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
  opts: { tabsOnly?: boolean } = {},
) {
  await page.goto(path);
  await ready(page);
  // Hydrated: the header's client-only cart button and the demo banner (asked of the server) are in.
  await expect(page.getByTestId("cart-button")).toBeVisible(SLOW);
  await expect(page.getByTestId("demo-banner")).toBeVisible(SLOW);
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready);
  // Admin tabs list what other specs add: the frame down to the tab bar only. The bar's place settles
  // once the header's late parts are in (a reading taken earlier was 1 px off): read it until two
  // readings 250 ms apart agree.
  const height = opts.tabsOnly ? await settledBottom(page) : null;
  const width = page.viewportSize()?.width ?? 1366;
  // toHaveScreenshot waits for two identical pictures in a row.
  await expect(page).toHaveScreenshot(`${name}.png`, {
    mask: DATA.map((s) => page.locator(s)),
    ...(height ? { clip: { x: 0, y: 0, width, height } } : {}),
  });
}

/** The tab bar's bottom edge plus 8 px, once two readings in a row agree. */
async function settledBottom(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const box = await page.getByRole("tablist").first().boundingBox();
        const bottom = box ? Math.ceil(box.y + box.height + 8) : -1;
        const settled = bottom > 0 && bottom === last;
        last = bottom;
        return settled;
      },
      { intervals: [250], timeout: 10_000 },
    )
    .toBe(true);
  return last;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible(SLOW);
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
/** Each page with what shows once its data has arrived. */
const PLAYER: [string, string, (page: Page) => Promise<void>][] = [
  ["player-home", "/", async (p) => expect(p.getByTestId("contest-grid")).toBeVisible(SLOW)],
  ["player-wheel", "/wheel", async (p) => expect(p.getByTestId("spin-button")).toHaveText("Free Spin", SLOW)],
  ["player-payments", "/payments", async (p) => expect(p.getByText("No payments yet.", { exact: false })).toBeVisible(SLOW)],
  ["player-withdrawals", "/withdrawals", async (p) => expect(p.getByText("No withdrawals yet.")).toBeVisible(SLOW)],
  ["player-prizes", "/prizes", async (p) => expect(p.getByText("No prizes yet.", { exact: false })).toBeVisible(SLOW)],
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
  // The routes share nothing: both workers take them (run as one block, the phone's came last and
  // kept one worker busy alone for the run's final 18 s).
  test.describe.configure({ mode: "parallel" });

  for (const [name, path, title] of VISITOR) {
    test(`visitor ${path}`, async ({ page }) => {
      await shot(page, name, path, heading(title));
    });
  }

  for (const [name, path, ready] of PLAYER) {
    test(`player ${path}`, async ({ browser }, info) => {
      const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
      await shot(page, name, path, ready);
      await context.close();
    });
  }

  test("player /contest/:id", async ({ browser }, info) => {
    // A contest of its own, so sales by other specs do not change the page.
    const contestId = await createContestViaApi(browser, { title: "Visual Check Watch", ticketPrice: 2, maxTickets: 100 });
    const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
    await shot(page, "player-contest", `/contest/${contestId}`, async (p) => {
      await expect(p.getByRole("button", { name: "Add to Cart" })).toBeEnabled(SLOW);
      await expect(p.getByTestId("free-entry-address")).toBeVisible(SLOW);
    });
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
          await expect(p.locator(".mantine-Loader-root")).toHaveCount(0, { timeout: 30_000 });
        },
        { tabsOnly: true },
      );
      await context.close();
    });
  }
});

// The header is on every page and drawn with light parts, not Mantine's components
// (src/components/common/LightButtons.tsx): held to the pictures Mantine's own Button, ActionIcon,
// Indicator and Avatar drew, pixel for pixel (colour threshold 0: at Playwright's default of 0.2 a
// badge turned from red to orange passed), where the whole-page pictures above allow 2% of the
// pixels. The player has a balance and two unread notifications (the top-up's approval and sign-up's
// welcome), so the count badge shows.
test.describe("the header, pixel for pixel", () => {
  const STRICT = { maxDiffPixelRatio: 0, maxDiffPixels: 0, threshold: 0 };

  test("visitor", async ({ page }) => {
    await page.goto("/offline");
    await expect(page.getByTestId("cart-button")).toBeVisible(SLOW);
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible(SLOW);
    await page.evaluate(() => document.fonts.ready);
    await expect(page.locator("header")).toHaveScreenshot("header-visitor.png", STRICT);
  });

  test("player", async ({ browser }, info) => {
    const { context, page } = await newPlayer(browser, { balance: "10", viewport: info.project.use.viewport ?? undefined });
    await page.goto("/offline");
    await expect(page.getByTestId("notification-badge")).toHaveText("2", SLOW);
    await expect(page.getByRole("button", { name: "Add Balance" }).first()).toBeVisible(SLOW);
    await page.evaluate(() => document.fonts.ready);
    await expect(page.locator("header")).toHaveScreenshot("header-player.png", STRICT);
    await context.close();
  });
});
