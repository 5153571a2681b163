import { expect, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

// A loaded 2-core machine can take well over the default 10 s to hydrate the admin dashboard.
const SLOW = { timeout: 30_000 };

test("a player with balance withdraws to a valid address, the admin approves, the player sees it paid", async ({
  page,
  browser,
}) => {
  // A fresh player with $30: a sandbox top-up, its simulated payment and the admin's approval (all REST).
  const player = { email: `withdraw-${Date.now()}@example.com`, password: "secret123" };
  const signup = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Cash",
      lastName: "Out",
      email: player.email,
      password: player.password,
      confirmPassword: player.password,
      securityQuestion: "What was the name of your first pet?",
      securityAnswer: "rex",
    },
  });
  expect(signup.ok()).toBe(true);
  await signInViaApi(page, player);
  const created = await page.request.post("/api/payments/create", {
    data: { amount: "30", currency: "USD", cryptoCurrency: "USDT" },
  });
  expect(created.ok()).toBe(true);
  const { trackId, paymentId } = (await created.json()) as { trackId: string; paymentId: string };
  // The sandbox's key is random per installation: its pay step is a REST row, handled in-process.
  const hook = await page.request.post(`/api/payments/sandbox/${trackId}/pay`);
  expect(hook.status()).toBe(200);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInViaApi(admin, ADMIN);
  const approved = await admin.request.post(`/api/payments/${paymentId}/approve`, {
    data: { override: true, reason: "e2e top-up" },
  });
  expect(approved.ok()).toBe(true);

  // The player opens Withdraw from the user menu and asks for $25 in USDT on TRC20.
  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await page.getByTestId("menu-withdraw").click();
  await expect(page).toHaveURL(/\/withdrawals$/);
  await expect(page.getByTestId("balance")).toHaveText("$30.00", SLOW);
  await page.getByTestId("withdraw-amount").fill("25");
  await page.getByTestId("withdraw-address").fill(`${TRON.slice(0, -1)}u`);
  await page.getByTestId("withdraw-submit").click();
  await expect(page.getByText("Invalid Tron (TRC20) address")).toBeVisible();
  await page.getByTestId("withdraw-address").fill(TRON);
  await page.getByTestId("withdraw-submit").click();
  const row = page.getByTestId("withdrawal-row").first();
  await expect(row).toContainText("pending");
  await expect(page.getByTestId("balance")).toHaveText("$5.00");

  // The admin approves it in the Withdrawals tab; the sandbox pays at once.
  await admin.goto("/admin?tab=withdrawals");
  await expect(admin.getByRole("tab", { name: "Withdrawals" })).toHaveAttribute("aria-selected", "true", SLOW);
  const adminRow = admin.getByTestId("admin-withdrawal-row").filter({ hasText: player.email });
  await expect(adminRow).toContainText("pending", SLOW);
  // Approve asks first, naming the amount and that a crypto transfer cannot be reversed.
  await adminRow.getByRole("button", { name: "Approve" }).click();
  const confirm = admin.getByRole("dialog", { name: "Approve withdrawal" });
  await expect(confirm).toContainText(`Send $25.00 in USDT (TRC20) to ${player.email}?`);
  await expect(confirm).toContainText("cannot be reversed");
  await confirm.getByRole("button", { name: "Keep pending" }).click();
  await expect(confirm).toBeHidden();
  await expect(adminRow).toContainText("pending");
  await adminRow.getByRole("button", { name: "Approve" }).click();
  await confirm.getByRole("button", { name: "Approve and send $25.00" }).click();
  // Decided, it leaves the pending queue; "All" shows every withdrawal, this one paid.
  await expect(adminRow).toHaveCount(0, SLOW);
  await admin.getByTestId("withdrawals-status").getByText("All", { exact: true }).click();
  await expect(adminRow).toContainText("paid", SLOW);
  await adminContext.close();

  // The player sees it paid, with the transaction id.
  await page.reload();
  await expect(row).toContainText("paid", SLOW);
  await expect(page.getByTestId("withdrawal-txid").first()).toHaveText(/^sandbox-[0-9a-f]{32}$/);
});
