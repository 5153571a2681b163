import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./axe";
import { ADMIN, PLAYER, signInViaApi } from "./helpers";

// Runs on the 390×844 phone project (playwright.config.ts): every signed-in screen and dialog has no
// serious axe violation, and no page logs a page error or a React hydration error. One test per
// screen, in parallel: an axe pass takes seconds on a busy machine, and the screens do not share state.
test.describe.configure({ mode: "parallel" });

/** Records page errors and React's hydration / minified errors for the whole test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  const where = () => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };
  page.on("pageerror", (e) => errors.push(`${where()} pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && /Minified React error|Hydration|hydrat/i.test(m.text()))
      errors.push(`${where()} console: ${m.text()}`);
  });
  return errors;
}

const PLAYER_PAGES = [
  "/",
  "/contest/seed-diver-watch",
  "/wheel",
  "/winners",
  "/payments",
  "/withdrawals",
  "/prizes",
  "/rewards",
  "/dream-car",
  "/?category=watches",
  "/how-we-run-our-draws",
];

for (const path of PLAYER_PAGES) {
  test(`player ${path} at 390 px: no serious axe violation, no page error`, async ({ page }) => {
    const errors = watchErrors(page);
    await signInViaApi(page, PLAYER);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("h1").first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, path);
    expect(errors).toEqual([]);
  });
}

test("player dialogs at 390 px: menu, purchases, settings, support chat, cart, add balance", async ({ page }) => {
  const errors = watchErrors(page);
  await signInViaApi(page, PLAYER);
  await page.goto("/");
  const menu = page.getByRole("dialog", { name: "Menu" });
  const openMenu = async () => {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await expect(menu).toBeVisible();
  };
  await openMenu();
  await expectNoSeriousAxeViolations(page, "menu", "dialog");
  for (const [item, dialog] of [
    ["My Purchases & Results", "My Purchases & Results"],
    ["Account Settings", "Account Settings"],
    ["Support Chat", "Support Chat"],
  ] as const) {
    if (!(await menu.isVisible())) await openMenu();
    await menu.getByRole("button", { name: item }).click();
    await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousAxeViolations(page, dialog, "dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: dialog })).toBeHidden();
  }
  await openMenu();
  await menu.getByRole("button", { name: "Add Balance" }).click();
  await expect(page.getByRole("dialog", { name: "Add Balance" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "Add Balance", "dialog");
  await page.keyboard.press("Escape");
  await page.getByTestId("cart-button").click();
  await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "cart", "dialog");
  expect(errors).toEqual([]);
});

for (const tab of ["overview", "payments", "contests", "users", "winner-posts", "messages", "analytics"]) {
  test(`admin /admin?tab=${tab} at 390 px: no serious axe violation, no hydration error`, async ({ page }) => {
    const errors = watchErrors(page);
    await signInViaApi(page, ADMIN);
    await page.goto(`/admin?tab=${tab}`);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousAxeViolations(page, `/admin?tab=${tab}`);
    expect(errors).toEqual([]);
  });
}
