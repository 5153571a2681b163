import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";

// With no SMTP_URL (the e2e server sets none) every email stays in the admin Outbox.
// Two browser contexts and several server round trips each: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

async function newPlayer(browser: Browser, tag: string): Promise<{ page: Page; email: string; password: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = `${tag}-${Date.now()}@example.com`;
  const password = "secret123";
  const signup = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Mai",
      lastName: "Ler",
      email,
      password,
      confirmPassword: password,
      securityQuestion: "What is your favourite movie?",
      securityAnswer: "heat",
    },
  });
  expect(signup.status()).toBe(201);
  return { page, email, password };
}

async function openOutboxMail(admin: Page, recipient: string, subject: string | RegExp): Promise<string> {
  await admin.goto("/admin?tab=outbox");
  await admin.getByLabel("Search by recipient").fill(recipient);
  await admin.getByRole("button", { name: subject }).click();
  const dialog = admin.getByRole("dialog");
  await expect(dialog.getByText(`To: ${recipient}`)).toBeVisible();
  await expect(dialog.frameLocator('iframe[title="Rendered email"]').locator("body")).toContainText("Hi Mai,");
  return (await dialog.getByTestId("outbox-text").textContent()) ?? "";
}

test("a purchase's receipt appears in the admin Outbox with the ticket numbers and seed hash", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInViaApi(admin, ADMIN);
  const title = `Receipt Bike ${Date.now()}`;
  expect(
    (
      await admin.request.post("/api/admin/contests", {
        data: {
          title,
          description: "A bike for the receipt test.",
          ticketPrice: 2,
          maxTickets: null,
          originalPrice: null,
          discountPercentage: null,
          category: "bikes",
          imageUrl: "/images/contests/gold-watch.svg",
          status: "active",
          soldTickets: 0,
        },
      })
    ).status(),
  ).toBe(201);
  const contest = (await (await admin.request.get("/api/contests")).json()).find((c: { title: string }) => c.title === title);

  const player = await newPlayer(browser, "receipt");
  await signInViaApi(player.page, player);
  const payment = await (
    await player.page.request.post("/api/payments/create", { data: { amount: "10", currency: "USD", cryptoCurrency: "USDT" } })
  ).json();
  expect((await player.page.request.post(`/api/payments/sandbox/${payment.trackId}/pay`)).ok()).toBe(true);
  expect((await admin.request.post(`/api/payments/${payment.paymentId}/approve`)).ok()).toBe(true);
  expect((await player.page.request.post("/api/cart/add", { data: { contestId: contest.id, quantity: 3 } })).ok()).toBe(true);

  const text = await openOutboxMail(admin, player.email, `Your tickets for ${title}: #1–#3`);
  expect(text).toContain("Ticket numbers: #1–#3");
  expect(text).toContain("Amount: $6.00");
  expect(text).toContain(contest.drawSeedHash);
  await admin.keyboard.press("Escape");
  // The top-up decision was mailed too.
  await expect(admin.getByRole("button", { name: "Top-up approved: $10.00 added" })).toBeVisible();
});

test("reset link: asked for on /forgot-password; the admin Outbox shows the mail with its link masked", async ({ browser }) => {
  // The token is made when the mail is sent (never stored), so no admin can read a live link;
  // the link itself is followed end to end over real SMTP in tests/integration/reset-link.test.ts.
  const player = await newPlayer(browser, "resetlink");
  const page = player.page;
  await page.goto("/forgot-password");
  await page.getByLabel("Account email").fill(player.email);
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(page.getByTestId("reset-link-sent")).toContainText("If an account exists for that email");

  const admin = await (await browser.newContext()).newPage();
  await signInViaApi(admin, ADMIN);
  const text = await openOutboxMail(admin, player.email, "Reset your Prize Contests password");
  expect(text).toContain("/reset-password?token=[hidden: sent by email]");
  expect(text).not.toMatch(/token=[A-Za-z0-9_-]{20}/);
});
