import { expect, test } from "@playwright/test";
import { asAdmin, newPlayer } from "./players";

// Footer links go where they say, for visitors and players; and one money spelling everywhere.

test("a visitor's footer category link signs in, then lands on that category", async ({ browser }) => {
  const { context, page, email, password } = await newPlayer(browser);
  await page.request.post("/api/auth/logout");
  await page.goto("/winners");
  await page.locator("footer").getByRole("link", { name: "Watches", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // The password check is deliberately slow (argon2); under a full run's load it can take seconds.
  await expect(page).toHaveURL(/\/\?category=watches$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Luxury Watch Contests" })).toBeVisible();
  await context.close();
});

test("Contact Support opens the support chat for a signed-in player", async ({ browser }) => {
  const { context, page } = await newPlayer(browser);
  await page.goto("/winners");
  await page.locator("footer").getByRole("link", { name: "Contact Support" }).click();
  await expect(page.getByRole("dialog", { name: "Support Chat" })).toBeVisible();
  await context.close();
});

test("one money rule: a balance of $x.xx9 reads with two decimals everywhere but the wheel", async ({ browser }) => {
  const { context, page, email } = await newPlayer(browser, { balance: "5" });
  // A paid spin costs $0.001, so the balance gets a third decimal.
  const spin = await page.request.post("/api/wheel/spin", { data: { isPaid: true } });
  expect(spin.ok()).toBe(true);
  const balance: string = (await (await page.request.get("/api/wheel/status")).json()).balance;
  expect(balance).toMatch(/^\d+\.\d{3}$/);
  const two = `$${balance.slice(0, -1)}`; // toward zero: never shows more than there is
  const three = `$${balance}`;

  await page.goto("/payments");
  await expect(page.getByTestId("user-menu-balance")).toHaveText(two);
  await expect(page.getByTestId("balance")).toHaveText(two);
  await page.getByTestId("cart-button").click();
  await expect(page.getByTestId("cart-balance")).toHaveText(two);
  await expect(page.getByTestId("cart-total")).toHaveText("$0.00");
  await page.keyboard.press("Escape");
  await page.goto("/wheel");
  await expect(page.getByTestId("wheel-balance")).toHaveText(`Balance: ${three}`);
  await context.close();

  await asAdmin(browser, async (admin) => {
    await admin.goto("/admin?tab=users");
    await admin.getByRole("textbox", { name: "Search users" }).fill(email);
    await expect(admin.getByRole("row").filter({ hasText: email })).toContainText(two);
  });
});

// Links prefetch their page when reached for (pointer over, focus, touch), not when in view: Next's
// default cost two server renders per link in view on every page (src/components/common/links.tsx).
test("links are prefetched when reached for, not when in view, and a click stays a client navigation", async ({ page }) => {
  const prefetched: string[] = [];
  page.on("request", (r) => {
    if (r.headers()["next-router-prefetch"]) prefetched.push(new URL(r.url()).pathname);
  });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The header's and the footer's links are all in view: none was fetched ahead.
  expect(prefetched).toEqual([]);

  const header = page.getByRole("navigation", { name: "Main" });
  await header.getByRole("link", { name: "Winners" }).hover();
  await expect.poll(() => prefetched).toContain("/winners");
  await header.getByRole("link", { name: "Fortune Wheel" }).focus();
  await expect.poll(() => prefetched).toContain("/wheel");
  for (const footerOnly of ["/complaints-policy", "/how-we-run-our-draws", "/draws/live", "/dream-car-competition"])
    expect(prefetched, `${footerOnly} was prefetched`).not.toContain(footerOnly);

  await page.evaluate(() => {
    (window as { __stillHere?: boolean }).__stillHere = true;
  });
  await page.locator("footer").getByRole("link", { name: "Complaints Policy" }).click();
  await expect(page).toHaveURL(/\/complaints-policy$/);
  expect(await page.evaluate(() => (window as { __stillHere?: boolean }).__stillHere)).toBe(true);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Winners" }).click();
  await expect(page).toHaveURL(/\/winners$/);
  expect(await page.evaluate(() => (window as { __stillHere?: boolean }).__stillHere)).toBe(true);
});
