import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { decodeBase32 } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { exited, migrateDatabase, startApp, stopApp } from "../scripts/start-app";
import { ADMIN, PLAYER, signInViaApi } from "./helpers";

/** The code of the 30-second step `offset` steps from now. */
const code = (secret: string, offset = 0) =>
  generateHOTP(decodeBase32(secret), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);

test("an admin turns on two-factor in Account Settings, then sign-in asks for the code", async ({ page, baseURL }) => {
  test.setTimeout(120_000); // three sign-ins (password, code, backup code) on a shared machine
  // A fresh admin (the seeded one stays as it is for the other specs).
  const email = `e2e-2fa-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "secret123";
  const signup = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Tess",
      lastName: "Otp",
      email,
      password,
      confirmPassword: password,
      securityQuestion: "What is your favourite book?",
      securityAnswer: "Dune",
    },
  });
  expect(signup.status()).toBe(201);
  const { id } = await signup.json().then((b: { user: { id: string } }) => b.user);
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
  // A viewer: staff (two-factor is for every staff role) without a second owner for the other specs to wait on.
  expect((await admin.post(`/api/admin/users/${id}/toggle-admin`, { data: { isAdmin: true, role: "viewer" } })).ok()).toBe(true);
  await admin.dispose();

  await signInViaApi(page, { email, password });
  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Account Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Account Settings" });
  const section = dialog.getByTestId("two-factor-section");
  await expect(section.getByText("Off", { exact: true })).toBeVisible();
  await section.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await section.locator("code").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel("Authentication code").fill(code(secret));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor is on", { exact: true })).toBeVisible();
  await expect(section.getByText("On", { exact: true })).toBeVisible();
  // Ten backup codes, shown this once.
  const backup = ((await section.getByTestId("backup-codes").locator("pre, code").first().textContent()) ?? "")
    .trim()
    .split(/\s+/);
  expect(backup).toHaveLength(10);
  for (const c of backup) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  // They can be copied, downloaded as a file, and put away once saved.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await section.getByRole("button", { name: "Copy codes" }).click();
  await expect(section.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  for (const c of backup) expect(copied).toContain(c);
  const download = page.waitForEvent("download");
  await section.getByRole("link", { name: "Download codes" }).click();
  expect((await download).suggestedFilename()).toBe("prize-contests-backup-codes.txt");
  await section.getByRole("button", { name: "I saved them" }).click();
  await expect(section.getByTestId("backup-codes")).toHaveCount(0);

  // Sign out, sign in again: the password alone is not enough.
  await page.request.post("/api/auth/logout");
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  // The code step has a way back to the password; signing in again asks again.
  await page.getByRole("button", { name: "Back to sign in" }).click();
  await expect(page.getByRole("textbox", { name: "Password", exact: true })).toHaveValue("");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid authentication code. Please try again.").first()).toBeVisible();
  // The enrolment used this step's code; the next step's is accepted.
  await page.getByLabel("Authentication code").fill(code(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/");
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);

  // A lost phone: a backup code signs in once. The app's code opens the numeric keypad; a backup
  // code has letters, so "Use a backup code" gives the full keyboard.
  await page.request.post("/api/auth/logout");
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByLabel("Authentication code")).toHaveAttribute("inputmode", "numeric");
  await page.getByRole("button", { name: "Use a backup code" }).click();
  await expect(page.getByLabel("Authentication code")).toHaveAttribute("inputmode", "text");
  await page.getByLabel("Authentication code").fill(backup[0] as string);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/");
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);
});

test("the $5,000 scenario on a production server with ADMIN_2FA_REQUIRED=true: no code, no contest, no payout, no export", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A server of its own (the shared e2e server runs without the setting), on a free port.
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: p } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(p));
    });
  });
  const dir = path.join(process.cwd(), ".data", `e2e-2fa-required-${port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const dbEnv = { PGLITE_DIR: dir, DATABASE_URL: "" };
  await migrateDatabase(dbEnv);
  const seed = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db/seed.ts"], {
    env: { ...process.env, ...dbEnv },
    stdio: "ignore",
  });
  expect((await exited(seed)).code).toBe(0);
  const app = await startApp({
    port,
    entry: "server",
    stderr: "ignore",
    env: { ...dbEnv, ADMIN_2FA_REQUIRED: "true", RATE_LIMIT_ANON_PER_MINUTE: "0" },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const admin = await playwrightRequest.newContext({ baseURL });
  const accomplice = await playwrightRequest.newContext({ baseURL });
  try {
    // The admin's password, and never a code.
    expect((await admin.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
    const terms = {
      title: "Cash $5,000",
      description: "One ticket, one winner.",
      ticketPrice: 0.01,
      maxTickets: 1,
      cashAlternative: 5000,
      category: "cash",
      status: "active",
    };
    const create = await admin.post("/api/admin/contests", { data: terms });
    expect(create.status()).toBe(403);
    expect((await create.json()).message).toMatch(/needs two-factor authentication/);

    // The accomplice asks for a payout; the code-less admin cannot approve it.
    expect((await accomplice.post("/api/auth/login", { data: PLAYER })).ok()).toBe(true);
    const asked = await accomplice.post("/api/withdrawals", {
      data: { amount: "20", cryptoCurrency: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    });
    expect(asked.status()).toBe(201);
    const { id } = (await asked.json()) as { id: string };
    const approve = await admin.post(`/api/admin/withdrawals/${id}/approve`);
    expect(approve.status()).toBe(403);
    const mine = (await (await accomplice.get("/api/withdrawals")).json()) as { id: string; status: string }[];
    expect(mine.find((w) => w.id === id)?.status).toBe("pending");
    // Nor download every player's payments (a raw REST row, the same rule: PRIVILEGED_ADMIN_READS).
    const csv = await admin.get("/api/admin/export/payments.csv");
    expect(csv.status()).toBe(403);
    expect((await csv.json()).message).toMatch(/needs two-factor authentication/);

    // Nor read players' data as JSON, the same rule for reads (src/server/api/privileged.ts).
    for (const path of ["/api/admin/users", "/api/admin/withdrawals", "/api/admin/audit"]) {
      const read = await admin.get(path);
      expect(read.status(), path).toBe(403);
      expect(await read.text(), path).not.toContain(PLAYER.email);
    }

    // The dashboard says so before any click and shows no tab, on a desktop and on a phone.
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      expect((await page.request.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
      await page.goto("/admin?tab=withdrawals");
      await expect(page.getByTestId("second-factor-notice")).toContainText("Two-factor authentication needed", {
        timeout: 30_000,
      });
      await expect(page.getByRole("tab")).toHaveCount(0);
      await expect(page.getByText(PLAYER.email)).toHaveCount(0);
      // "Set up two-factor" opens Account Settings at its two-factor section.
      await page.getByRole("button", { name: "Set up two-factor" }).click();
      const section = page.getByRole("dialog").getByTestId("two-factor-section");
      await expect(section).toBeVisible({ timeout: 30_000 });
      // One plain sentence says why (it read "actions … need(s)").
      await expect(section).toContainText(
        "This site asks for two-factor before the admin dashboard shows players' data or acts on it.",
      );
      await context.close();
    }

    // Enrolled and verified, the same admin may act.
    const setup = (await (await admin.post("/api/auth/2fa/setup", { data: {} })).json()) as { secret: string };
    expect((await admin.post("/api/auth/2fa/enable", { data: { code: code(setup.secret) } })).ok()).toBe(true);
    expect((await admin.post("/api/admin/contests", { data: terms })).status()).toBe(201);
    expect((await admin.post(`/api/admin/withdrawals/${id}/approve`)).status()).not.toBe(403);
    expect((await admin.get("/api/admin/export/payments.csv")).status()).toBe(200);
  } finally {
    await admin.dispose();
    await accomplice.dispose();
    await stopApp(app);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
