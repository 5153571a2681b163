import { expect, type Page, test } from "@playwright/test";
import { createContestViaApi, newPlayer } from "./players";
import { ADMIN, signInViaApi } from "./helpers";

// Runs on desktop (1366), tablet (900) and phone (390): every signed-in screen is reachable.
// Below 992 px the user menu is hidden and below 576 px the chat button too; the slide-out menu
// must then open My Purchases & Results, Account Settings, Support Chat and Payment History.

async function fromMenu(page: Page, name: string) {
  const narrow = (page.viewportSize()?.width ?? 1366) < 992;
  if (narrow) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole(name === "Payment History" ? "link" : "button", { name }).click();
    await expect(menu).toBeHidden();
  } else if (name === "Support Chat") {
    await page.getByRole("button", { name: "Support chat" }).click();
  } else if (name === "Payment History") {
    await page.getByRole("button", { name: "Add Balance" }).first().click();
    await page.getByRole("link", { name: "View my payment history" }).click();
  } else {
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name }).click();
  }
}

test("every signed-in screen is reachable at this width, and nothing overflows sideways", async ({ browser }, info) => {
  test.setTimeout(150_000);
  const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Active Contests" })).toBeVisible();

  const width = page.viewportSize()?.width ?? 1366;
  await expect(page.getByTestId("user-menu")).toBeVisible({ visible: width >= 992 });

  await fromMenu(page, "My Purchases & Results");
  const purchases = page.getByRole("dialog", { name: "My Purchases & Results" });
  await expect(purchases.getByText("You have no purchases yet.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(purchases).toBeHidden();

  await fromMenu(page, "Account Settings");
  const settings = page.getByRole("dialog", { name: "Account Settings" });
  await expect(settings).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();

  await fromMenu(page, "Support Chat");
  const chat = page.getByRole("dialog", { name: "Support Chat" });
  await expect(chat.getByText("Our support team typically responds within 24 hours.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(chat).toBeHidden();

  await fromMenu(page, "Payment History");
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole("heading", { name: "My Payments" })).toBeVisible();

  for (const path of ["/", "/wheel", "/payments", "/winners", "/contest/seed-diver-watch"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  }
  // The 64-digit seed hash wraps inside its box on every width.
  await page.goto("/wheel");
  const hash = page.getByTestId("server-seed-hash");
  await expect(hash).toHaveText(/^[0-9a-f]{64}$/);
  expect(await hash.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await context.close();
});

// below 992 px neither the slide-out menu nor Account Settings reached Responsible play.
test("Responsible play (limits, self-exclusion, date of birth) opens from the menu and from Account Settings", async ({
  browser,
}, info) => {
  const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Active Contests" })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "Responsible play" });

  await fromMenu(page, "Responsible play");
  await expect(dialog.getByRole("button", { name: "Save limits" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Self-exclude" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await fromMenu(page, "Account Settings");
  const settings = page.getByRole("dialog", { name: "Account Settings" });
  await settings.getByRole("button", { name: "Open Responsible play" }).click();
  await expect(settings).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Save limits" })).toBeVisible();
  await context.close();
});

// a self-excluded player saw live calls to action that failed only after the click.
test("a self-excluded player is told why and until when before any click: home, wheel, contest, Add Balance", async ({
  browser,
}, info) => {
  const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
  const ex = await page.request.post("/api/user/self-exclusion", { data: { period: "6m" } });
  expect(ex.status()).toBe(200);
  const year = String(new Date((await ex.json()).selfExcludedUntil).getUTCFullYear());
  // The home's list hydrates after the header has asked for the player's standing: it must still
  // hydrate what the server rendered (React #418 on every load of / before).
  const hydration: string[] = [];
  page.on("pageerror", (e) => {
    if (/#418|#423|#425|hydrat/i.test(e.message)) hydration.push(e.message);
  });
  page.on("console", (m) => {
    if (m.type() === "error" && /#418|#423|#425|hydrat/i.test(m.text())) hydration.push(m.text());
  });

  await page.goto("/");
  const notice = page.getByTestId("restriction-notice");
  await expect(notice).toContainText("Your account is self-excluded until");
  await expect(notice).toContainText(year);
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(notice).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(hydration).toEqual([]);

  await page.goto("/wheel");
  await expect(page.getByTestId("restriction-notice")).toBeVisible();
  await expect(page.getByTestId("spin-button")).toHaveText("Self-excluded");
  await expect(page.getByTestId("spin-button")).toBeDisabled();
  await expect(page.getByText("Your daily free spin is ready.")).toHaveCount(0);

  await page.goto("/contest/seed-diver-watch");
  await expect(page.getByRole("button", { name: "Self-excluded" })).toBeDisabled();
  await expect(page.getByTestId("restricted-reason")).toContainText("self-excluded until");

  // Add Balance says why instead of taking a payment; on narrow screens the menu closes first.
  const narrow = (page.viewportSize()?.width ?? 1366) < 992;
  if (narrow) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Add Balance" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  } else {
    await page.getByRole("button", { name: "Add Balance" }).click();
  }
  const topUp = page.getByRole("dialog", { name: "Add Balance" });
  await expect(topUp.getByTestId("top-up-restricted")).toContainText("self-excluded until");
  await expect(topUp.getByRole("button", { name: "Continue to Payment" })).toHaveCount(0);
  await context.close();
});

// money tables hid Status off-screen on phones; the admin's wheel
// economics table widened the page to 482 px. Every list is a table on wide screens and stacked
// cards (status first) on phones: nothing needs a sideways swipe.
test("money lists show each row's status on screen, and admin analytics fits the width", async ({ browser }, info) => {
  test.setTimeout(120_000);
  const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined, balance: "30" });
  const w = await page.request.post("/api/withdrawals", {
    data: { amount: "12", cryptoCurrency: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
  });
  expect(w.ok(), await w.text()).toBe(true);
  const width = page.viewportSize()?.width ?? 1366;

  for (const [path, row] of [
    ["/payments", "payment-row"],
    ["/withdrawals", "withdrawal-row"],
  ] as const) {
    await page.goto(path);
    const first = page.getByTestId(row).first();
    await expect(first).toBeVisible();
    const status = first.locator(".mantine-Badge-root").filter({ hasText: /^(approved|pending|paid|processing)$/i });
    await expect(status.first()).toBeVisible();
    const box = await status.first().boundingBox();
    expect(box && box.x + box.width, `${path}: status inside the ${width}px screen`).toBeLessThanOrEqual(width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  }
  await context.close();

  const admin = await browser.newContext({ viewport: info.project.use.viewport ?? undefined });
  const adminPage = await admin.newPage();
  await signInViaApi(adminPage, ADMIN);
  await adminPage.goto("/admin?tab=analytics");
  await expect(adminPage.getByTestId("wheel-economics")).toBeVisible({ timeout: 30_000 });
  const overflow = await adminPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `admin analytics scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  await admin.close();
});

// a win in My Purchases had no way to the claim (which has a deadline), and on
// phones its badge was cut to "END…".
test("a win in My Purchases links to the claim, and its badge is whole at this width", async ({ browser }, info) => {
  test.setTimeout(120_000);
  const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined, balance: "5" });
  const contestId = await createContestViaApi(browser, {
    title: `A rather long prize title that wraps on a phone ${Date.now()}`,
    ticketPrice: 1,
    maxTickets: 1,
  });
  expect((await page.request.post("/api/cart/add", { data: { contestId, quantity: 1 } })).ok()).toBe(true);
  // The sell-out draw runs just after the purchase commits.
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get("/api/user/prizes")).json()), { timeout: 30_000 })
    .toContain(contestId);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Active Contests" })).toBeVisible();
  await fromMenu(page, "My Purchases & Results");
  const dialog = page.getByRole("dialog", { name: "My Purchases & Results" });
  const entry = dialog.getByTestId("purchase-entry").first();
  await expect(entry.getByTestId("entry-status")).toContainText("won", { ignoreCase: true, timeout: 30_000 });
  const badge = entry.locator(".mantine-Badge-label");
  await expect(badge).toHaveText("Ended");
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await entry.getByRole("link", { name: "Claim your prize" }).click();
  await expect(page).toHaveURL(/\/prizes$/);
  await expect(page.getByTestId("prize-card").first()).toBeVisible();
  await context.close();
});

// the demo banner was cut to "Demo mode: payments are simulated. No…" on phones.
test("the demo banner's text is whole at this width", async ({ page }) => {
  await page.goto("/");
  const text = page.getByTestId("demo-banner").locator("p");
  await expect(text).toContainText("Demo mode: payments are simulated.");
  expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)).toBe(true);
});
