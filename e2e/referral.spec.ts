import { type Browser, expect, test } from "@playwright/test";
import { signInViaApi } from "./helpers";
import { createContestViaApi, newPlayer, topUp } from "./players";

// Referral and cashback (docs/retention.md), on desktop and phone: a player copies their link from
// the Rewards page; a friend in another browser follows it, signs up, buys $20 of tickets with cash,
// and both see the credit in their account. Cashback is paid by the weekly job after a week ends,
// which no browser can trigger: the card's empty state is checked here, a paid week by
// e2e/cashback.spec.ts and the job itself by tests/integration/referral-cashback.test.ts.
const SLOW = { timeout: 30_000 };

async function friendThrough(browser: Browser, link: string, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  // The link keeps the code in a first-party cookie and opens sign-up.
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/signup$/, SLOW);
  expect((await context.cookies()).find((c) => c.name === "ref")?.value).toBe(link.split("/r/")[1]);
  const email = `ref-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "secret123";
  // The sign-up from this browser (its cookies, the `ref` among them, go with the request).
  const signup = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Robin",
      lastName: "Friend",
      email,
      password,
      confirmPassword: password,
      securityQuestion: "What is your favourite movie?",
      securityAnswer: "heat",
      spendLimit: { choice: "declined" },
    },
  });
  expect(signup.status()).toBe(201);
  expect((await context.cookies()).find((c) => c.name === "ref")).toBeUndefined();
  await signInViaApi(page, { email, password });
  return { context, page };
}

test("a friend who joins through the copied link and buys $20 of tickets: both see their referral credit", async ({
  browser,
  page: projectPage,
}) => {
  const viewport = projectPage.viewportSize();
  const contestId = await createContestViaApi(browser, { title: `Referral Watch ${Date.now()}`, ticketPrice: 20 });
  const referrer = await newPlayer(browser, viewport ? { viewport } : {});
  await referrer.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const p = referrer.page;

  await p.goto("/rewards");
  const card = p.getByTestId("referral-card");
  await expect(card.getByRole("heading", { name: "Refer a friend" })).toBeVisible(SLOW);
  const linkInput = card.getByTestId("referral-link");
  await expect(linkInput).toHaveValue(/\/r\/[0-9A-HJKMNP-TV-Z]{8}$/, SLOW);
  const link = await linkInput.inputValue();
  await expect(card.getByText("Nobody has joined through your link yet.")).toBeVisible();
  await card.getByRole("button", { name: "Copy link" }).click();
  await expect(p.getByText("Link copied")).toBeVisible();
  expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // Cashback: nothing paid yet (the job pays a week after it ends).
  await expect(p.getByTestId("cashback-card").getByText("No cashback yet: it is paid after each week you play.")).toBeVisible();

  const friend = await friendThrough(browser, link, viewport);
  await topUp(browser, friend.page, "25");
  const bought = await friend.page.request.post("/api/cart/add", { data: { contestId, quantity: 1 } });
  expect(bought.status()).toBe(200);

  // The friend: their welcome credit, in the Rewards page and in the balance.
  await friend.page.goto("/rewards");
  await expect(friend.page.getByTestId("referred-by")).toContainText("Credited ($5.00)", SLOW);
  await expect(friend.page.getByTestId("referral-earned")).toHaveText("$5.00");
  const friendMe = await (await friend.page.request.get("/api/auth/user")).json();
  expect(friendMe.creditBalance).toBe("5.00");

  // The referrer: the friend by initial only, credited, and the credit earned.
  await p.reload();
  const row = p.getByTestId("referral-list").getByRole("row").nth(1);
  await expect(row).toContainText("R.", SLOW);
  await expect(row).toContainText("Credited");
  await expect(row).toContainText("$5.00");
  await expect(p.getByTestId("referral-list")).not.toContainText("Robin");
  await expect(p.getByTestId("referral-earned")).toHaveText("$5.00");
  const me = await (await p.request.get("/api/auth/user")).json();
  expect(me.creditBalance).toBe("5.00");

  await friend.context.close();
  await referrer.context.close();
});
