import { expect, test } from "@playwright/test";
import { newPlayer } from "./players";

// One toast at a time, and always the newest (docs/product.md §9).
const toasts = (page: import("@playwright/test").Page) => page.locator(".mantine-Notification-root");

test("a wrong then a right password: the success replaces the failure, never queued behind it", async ({ browser }) => {
  const { context, page, email, password } = await newPlayer(browser);
  await page.request.post("/api/auth/logout");
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Failed")).toBeVisible();
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Successful")).toBeVisible();
  await expect(page.getByText("Login Failed")).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Active Contests" })).toBeVisible();
  await expect(page.getByText("Login Failed")).toHaveCount(0);
  expect(await toasts(page).count()).toBeLessThanOrEqual(1);
  await context.close();
});

test("recovery: 'Email Not Found' does not stay over the security-question step", async ({ browser }) => {
  const { context, page, email } = await newPlayer(browser);
  await page.request.post("/api/auth/logout");
  await page.goto("/forgot-password");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("nobody-here@example.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Email Not Found", { exact: true })).toBeVisible();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("security-question")).toHaveText("What is your favourite movie?");
  await expect(page.getByText("Email Not Found", { exact: true })).toHaveCount(0);
  await context.close();
});

test("Add Balance: the follow-up toast with the track id replaces the first one after 2 s", async ({ browser }) => {
  const { context, page } = await newPlayer(browser);
  await page.goto("/payments");
  await page.getByRole("button", { name: "Add Balance" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Balance" });
  await dialog.getByLabel("Amount (USD)").fill("3");
  await dialog.getByRole("radio", { name: /USDT/ }).check();
  const popup = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  await (await popup).close();
  await expect(page.getByText("Payment Created Successfully")).toBeVisible();
  const shownAt = Date.now();
  // The old queue showed it only after the first toast's 5 s; now it comes at 2 s, alone.
  await expect(page.getByText(/Track ID: /)).toBeVisible({ timeout: 3500 });
  expect(Date.now() - shownAt).toBeLessThan(3500);
  await expect(page.getByText("Payment Created Successfully")).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(1);
  await context.close();
});
