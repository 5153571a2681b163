import { expect, test } from "@playwright/test";
import { createContestViaApi, newPlayer } from "./players";

// A player who presses Add to Cart before the page has heard who is signed in (a slow first load)
// finds the tickets in their own cart, not in a guest cart the drawer stops showing once the session
// arrives (src/components/contests/useAddToCart.ts).
test("Add to Cart pressed while the session is still loading lands in the player's cart", async ({ browser }) => {
  const title = `Slow Session Watch ${Date.now()}`;
  const contestId = await createContestViaApi(browser, { title, ticketPrice: 1 });
  const { context, page } = await newPlayer(browser, { balance: "5" });
  // Hold every answer that carries the session until the click has happened.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/trpc\/[^?]*auth\.me/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/contest/${contestId}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  // The stepper answering proves the page is hydrated, so the press below reaches React.
  await page.getByRole("button", { name: "Increase quantity" }).first().click();
  await expect(page.getByRole("textbox", { name: "Quantity" }).first()).toHaveValue("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  release();
  await expect(page.getByText("Added 2 ticket(s) to cart")).toBeVisible();
  await page.getByTestId("cart-button").click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  await expect(drawer.getByText(title)).toBeVisible();
  await expect(drawer.getByTestId("cart-total")).toHaveText("$2.00");
  await drawer.getByRole("button", { name: "Checkout with Balance" }).click();
  await expect(page.getByText("All tickets have been purchased and added to your account")).toBeVisible();
  await context.close();
});
