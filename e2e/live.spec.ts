import { expect, test } from "@playwright/test";
import { createContestViaApi, homeCard, newPlayer } from "./players";

// Counts follow purchases live across browsers (the contests event over SSE), with no reload.
test("a purchase in one browser updates the contest page and the card in another", async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Live Count ${Date.now()}`;
  const id = await createContestViaApi(browser, { title, ticketPrice: 1, maxTickets: 100 });
  const watcher = await newPlayer(browser);
  const buyer = await newPlayer(browser, { balance: "10" });

  await watcher.page.goto(`/contest/${id}`);
  await expect(watcher.page.getByTestId("tickets-sold")).toHaveText("0");
  await expect(watcher.page.getByTestId("tickets-left")).toHaveText("100");
  const home = await watcher.context.newPage();
  await home.goto("/");
  const card = await homeCard(home, title);
  await expect(card).toContainText("0 of 100 sold");

  // The buyer uses the contest page and the cart, like a person would.
  await buyer.page.goto(`/contest/${id}`);
  await buyer.page.waitForLoadState("networkidle"); // hydrated: clicks reach React
  await buyer.page.getByRole("button", { name: "Increase quantity" }).first().click();
  await buyer.page.getByRole("button", { name: "Increase quantity" }).first().click();
  await expect(buyer.page.getByTestId("detail-total")).toHaveText("Total: $3.00");
  await buyer.page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(buyer.page.getByText("Added 3 ticket(s) to cart")).toBeVisible();
  await buyer.page.getByTestId("cart-button").click();
  await buyer.page.getByRole("button", { name: "Checkout with Balance" }).click();
  await expect(buyer.page.getByText("All tickets have been purchased and added to your account")).toBeVisible();
  // The buyer's own page follows too (it said "0 sold" until a reload before).
  await expect(buyer.page.getByTestId("tickets-sold")).toHaveText("3");

  await expect(watcher.page.getByTestId("tickets-sold")).toHaveText("3");
  await expect(watcher.page.getByTestId("tickets-left")).toHaveText("97");
  await expect(card).toContainText("3 of 100 sold");
  await watcher.context.close();
  await buyer.context.close();
});
