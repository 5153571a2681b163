import { expect, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";
import { newPlayer } from "./players";

// Forms never change what was typed: they say what is wrong, under the field.

test("Add Balance keeps 0.5 as typed and refuses it with a message; no payment is created", async ({ browser }) => {
  const { context, page } = await newPlayer(browser);
  await page.goto("/payments");
  await page.getByRole("button", { name: "Add Balance" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Balance" });
  const amount = dialog.getByLabel("Amount (USD)");
  await amount.fill("0.5");
  await dialog.getByRole("radio", { name: "USDT Tether" }).check(); // blurs the amount
  await expect(amount).toHaveValue("$0.5");
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(dialog.getByText("Minimum amount is 1")).toBeVisible();
  await expect(amount).toHaveValue("$0.5");
  await expect(dialog).toBeVisible();

  await amount.fill("100001");
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(dialog.getByText("Maximum amount is 100000")).toHaveCount(1); // once, under the field
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Payments" })).toBeVisible();
  await expect(page.getByTestId("payment-row")).toHaveCount(0);
  await context.close();
});

test("contest form: no silent clamps, an end date in the past refused; winner post: a bad link is named", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto("/admin?tab=contests");
  await page.getByRole("button", { name: "Add Contest" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Contest" });
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(`Honest form ${Date.now()}`);
  await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("Checks the form's messages.");
  await dialog.getByLabel("Ticket price").fill("1.5");
  await dialog.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Watches" }).click();
  await dialog.getByLabel("Discount percentage").fill("150");
  await dialog.getByLabel("Max tickets").fill("0");
  await dialog.getByLabel("Image URL").click(); // blur
  await expect(dialog.getByLabel("Discount percentage")).toHaveValue("150");
  await expect(dialog.getByLabel("Max tickets")).toHaveValue("0");
  const yesterday = new Date(Date.now() - 86_400_000);
  const local = new Date(yesterday.getTime() - yesterday.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await dialog.getByLabel("End date").fill(local);
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(dialog.getByText("Discount must be at most 100")).toBeVisible();
  await expect(dialog.getByText("Max tickets must be at least 1")).toBeVisible();
  await expect(dialog.getByText("End date must be in the future")).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Winner Posts" }).click();
  await page.getByRole("button", { name: "Add Winner Post" }).click();
  const post = page.getByRole("dialog", { name: "Create Winner Post" });
  await post.getByRole("textbox", { name: "Title", exact: true }).fill("A bad link");
  await post.getByLabel("Description").fill("This post has a link that is not a URL.");
  await post.getByLabel("Winner name").fill("Ann B.");
  await post.getByLabel("Winner ID").fill("user-1");
  await post.getByLabel("Contest ID").fill("seed-supercar");
  await post.getByLabel("Contest title").fill("V10 Supercar");
  await post.getByLabel("Win date").fill("2026-11-01");
  await post.getByLabel("Social media links (one per line)").fill("https://x.com/ann\nnot a link");
  await post.getByRole("button", { name: "Create Post" }).click();
  await expect(post.getByText("Link 2: Social media links must be valid URLs")).toBeVisible();
  await expect(post).toBeVisible();
});
