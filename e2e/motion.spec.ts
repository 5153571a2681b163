import { expect, type Page, test } from "@playwright/test";
import { PLAYER, signInViaApi } from "./helpers";

// The site honours a visitor's "reduce motion" setting (src/theme.ts respectReducedMotion): a dialog
// opens without its transition. Everyone else still gets it. playwright.config.ts asks every spec for
// reduced motion; this file checks both sides on the Add Balance dialog and the cart drawer, whose
// code loads on their first open (src/components/common/dialogs.ts useOpenAfterMount).

async function addBalanceTransition(page: Page): Promise<string> {
  await signInViaApi(page, PLAYER);
  await page.goto("/");
  await page.getByRole("button", { name: "Add Balance" }).first().click();
  await expect(page.getByRole("dialog", { name: "Add Balance" })).toBeVisible();
  return page.locator(".mantine-Modal-content").evaluate((el) => getComputedStyle(el).transitionDuration);
}

async function cartTransition(page: Page): Promise<string> {
  await page.goto("/");
  // Open it once the header knows the player (it renders again then), as a person would.
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await page.getByTestId("cart-button").click();
  await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
  return page.locator(".mantine-Drawer-content").evaluate((el) => getComputedStyle(el).transitionDuration);
}

test.describe("a visitor who asks for reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("gets dialogs without their transition", async ({ page }) => {
    expect(await addBalanceTransition(page)).toBe("0s");
    expect(await cartTransition(page)).toBe("0s");
  });
});

test.describe("a visitor who does not", () => {
  test.use({ reducedMotion: "no-preference" });
  test("gets dialogs with it", async ({ page }) => {
    expect(await addBalanceTransition(page)).not.toBe("0s");
    expect(await cartTransition(page)).not.toBe("0s");
  });
});
