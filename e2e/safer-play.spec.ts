import { expect, type Page, test } from "@playwright/test";
import { signInViaApi } from "./helpers";
import { createContestViaApi, newPlayer, topUp } from "./players";

// Safer play (docs/fair-play.md "Safer play"), on desktop and on a 390 px phone.

async function openAccountSettings(page: Page) {
  if ((page.viewportSize()?.width ?? 1366) < 992) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("button", { name: "Account Settings" }).click();
    await expect(menu).toBeHidden();
  } else {
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Account Settings" }).click();
  }
  return page.getByRole("dialog", { name: "Account Settings" });
}

test("a new player is asked for a spend limit at sign-up; $0 means no spending", async ({ page }) => {
  const email = `safer-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Safe");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("secret123");
  await page.getByLabel("Confirm password").fill("secret123");
  await page.getByRole("combobox", { name: "Security question" }).selectOption({ index: 1 });
  await page.getByLabel("Security answer").fill("Oak");
  await page.getByLabel("Date of birth").fill("1990-05-17");
  // Help is signposted on the form itself.
  await expect(page.getByTestId("support-links").getByRole("link", { name: "GamCare" })).toHaveAttribute(
    "href",
    "https://www.gamcare.org.uk",
  );

  // Unanswered, the form does not go.
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Choose a spend limit, or choose no limit for now")).toBeVisible();

  // A limit, by keyboard: $0 a week.
  await page.getByRole("radio", { name: "Set a spend limit" }).check();
  await page.getByRole("combobox", { name: "Limit period" }).selectOption({ label: "Per week" });
  await page.getByRole("textbox", { name: "Limit (USD)" }).fill("0");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account Created Successfully!", { exact: true })).toBeVisible();

  // The server recorded the answer: a weekly limit of $0, prompt answered.
  await signInViaApi(page, { email, password: "secret123" });
  const limits = await (await page.request.get("/api/user/limits")).json();
  expect(limits).toMatchObject({ limits: { weekly: "0.00", daily: null, monthly: null }, limitChoice: "set" });
});

test("a player who signed up through the API is asked for a spend limit at checkout; the dialog's fields work", async ({
  browser,
}, info) => {
  const viewport = info.project.use.viewport;
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const email = `prompt-${Date.now()}-${info.project.name}@example.com`;
  const signup = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Pat",
      lastName: "Prompt",
      email,
      password: "secret123",
      confirmPassword: "secret123",
      securityQuestion: "What is your favourite movie?",
      securityAnswer: "heat",
    },
  });
  expect(signup.status()).toBe(201);
  await signInViaApi(page, { email, password: "secret123" });
  await topUp(browser, page, "5");
  const contestId = await createContestViaApi(browser, { title: `Limit prompt ${Date.now()}`, ticketPrice: 1 });
  await page.goto(`/contest/${contestId}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();
  await page.getByTestId("cart-button").click();
  await page.getByRole("button", { name: "Checkout with Balance" }).click();

  const dialog = page.getByRole("dialog", { name: "Before you play: a spend limit?" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("limit-prompt-save").click();
  await expect(dialog.getByText("Choose a spend limit, or choose no limit for now")).toBeVisible();
  await dialog.getByRole("radio", { name: "Set a spend limit" }).check();
  await dialog.getByRole("combobox", { name: "Limit period" }).selectOption({ label: "Per day" });
  await dialog.getByRole("textbox", { name: "Limit (USD)" }).fill("25");
  await dialog.getByTestId("limit-prompt-save").click();
  await expect(dialog).toBeHidden();
  // Saved, and checkout carried on with the click that asked.
  const limits = await (await page.request.get("/api/user/limits")).json();
  expect(limits).toMatchObject({ limits: { daily: "25.00", weekly: null, monthly: null }, limitChoice: "set" });
  await expect.poll(async () => (await (await page.request.get("/api/user/purchases")).json()).length).toBe(1);
  await context.close();
});

test("closing an account: confirmed with the password, signs out, and the account cannot sign in again", async ({
  browser,
}, info) => {
  const { context, page, email, password } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
  await page.goto("/");
  await expect(page.getByTestId("footer-support-links").getByRole("link", { name: "BeGambleAware" })).toBeVisible();

  const settings = await openAccountSettings(page);
  const section = settings.getByTestId("close-account");
  await section.getByRole("button", { name: "Close my account" }).click();
  const confirm = section.getByRole("button", { name: "Close my account for good" });
  await section.getByRole("textbox", { name: "Password" }).fill(password);
  await expect(confirm).toBeDisabled(); // the word CLOSE is asked too
  await section.getByRole("textbox", { name: "Type CLOSE to confirm" }).fill("CLOSE");
  await confirm.click();
  await expect(page.getByText("Account closed", { exact: true })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/");

  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);
  const login = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(login.status()).toBe(403);
  expect((await login.json()).message).toContain("This account is closed");
  await context.close();
});

test("the compliance page states the rules clause by clause, and the footer links to it", async ({ page }) => {
  await page.goto("/how-we-run-our-draws");
  await expect(page.getByRole("heading", { level: 1, name: "How we run our draws" })).toBeVisible();
  for (const id of ["winner-selection", "odds", "free-entry", "open-period", "fulfilment", "complaints", "spend-limits"]) {
    await expect(page.getByTestId(`clause-${id}`)).toBeVisible();
  }
  await expect(page.getByTestId("clause-open-period")).toContainText(/at least \d+ hours/);
  await expect(page.getByTestId("clause-safer-play").getByRole("link", { name: "GamCare" })).toBeVisible();
  // Nothing overflows sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
