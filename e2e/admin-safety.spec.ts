import { expect, test } from "@playwright/test";
import { ADMIN, holdLock, signInViaApi } from "./helpers";
import { adminContestRow, createContestViaApi, newPlayer } from "./players";

// Irreversible admin actions ask first.

test("End asks before drawing; Keep running leaves the contest active", async ({ page, browser }) => {
  const title = `Careful End ${Date.now()}`;
  await createContestViaApi(browser, { title });
  await signInViaApi(page, ADMIN);
  await page.goto("/admin?tab=contests");
  const row = await adminContestRow(page, title);
  await row.getByRole("button", { name: "End" }).click();
  const confirm = page.getByRole("dialog", { name: "End contest" });
  await expect(confirm).toContainText("This cannot be undone.");
  await confirm.getByRole("button", { name: "Keep running" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: "End" }).click();
  await confirm.getByRole("button", { name: "End and draw" }).click();
  await expect(row).toContainText("Ended");
});

test("approving a payment the gateway has not confirmed warns first", async ({ page, browser }) => {
  // The admin finds this payment on the Payments tab's first page (oldest first): not while
  // e2e/admin-paging.spec.ts holds 51 older ones there.
  test.setTimeout(240_000);
  const release = await holdLock("pending-payments");
  try {
    const player = await newPlayer(browser);
    const payment = await (
      await player.page.request.post("/api/payments/create", { data: { amount: "4", currency: "USD", cryptoCurrency: "BTC" } })
    ).json();
    await signInViaApi(page, ADMIN);
    await page.goto("/admin?tab=payments");
    const row = page.locator(`[data-testid="pending-payment"][data-track-id="${payment.trackId}"]`);
    await expect(row).toContainText("new");
    await row.getByRole("button", { name: "Approve" }).click();
    const warn = page.getByRole("dialog", { name: "Approve unconfirmed payment?" });
    await expect(warn).toContainText('status "new"');
    await expect(warn).toContainText("$4.00");
    await warn.getByRole("button", { name: "Keep pending" }).click();
    await expect(row).toBeVisible();
    await expect(page.getByText("Payment has been approved and user balance updated")).toHaveCount(0);

    // An override needs a written reason, which the audit log keeps.
    await row.getByRole("button", { name: "Approve" }).click();
    await expect(warn.getByRole("button", { name: "Approve with override" })).toBeDisabled();
    await warn.getByLabel("Reason").fill("Seen on-chain by the e2e admin");
    await warn.getByRole("button", { name: "Approve with override" }).click();
    await expect(page.getByText("Payment has been approved and user balance updated")).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.goto("/admin?tab=audit");
    await page.getByRole("combobox", { name: "Filter by action" }).click();
    await page.getByRole("option", { name: "Payment approved by override" }).click();
    const entry = page.getByTestId("audit-entry").filter({ hasText: "Seen on-chain by the e2e admin" });
    await expect(entry).toContainText(ADMIN.email);
    await expect(entry).toContainText("status: pending → approved");
    await player.context.close();
  } finally {
    await release();
  }
});
