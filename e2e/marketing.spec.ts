import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, migrateDatabase, startApp, stopApp } from "../scripts/start-app";
import { startSmtpServer, type TestSmtp } from "../tests/helpers/smtp";
import { openAccountSettings, signInViaApi } from "./helpers";

// Offers and news (docs/email.md "Marketing: offers and news", docs/retention.md "Announcements"):
// the opt-in at sign-up, the switches in Account Settings, an announcement that reaches the player
// over real SMTP with its one-click link, and the unsubscribe page. A server of its own with a mail
// server (the shared e2e server sends nothing).
test.describe.configure({ timeout: 300_000 });

const QUESTION = "What is your favourite book?";

/** The newest mail to `to` whose subject matches, once it arrived. */
async function mailTo(smtp: TestSmtp, to: string, subject: string): Promise<string> {
  let body = "";
  await expect
    .poll(
      () => {
        body = smtp.received.filter((m) => m.to[0] === to && m.subject === subject).at(-1)?.body ?? "";
        return body !== "";
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
  return body;
}

test("offers only with the opt-in: sign-up, Account Settings, an announcement over SMTP, one-click unsubscribe; desktop and phone", async ({
  browser,
}) => {
  const smtp = await startSmtpServer();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dir = path.join(process.cwd(), ".data", `e2e-marketing-${port}`);
  const dbEnv = { PGLITE_DIR: dir, DATABASE_URL: "" };
  await migrateDatabase(dbEnv);
  const adminEmail = "offers.admin@example.com";
  const made = spawnSync(process.execPath, ["--import", "tsx", "scripts/db/create-admin.ts", adminEmail], {
    env: { ...process.env, ...dbEnv, LOG_LEVEL: "warn" },
    input: "offers-pass-123\n",
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(made.status, made.stderr).toBe(0);
  const app = await startApp({
    port,
    entry: "server",
    stderr: "ignore",
    env: {
      ...dbEnv,
      SMTP_URL: smtp.url,
      MAIL_DELIVERY_INTERVAL_MS: "500",
      APP_URL: baseURL,
      RATE_LIMIT_ANON_PER_MINUTE: "0",
      RATE_LIMIT_SIGNUPS_PER_HOUR: "100",
    },
  });
  try {
    for (const [name, viewport] of [
      ["desktop", { width: 1366, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      const email = `offers-${name}-${Date.now()}@example.com`;

      // Sign-up: the opt-in is there, unticked; the player ticks it.
      await page.goto("/signup");
      const optIn = page.getByRole("checkbox", { name: "Send me offers and news by e-mail" });
      await expect(optIn).not.toBeChecked();
      await page.getByLabel("First name").fill("Noor");
      await page.getByLabel("Last name").fill("Vale");
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
      await page.getByRole("textbox", { name: "Password", exact: true }).fill("secret123");
      await page.getByLabel("Confirm password").fill("secret123");
      await page.getByRole("combobox", { name: "Security question" }).selectOption(QUESTION);
      await page.getByLabel("Security answer").fill("Dune");
      await page.getByLabel("Date of birth").fill("1990-05-17");
      await page.getByRole("radio", { name: "No limit for now" }).check();
      await optIn.check();
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("Account Created Successfully!", { exact: true })).toBeVisible();
      await page.waitForURL("**/login");
      await signInViaApi(page, { email, password: "secret123" });

      // The address is verified by its link (offers never go to an unverified address).
      const verifyMail = await mailTo(smtp, email, "Verify your e-mail address for Prize Contests");
      const verify = /(https?:\/\/[^\s"<]+\/verify-email\?token=[A-Za-z0-9_-]{43})/.exec(verifyMail)?.[1] ?? "";
      expect(verify.startsWith(`${baseURL}/verify-email?token=`)).toBe(true);
      await page.goto(verify);
      await page.getByRole("button", { name: "Verify my e-mail address" }).click();
      await expect(page.getByTestId("email-verified")).toBeVisible();

      // Account Settings shows the sign-up's choice; push offers are a separate switch, saved at once.
      await page.goto("/");
      const settings = await openAccountSettings(page);
      const byEmail = settings.getByRole("switch", { name: "Offers and news by e-mail" });
      const byPush = settings.getByRole("switch", { name: "Offers and news as push notifications" });
      await expect(byEmail).toBeChecked({ timeout: 30_000 });
      await expect(byPush).not.toBeChecked();
      await byPush.click({ force: true }); // saved at once: the switch turns on with the answer
      await expect(page.getByText("Marketing preferences saved", { exact: true }).first()).toBeVisible();
      await expect(byPush).toBeChecked();
      await page.keyboard.press("Escape");

      // An admin announces a new contest from the Contests tab.
      const adminContext = await browser.newContext({ baseURL }); // the dashboard at its desktop width
      const admin = await adminContext.newPage();
      await signInViaApi(admin, { email: adminEmail, password: "offers-pass-123" });
      const title = `Offer Watch ${name} ${Date.now()}`;
      const created = await admin.request.post("/api/admin/contests", {
        data: {
          title,
          description: "A contest to announce.",
          ticketPrice: 2,
          maxTickets: null,
          originalPrice: null,
          discountPercentage: null,
          category: "watches",
          imageUrl: "/images/contests/gold-watch.svg",
          status: "active",
          soldTickets: 0,
        },
      });
      expect(created.status()).toBe(201);
      await admin.goto("/admin?tab=contests");
      const row = admin.getByRole("row").filter({ hasText: title });
      await row.getByRole("button", { name: "Announce" }).click();
      const dialog = admin.getByRole("dialog", { name: "Announce contest" });
      await expect(dialog).toContainText("every player who opted in to offers");
      await dialog.getByRole("button", { name: "Send announcement" }).click();
      await expect(admin.getByText("Announcement queued", { exact: false }).first()).toBeVisible();
      await adminContext.close();

      // The offer arrives over SMTP with its one-click link; the page unsubscribes on its button.
      const offerMail = await mailTo(smtp, email, `New contest: ${title}`);
      const raw = smtp.received.find((m) => m.to[0] === email && m.subject === `New contest: ${title}`)?.raw ?? "";
      expect(raw.replace(/\r?\n[ \t]+/g, " ")).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
      // The page's link in the body (the headers carry the one-click POST address, /api/email/unsubscribe).
      const link = new RegExp(`(${baseURL}/unsubscribe\\?token=[A-Za-z0-9_-]{43})`).exec(offerMail)?.[1] ?? "";

      expect(link.startsWith(`${baseURL}/unsubscribe?token=`), `${link} in ${offerMail}`).toBe(true);
      const visitor = await (await browser.newContext({ baseURL, viewport })).newPage();
      await visitor.goto(link);
      await expect(visitor.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
      await expect(visitor.getByText(`Stop offers and news to o***@example.com?`)).toBeVisible();
      await visitor.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(visitor.getByTestId("unsubscribed")).toContainText("You will get no more offers or news by e-mail.");
      await visitor.context().close();

      // Account Settings agrees: e-mail offers off, push offers as chosen.
      await page.reload();
      const after = await openAccountSettings(page);
      await expect(after.getByRole("switch", { name: "Offers and news by e-mail" })).not.toBeChecked({ timeout: 30_000 });
      await expect(after.getByRole("switch", { name: "Offers and news as push notifications" })).toBeChecked();
      await context.close();
    }
  } finally {
    await stopApp(app);
    await smtp.close();
  }
});
