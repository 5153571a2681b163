import { type Browser, expect, test } from "@playwright/test";
import { holdScripts } from "./helpers";
import { asAdmin, createContestViaApi, newPlayer } from "./players";

async function quizContest(browser: Browser, title: string): Promise<string> {
  return asAdmin(browser, async (admin) => {
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
}

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

// A wrong answer locks that contest's question for 24 h. The locked line is marked with when it ends
// and left out, so the rest of the cart goes through; the contest page stops offering Add to Cart and
// says until when. On a desktop and on a phone.
for (const { name, viewport } of [
  { name: "desktop", viewport: { width: 1366, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test(`a locked question marks its cart line and the rest checks out; the page says until when (${name})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const quiz = `Locked Quiz ${name} ${Date.now()}`;
    const plain = `Plain Watch ${name} ${Date.now()}`;
    const quizId = await quizContest(browser, quiz);
    const plainId = await createContestViaApi(browser, { title: plain, ticketPrice: 1, maxTickets: 50 });
    const { context, page } = await newPlayer(browser, { balance: "5", viewport });
    await page.goto(`/contest/${quizId}`);
    await page.getByTestId("skill-question").getByLabel("Venus").check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();
    await page.goto(`/contest/${plainId}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();

    await page.getByTestId("cart-button").click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await expect(drawer.getByTestId("cart-total")).toHaveText("$2.00");
    await drawer.getByRole("button", { name: "Checkout with Balance" }).click();
    await expect(
      page.getByText(/^Incorrect answer to the skill question of ".+The rest of your cart is ready: check out again\.$/),
    ).toBeVisible();
    // The wrong line is marked, with when it opens again; the total is the rest.
    const locked = drawer.getByTestId("cart-item").filter({ hasText: quiz });
    await expect(locked.getByTestId("cart-line-locked")).toContainText("you can answer it again from");
    await expect(locked.getByTestId("cart-line-locked").locator("time")).toHaveCount(1);
    await expect(drawer.getByTestId("cart-total")).toHaveText("$1.00");
    await drawer.getByRole("button", { name: "Checkout with Balance" }).click();
    await expect(page.getByText("All tickets have been purchased and added to your account")).toBeVisible();
    // The locked line stays in the cart for later; the bought one left.
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    const mine = (await (await page.request.get("/api/user/purchases")).json()) as { contestId: string }[];
    expect(mine.map((e) => e.contestId)).toEqual([plainId]);

    // The contest page no longer offers Add to Cart, and says until when.
    await page.goto(`/contest/${quizId}`);
    await expect(page.getByRole("button", { name: "Question locked" })).toBeDisabled();
    await expect(page.getByTestId("skill-locked")).toContainText("you can enter again from");
    await expect(page.getByTestId("skill-question")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await context.close();
  });
}

// An answer picked before the contest page's code arrived (a slow phone) is the answer sent, not none
// (src/components/contests/SkillQuestion.tsx).
test("a skill answer picked before the contest page's code arrived is the one added to the cart", async ({ browser }) => {
  const title = `Early answer ${Date.now()}`;
  const id = await quizContest(browser, title);
  const { context, page } = await newPlayer(browser);
  const release = await holdScripts(page);
  await page.goto(`/contest/${id}`, { waitUntil: "domcontentloaded" });
  await page.getByTestId("skill-question").getByLabel("Mars").check();
  release();
  await expect(page.getByRole("button", { name: /notifications/i })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("skill-question").getByLabel("Mars")).toBeChecked();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();
  await page.getByTestId("cart-button").click();
  const answer = page
    .getByTestId("cart-item")
    .filter({ hasText: title })
    .getByLabel("Your answer: Which planet is the Red Planet?");
  await expect(answer.locator("option:checked")).toHaveText("Mars");
  await context.close();
});
