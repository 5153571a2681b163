import { expect, test } from "@playwright/test";
import { ADMIN, holdLock, signInViaApi } from "./helpers";

test("add balance -> pay in the sandbox -> admin approves -> the player's balance rises", async ({ page, browser }) => {
  // The admin finds this payment on the Payments tab's first page (oldest first): not while
  // e2e/admin-paging.spec.ts holds 51 older ones there.
  test.setTimeout(240_000);
  const release = await holdLock("pending-payments");
  try {
    // A fresh player, so the balance starts at zero whatever other specs did.
    const player = { email: `topup-${Date.now()}@example.com`, password: "secret123" };
    const signup = await page.request.post("/api/auth/signup", {
      data: {
        firstName: "Topup",
        lastName: "Player",
        email: player.email,
        password: player.password,
        confirmPassword: player.password,
        securityQuestion: "What was the name of your first pet?",
        securityAnswer: "rex",
      },
    });
    expect(signup.ok()).toBe(true);
    await signInViaApi(page, player);

    await page.goto("/payments");
    await expect(page.getByTestId("balance")).toHaveText("$0.00");
    // No OxaPay key on the e2e server: the sandbox is active and every page says so.
    await expect(page.getByTestId("demo-banner")).toHaveText(/^Demo mode: payments are simulated\./);

    // The Add Balance dialog: validation text, then amount + method.
    await page.getByRole("button", { name: "Add Balance" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Balance" });
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByText("Please enter amount and select payment method")).toBeVisible();
    await dialog.getByLabel("Amount (USD)").fill("12.50");
    await dialog.getByRole("radio", { name: "USDT Tether" }).check();
    // USDT travels on several chains: the player picks one (TRC20 by default).
    const network = dialog.getByRole("radiogroup", { name: "Network" });
    await expect(network.getByRole("radio", { name: "TRC20" })).toBeChecked();
    await network.getByText("BEP20").click();
    await expect(dialog.getByText("Send on BNB Smart Chain (BEP20) only")).toBeVisible();
    const popupPromise = page.waitForEvent("popup");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByText("Payment Created Successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The sandbox pay page opens in a new tab: clearly labelled, QR code, simulate.
    const pay = await popupPromise;
    await pay.waitForLoadState();
    expect(pay.url()).toMatch(/\/pay\/sbx[0-9a-f]+$/);
    await expect(pay.getByText("SANDBOX").first()).toBeVisible();
    await expect(pay.getByRole("img", { name: "Payment QR code" })).toBeVisible();
    await expect(pay.getByTestId("pay-amount")).toHaveText("12.5 USDT");
    await expect(pay.getByText("address on BNB Smart Chain (BEP20)")).toBeVisible();
    // The invoice's hour counts down (the sandbox's lifetime is 60 minutes).
    await expect(pay.getByTestId("pay-countdown")).toContainText(/(59|60):\d\d/);
    const trackId = (await pay.getByTestId("track-id").textContent())?.trim();
    expect(trackId).toBeTruthy();
    await pay.getByRole("button", { name: "Simulate payment" }).click();
    await expect(pay.getByTestId("awaiting-approval")).toBeVisible();
    await expect(pay.getByText("paid", { exact: true })).toBeVisible();

    // The follow-up toast on the original tab carried the track id.
    await expect(page.getByText(`Track ID: ${trackId}`)).toBeVisible();

    // An administrator approves it in the Payments tab.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInViaApi(admin, ADMIN);
    await admin.goto("/admin?tab=payments");
    const row = admin.locator(`[data-testid="pending-payment"][data-track-id="${trackId}"]`);
    await expect(row).toContainText(player.email);
    await expect(row).toContainText("paid");
    await expect(row.getByTestId("sandbox-badge")).toHaveText("Sandbox");
    await row.getByRole("button", { name: "Approve" }).click();
    await expect(admin.getByText("Payment has been approved and user balance updated")).toBeVisible();
    await expect(row).toHaveCount(0);
    await adminContext.close();

    // The player's balance rose by the top-up, and the history shows it approved.
    await page.goto("/payments");
    await expect(page.getByTestId("balance")).toHaveText("$12.50");
    await expect(page.getByTestId("payment-row").first()).toContainText("approved");
  } finally {
    await release();
  }
});

test("signed-out visitors see no Add Balance button; non-admins are refused /admin", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Add Balance" })).toHaveCount(0);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});
