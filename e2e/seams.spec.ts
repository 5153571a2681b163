import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";
import { asAdmin, createContestViaApi, newPlayer } from "./players";

// What a player or an admin meets between the screens, on a desktop (1366) and a phone (390):
// each test fails on the code before its fix (docs/product.md, docs/admin.md, docs/fair-play.md).
const SLOW = { timeout: 30_000 };
const narrow = (page: Page) => (page.viewportSize()?.width ?? 1366) < 992;

test("the header balance follows a live Payment Approved, with no reload and no tab switch", async ({ browser }, info) => {
  const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible(SLOW);
  await page.waitForLoadState("networkidle"); // hydrated and subscribed
  // Where the balance is on screen: the user menu on wide screens, the open slide-out menu on phones
  // (opened first: a menu opened afterwards would read the balance afresh and prove nothing).
  let balance = page.getByTestId("user-menu-balance");
  if (narrow(page)) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    balance = page.getByRole("dialog", { name: "Menu" }).getByTestId("mobile-balance");
  }
  await expect(balance).toHaveText("$0.00");

  const payment = await (
    await page.request.post("/api/payments/create", { data: { amount: "7.50", currency: "USD", cryptoCurrency: "USDT" } })
  ).json();
  expect((await page.request.post(`/api/payments/sandbox/${payment.trackId}/pay`)).ok()).toBe(true);
  await asAdmin(browser, async (admin) => {
    expect((await admin.request.post(`/api/payments/${payment.paymentId}/approve`)).ok()).toBe(true);
  });
  await expect(balance).toHaveText("$7.50", SLOW);
  await context.close();
});

test("a cancelled contest's page says cancelled and shows no upcoming draw or countdown", async ({ browser }, info) => {
  const title = `Cancelled Watch ${info.project.name} ${Date.now()}`;
  const contestId = await asAdmin(browser, async (admin) => {
    const created = await admin.request.post("/api/admin/contests", {
      data: {
        title,
        description: "A contest an end-to-end test cancels.",
        ticketPrice: 1,
        maxTickets: 100,
        category: "watches",
        imageUrl: "/images/contests/gold-watch.svg",
        endDate: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).contest.id as string;
    const cancelled = await admin.request.post(`/api/admin/contests/${id}/status`, { data: { status: "cancelled" } });
    expect(cancelled.status()).toBe(200);
    return id;
  });
  const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
  await page.goto(`/contest/${contestId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible(SLOW);
  await expect(page.getByRole("button", { name: "Contest cancelled" })).toBeDisabled();
  await expect(page.getByTestId("draw-proof")).toBeVisible(SLOW);
  await expect(page.getByTestId("live-draw")).toHaveCount(0);
  await expect(page.getByText(/Draw in|Upcoming/)).toHaveCount(0);
  // No command line for players: a link to how draws are checked instead.
  await expect(page.getByText("npm run")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "how winners are chosen and verified" })).toHaveAttribute(
    "href",
    "/how-we-run-our-draws#winner-selection",
  );
  await context.close();
});

test("winner posts link a delivery trail only when there is one; an unknown trail is a plain 404", async ({ page }) => {
  await page.goto("/winners");
  const seeded = page.getByTestId("winner-card").filter({ hasText: "Marcus drives home a V10" });
  await expect(seeded).toBeVisible(SLOW);
  // The demo posts name no contest of this site: no link to a 404.
  await expect(seeded.getByTestId("prize-trail-link")).toHaveCount(0);
  for (const href of await page.getByTestId("prize-trail-link").evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
    expect((await page.request.get(href as string)).status(), href ?? "").toBe(200);
  }
  const missing = await page.goto("/prize-trail/no-such-contest");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle(/^404 Page Not Found/);
});

test("the compliance page names the online free entry and prints no addresses as text", async ({ page }) => {
  await page.goto("/how-we-run-our-draws");
  await expect(page.getByTestId("clause-free-entry")).toContainText("“Enter for free” on the contest page");
  const text = (await page.getByRole("main").textContent()) ?? "";
  expect(text).not.toMatch(/https?:\/\//);
  expect(text).not.toMatch(/\(\/[a-z-]+\)/);
  await expect(page.getByTestId("clause-complaints").getByRole("link", { name: "Complaints Policy" })).toHaveAttribute(
    "href",
    "/complaints-policy",
  );
});

test("a chat message's time names its zone", async ({ browser }, info) => {
  const { context, page } = await newPlayer(browser, {
    viewport: info.project.use.viewport ?? undefined,
    timezoneId: "America/New_York",
  });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible(SLOW);
  if ((page.viewportSize()?.width ?? 1366) < 576) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Support Chat" }).click();
  } else {
    await page.getByRole("button", { name: "Support chat" }).click();
  }
  const dialog = page.getByRole("dialog", { name: "Support Chat" });
  const text = `What time is it? ${Date.now()}`;
  await dialog.getByLabel("Message").fill(text);
  await dialog.getByRole("button", { name: "Send" }).click();
  const message = dialog.getByTestId("chat-message").filter({ hasText: text });
  await expect(message).toBeVisible();
  await expect(dialog.locator("time").last()).toHaveText(/^\d{1,2}:\d\d [AP]M E[SD]T$/);
  await context.close();
});

test("phone tap targets are at least 44 px: the menu button and a back link", async ({ browser }) => {
  // At a phone's width in every project (the header's menu button exists only there).
  const contestId = await createContestViaApi(browser, { title: `Tap Watch ${Date.now()}` });
  const { context, page } = await newPlayer(browser, { viewport: { width: 390, height: 844 } });
  await page.goto(`/contest/${contestId}`);
  for (const target of [
    page.getByRole("button", { name: "Open navigation menu" }),
    page.getByRole("link", { name: "Back to Contests" }),
  ]) {
    const box = await target.boundingBox();
    expect(box?.height, (await target.textContent()) ?? "").toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
  }
  await context.close();
});

/** The admin tabs the phone made scroll sideways, and what each holds once loaded. */
const ADMIN_TABS = ["payments", "review", "prizes", "contests", "users", "audit", "outbox", "risk"] as const;

test("admin tables stack on a phone (every action on screen), tabs are one row, Users pages with a count", async ({
  browser,
}, info) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: info.project.use.viewport ?? undefined });
  const page = await context.newPage();
  await signInViaApi(page, ADMIN);
  const width = info.project.use.viewport?.width ?? 1366;
  for (const tab of ADMIN_TABS) {
    await page.goto(`/admin?tab=${tab}`);
    await expect(page.getByRole("tab", { selected: true })).toBeVisible(SLOW);
    await expect(page.locator(".mantine-Loader-root")).toHaveCount(0, SLOW);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${tab} scrolls the page sideways`).toBeLessThanOrEqual(0);
    if (width < 768) {
      // Stacked: no table header row, and every button of the list is on screen.
      const panel = page.getByRole("tabpanel");
      const boxes = await panel
        .locator("table button")
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
      for (const b of boxes) {
        expect(b.left, `${tab}: a button starts off-screen`).toBeGreaterThanOrEqual(0);
        expect(b.right, `${tab}: a button ends off-screen`).toBeLessThanOrEqual(width + 1);
      }
      await expect(panel.locator("table thead").first()).toBeHidden();
      // The fifteen tabs are one scrolling row, not five rows.
      const bar = await page.getByRole("tablist").boundingBox();
      expect(bar?.height ?? 0).toBeLessThan(60);
    }
  }
  // Users: a page at a time with its count, and Load more.
  await page.goto("/admin?tab=users");
  const count = page.getByTestId("list-count");
  await expect(count).toHaveText(/^Showing 50 of [\d,]+ users$/, SLOW);
  const total = Number(((await count.textContent()) ?? "").match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ""));
  expect(total).toBeGreaterThan(50);
  await expect(page.getByTestId("admin-user-row")).toHaveCount(50);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect.poll(() => page.getByTestId("admin-user-row").count(), SLOW).toBeGreaterThan(50);
  await expect(count).toHaveText(/^Showing ([5-9]\d|100) (of [\d,]+ )?users( so far)?$/);
  await context.close();
});

test("admin figures group thousands: a contest of 12,000 tickets reads 0 / 12,000", async ({ browser }, info) => {
  const title = `Thousands Check ${Date.now()}`;
  await createContestViaApi(browser, { title, maxTickets: 12_000 });
  const context = await browser.newContext({ viewport: info.project.use.viewport ?? undefined });
  const page = await context.newPage();
  await signInViaApi(page, ADMIN);
  await page.goto("/admin?tab=contests");
  await page.getByRole("textbox", { name: "Search contests by title" }).fill(title);
  const row = page.getByTestId("admin-contest-row").filter({ hasText: title });
  await expect(row).toContainText("0 / 12,000", SLOW);
  await expect(row).not.toContainText("12000");
  await context.close();
});

test("a winner post picks its contest from a list, and saving it untouched keeps its date and time", async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const contestTitle = `Picked Watch ${info.project.name} ${Date.now()}`;
  const contestId = await createContestViaApi(browser, { title: contestTitle });
  const postTitle = `Post ${info.project.name} ${Date.now()}`;
  const winDate = "2026-01-02T15:30:00.000Z";
  await asAdmin(browser, async (admin) => {
    const res = await admin.request.post("/api/admin/winner-posts", {
      data: {
        title: postTitle,
        description: "A post whose contest was typed by hand.",
        winnerName: "Jo B.",
        winnerId: "typed-by-hand",
        contestId: "typed-by-hand",
        contestTitle: "Some contest",
        imageUrl: "",
        winDate,
        isPublished: true,
      },
    });
    expect(res.status()).toBe(201);
  });
  const context = await browser.newContext({ viewport: info.project.use.viewport ?? undefined });
  const page = await context.newPage();
  await signInViaApi(page, ADMIN);
  const published = async () =>
    (
      (await (await page.request.get("/api/winner-posts?limit=100")).json()) as {
        title: string;
        winDate: string;
        contestId: string;
      }[]
    ).find((p) => p.title === postTitle);
  await page.goto("/admin?tab=winner-posts");
  const card = page.getByTestId("admin-winner-post").filter({ hasText: postTitle });
  await card.getByRole("button", { name: "Edit" }).click(SLOW);
  const form = page.getByRole("dialog", { name: "Edit Winner Post" });
  // Saved as it is: the date field shows a day, the post keeps its instant.
  await form.getByRole("button", { name: "Update Post" }).click();
  await expect(form).toBeHidden(SLOW);
  expect((await published())?.winDate).toBe(winDate);

  // The contest comes from this site's contests: searched by title, its title filled in.
  await card.getByRole("button", { name: "Edit" }).click();
  await expect(form.getByRole("combobox", { name: "Contest ID" })).toHaveValue("typed-by-hand (not a contest on this site)");
  await form.getByRole("combobox", { name: "Contest ID" }).fill(contestTitle);
  await page.getByRole("option", { name: new RegExp(`^${contestTitle} \\(active\\)$`) }).click();
  await expect(form.getByRole("textbox", { name: "Contest title" })).toHaveValue(contestTitle);
  await form.getByRole("button", { name: "Update Post" }).click();
  await expect(form).toBeHidden(SLOW);
  expect(await published()).toMatchObject({ contestId, winDate });
  await context.close();
});
