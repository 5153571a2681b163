import { expect, test } from "@playwright/test";
import { newPlayer } from "./players";

// Issue 34's screen findings on desktop (1366×900): each test fails on the code before its fix.

test("an expired session says so and goes to sign in; the cart is back after signing in (finding 9)", async ({ browser }) => {
  const { context, page, email, password } = await newPlayer(browser);
  const me = await (await page.request.get("/api/auth/user")).json();
  await page.goto("/");
  await page.evaluate(
    (key) =>
      window.localStorage.setItem(
        key,
        JSON.stringify([{ contestId: "seed-diver-watch", title: "Diver", ticketPrice: "1.00", quantity: 2, imageUrl: null }]),
      ),
    `prize-cart:v1:${me.id}`,
  );
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // The session ends behind the page's back (expiry, another tab); the page notices on its next check.
  await page.request.post("/api/auth/logout");
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
  await expect(page.getByText("You are logged out. Logging in again...")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await context.close();
});
