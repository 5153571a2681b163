import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { exited, freePort, migrateDatabase, startApp, stopApp } from "../scripts/start-app";
import { decodeBase32 } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { RESET_LINK_INVALID } from "../src/shared/schemas/email";
import { startSmtpServer } from "../tests/helpers/smtp";
import { ADMIN, openAccountSettings, signInViaApi } from "./helpers";

/** An authenticator's code for a two-factor secret, `offset` steps from now (a code is accepted once). */
const totp = (secret: string, offset = 0) =>
  generateHOTP(decodeBase32(secret), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);

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

/** Opens a mail in the admin Outbox; `greeting`: a new player's address is not verified, so security mail greets nobody by name. */
async function openOutboxMail(admin: Page, recipient: string, subject: string | RegExp, greeting = "Hi Mai,"): Promise<string> {
  await admin.goto("/admin?tab=outbox");
  await admin.getByLabel("Search by recipient").fill(recipient);
  await admin.getByRole("button", { name: subject }).click();
  const dialog = admin.getByRole("dialog");
  await expect(dialog.getByText(`To: ${recipient}`)).toBeVisible();
  await expect(dialog.frameLocator('iframe[title="Rendered email"]').locator("body")).toContainText(greeting);
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
  // The top-up decision was written too. The new player has not verified the address, so both wait
  // (docs/email.md "Verified addresses").
  // This player's row: the same test in the other project approves a $10 top-up of its own player.
  const topUp = admin.getByRole("row").filter({ hasText: player.email }).filter({ hasText: "Top-up approved: $10.00 added" });
  await expect(topUp).toHaveCount(1);
  await expect(topUp.getByText("held: address not verified")).toBeVisible();
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
  const text = await openOutboxMail(admin, player.email, "Reset your Prize Contests password", "Hi there,");
  expect(text).toContain("/reset-password?token=[hidden: sent by email]");
  expect(text).not.toMatch(/token=[A-Za-z0-9_-]{20}/);
});

test("verify your e-mail and reset the password: the prompt in Account Settings, the links over SMTP, their pages; on a desktop and a phone", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // A server of its own with a mail server (the shared e2e server sends nothing): the link's token is
  // made when the mail leaves, so only a real delivery shows it.
  const smtp = await startSmtpServer();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dir = path.join(process.cwd(), ".data", `e2e-verify-email-${port}`);
  const dbEnv = { PGLITE_DIR: dir, DATABASE_URL: "" };
  await migrateDatabase(dbEnv);
  // An admin of this database's own (only admins enrol in two-factor), made as a deployment makes its first.
  const admin = { email: "ops@example.com", password: "ops-secret-1" };
  const create = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db/create-admin.ts", admin.email], {
    env: { ...process.env, ...dbEnv },
    stdio: ["pipe", "ignore", "inherit"],
  });
  create.stdin.end(`${admin.password}\n`);
  expect((await exited(create)).code).toBe(0);
  const app = await startApp({
    port,
    entry: "server",
    stderr: "ignore",
    env: { ...dbEnv, SMTP_URL: smtp.url, MAIL_DELIVERY_INTERVAL_MS: "500", APP_URL: baseURL, RATE_LIMIT_ANON_PER_MINUTE: "0" },
  });
  try {
    for (const [name, viewport] of [
      ["desktop", { width: 1366, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      const email = `verify-${name}-${Date.now()}@example.com`;
      const signup = await page.request.post("/api/auth/signup", {
        data: {
          firstName: "Mai",
          lastName: "Ler",
          email,
          password: "secret123",
          confirmPassword: "secret123",
          securityQuestion: "What is your favourite movie?",
          securityAnswer: "heat",
          spendLimit: { choice: "declined" },
        },
      });
      expect(signup.status()).toBe(201);
      await signInViaApi(page, { email, password: "secret123" });
      await page.goto("/");
      let settings = await openAccountSettings(page);
      const prompt = settings.getByTestId("email-verification");
      await expect(prompt).toContainText("Verify your e-mail address", { timeout: 30_000 });
      await expect(prompt).toContainText(email);
      await prompt.getByRole("button", { name: "Send the link again" }).click();
      await expect(page.getByText("Verification e-mail sent")).toBeVisible();

      // The resend's link (it voided sign-up's, whose mail says "expired"), as it arrived over SMTP.
      let link = "";
      await expect
        .poll(
          () => {
            const mails = smtp.received.filter(
              (m) => m.to[0] === email && m.subject === "Verify your e-mail address for Prize Contests",
            );
            const found = mails
              .map((m) => /(https?:\/\/[^\s"<]+\/verify-email\?token=[A-Za-z0-9_-]{43})/.exec(m.body)?.[1])
              .filter(Boolean)
              .at(-1); // the newest link voids every earlier one
            link = found ?? "";
            return mails.length >= 2 && link !== "";
          },
          { timeout: 60_000, intervals: [500] },
        )
        .toBe(true);
      expect(link.startsWith(`${baseURL}/verify-email?token=`)).toBe(true);

      await page.keyboard.press("Escape");
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Verify your e-mail address" })).toBeVisible();
      await page.getByRole("button", { name: "Verify my e-mail address" }).click();
      await expect(page.getByTestId("email-verified")).toHaveText(
        "Your e-mail address is verified. Receipts, results and other messages will reach you there.",
      );
      await page.goto("/");
      settings = await openAccountSettings(page);
      await expect(settings.getByText("Signed in as", { exact: false })).toBeVisible({ timeout: 30_000 });
      await expect(settings.getByTestId("email-verification")).toHaveCount(0);
      // The same link again is refused.
      await page.keyboard.press("Escape");
      await page.goto(link);
      await page.getByRole("button", { name: "Verify my e-mail address" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "invalid or has expired" })).toBeVisible();

      // The password reset link, asked for signed out and followed from the mail. On the phone it is
      // an admin's, with two-factor on (only admins enrol): the code step loads after the new password
      // (ResetPasswordWithLink.tsx).
      let account = { email, secret: "" };
      if (name === "phone") {
        const staff = await browser.newContext({ baseURL });
        expect((await staff.request.post("/api/auth/login", { data: admin })).ok()).toBe(true);
        const { secret } = (await (await staff.request.post("/api/auth/2fa/setup", { data: {} })).json()) as { secret: string };
        expect((await staff.request.post("/api/auth/2fa/enable", { data: { code: totp(secret) } })).ok()).toBe(true);
        await staff.close();
        account = { email: admin.email, secret };
      }
      const visitor = await browser.newContext({ baseURL, viewport });
      const resetPage = await visitor.newPage();
      await resetPage.goto("/reset-password?token=not-a-token");
      await expect(resetPage.getByText(RESET_LINK_INVALID)).toBeVisible();
      await resetPage.goto("/forgot-password");
      await resetPage.getByLabel("Account email").fill(account.email);
      await resetPage.getByRole("button", { name: "Email me a reset link" }).click();
      await expect(resetPage.getByTestId("reset-link-sent")).toBeVisible();
      let resetLink = "";
      await expect
        .poll(
          () => {
            const mail = smtp.received
              .filter((m) => m.to[0] === account.email && m.subject === "Reset your Prize Contests password")
              .at(-1);
            resetLink = (mail && /(https?:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.body)?.[1]) ?? "";
            return resetLink;
          },
          { timeout: 60_000, intervals: [500] },
        )
        .not.toBe("");
      await resetPage.goto(resetLink);
      await expect(resetPage.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
      await resetPage.getByRole("textbox", { name: "New password", exact: true }).fill("a-new-secret-1");
      await resetPage.getByLabel("Confirm new password").fill("a-new-secret-2");
      await resetPage.getByRole("button", { name: "Set Password and Sign In" }).click();
      await expect(resetPage.getByText("Passwords don't match")).toBeVisible();
      await resetPage.getByLabel("Confirm new password").fill("a-new-secret-1");
      await resetPage.getByRole("button", { name: "Set Password and Sign In" }).click();
      if (account.secret) {
        await expect(resetPage.getByText("Your password is changed. Enter the code from your authenticator app")).toBeVisible();
        await expect(resetPage.getByRole("button", { name: "Back to sign in" })).toHaveCount(0);
        // The next step's code: enabling used this one.
        await resetPage.getByLabel("Authentication code").fill(totp(account.secret, 1));
        await resetPage.getByRole("button", { name: "Verify" }).click();
      }
      await expect(resetPage).toHaveURL(`${baseURL}/`, { timeout: 30_000 });
      await expect(resetPage.getByRole("button", { name: /notifications/i })).toBeVisible({ timeout: 30_000 });
      await visitor.close();
      await context.close();
    }
  } finally {
    await stopApp(app);
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
