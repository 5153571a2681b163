import { expect, test } from "@playwright/test";
import { asAdmin, newPlayer } from "./players";

// a wrong skill answer failed the whole cart with "Incorrect answer" naming no
// contest, the cart neither showed nor changed the answer, and re-adding with another answer doubled
// the line's quantity.
test("the cart shows and changes a skill answer; re-adding corrects it; a wrong answer names its contest", async ({
  browser,
}) => {
  const title = `Quiz Watch ${Date.now()}`;
  const contestId = await asAdmin(browser, async (admin) => {
    const res = await admin.request.post("/api/admin/contests", {
      data: {
        title,
        description: "A contest with a skill question.",
        ticketPrice: 1,
        maxTickets: 50,
        category: "watches",
        imageUrl: "/images/contests/gold-watch.svg",
        skillQuestion: { text: "Which planet is the Red Planet?", options: ["Venus", "Mars", "Jupiter"], correctIndex: 1 },
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).contest.id as string;
  });
  const { context, page } = await newPlayer(browser, { balance: "5" });
  await page.goto(`/contest/${contestId}`);
  await page.getByTestId("skill-question").getByLabel("Venus").check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();
  // Re-adding with another answer corrects the line: still one ticket, not two.
  await page.getByTestId("skill-question").getByLabel("Mars").check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`Your cart now has 1 ticket(s) for ${title} with the new answer`)).toBeVisible();

  await page.getByTestId("cart-button").click();
  const line = page.getByTestId("cart-item").filter({ hasText: title });
  await expect(line.getByRole("textbox", { name: "Quantity" })).toHaveValue("1");
  const answer = line.getByLabel("Your answer: Which planet is the Red Planet?");
  await expect(answer).toHaveValue("1");
  await expect(answer.locator("option:checked")).toHaveText("Mars");
  // Changed in the cart, the answer is what checkout sends: the refusal names the contest.
  await answer.selectOption({ label: "Venus" });
  await page.getByRole("button", { name: "Checkout with Balance" }).click();
  await expect(page.getByText(`Incorrect answer to the skill question of "${title}"`)).toBeVisible();
  await expect(page.getByTestId("cart-balance")).toHaveText("$5.00");
  await context.close();
});
