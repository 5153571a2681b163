import { randomBytes } from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { expect, test } from "@playwright/test";
import { asAdmin, newPlayer } from "./players";

// A loaded 2-core machine can take well over the default 10 s to hydrate a page.
const SLOW = { timeout: 30_000 };
const tron = () => createBase58check(sha256).encode(new Uint8Array([0x41, ...randomBytes(20)]));

/**
 * The withdrawal screen with two balances and the payout rules (docs/payments.md "Cash and credit",
 * "Instant payouts"), on desktop and phone: cash and site credit shown apart, the quote before the
 * click naming the rules that send this withdrawal to review, the request held with those reasons,
 * and credit refused as cash with the withdrawable amount named.
 */
test("withdraw screen: both balances, reviewed with the reasons shown before and after the click, credit never withdrawn", async ({
  browser,
}, info) => {
  const { context, page } = await newPlayer(browser, { balance: "30", viewport: info.project.use.viewport ?? undefined });
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  await asAdmin(browser, async (admin) => {
    const grant = await admin.request.post(`/api/admin/users/${me.id}/credit`, { data: { amount: "5", reason: "e2e goodwill" } });
    expect(grant.ok()).toBe(true);
  });

  await page.goto("/withdrawals");
  await expect(page.getByTestId("withdrawable-cash")).toHaveText("$30.00", SLOW);
  await expect(page.getByTestId("site-credit")).toHaveText("$5.00");
  await expect(page.getByTestId("balance")).toHaveText("$35.00");
  await expect(page.getByTestId("identity-card")).toContainText("From $600.00 withdrawn in total");

  // A fresh account that has just topped up: the quote says "reviewed" and why, before the click.
  await page.getByTestId("withdraw-amount").fill("20");
  await page.getByTestId("withdraw-address").fill(tron());
  const quote = page.getByTestId("withdraw-quote");
  await expect(quote).toHaveAttribute("data-route", "review", SLOW);
  await expect(quote).toContainText("Reviewed by our team first");
  await expect(page.getByTestId("withdraw-quote-reasons")).toContainText("Account age");
  await expect(page.getByTestId("withdraw-quote-reasons")).toContainText("Money in and straight out");
  await page.getByTestId("withdraw-submit").click();
  const row = page.getByTestId("withdrawal-row").first();
  await expect(row).toContainText("pending", SLOW);
  await expect(row).toContainText("Reviewed by our team");
  await expect(page.getByTestId("withdrawable-cash")).toHaveText("$10.00", SLOW);
  await expect(page.getByTestId("site-credit")).toHaveText("$5.00");

  // $12 is within the balance ($15) but not within the cash ($10): refused, naming what can go.
  // The form was cleared by the request above.
  await page.getByTestId("withdraw-amount").fill("12");
  await page.getByTestId("withdraw-address").fill(tron());
  await page.getByTestId("withdraw-submit").click();
  await expect(page.getByText("Only cash can be withdrawn: your withdrawable balance is $10.00")).toBeVisible(SLOW);
  await expect(page.getByTestId("withdrawal-row")).toHaveCount(1);
  await context.close();
});

test("a coin beside the spec's four: USDC on Solana, the network named, a wrong address refused before anything is held", async ({
  browser,
}, info) => {
  const { context, page } = await newPlayer(browser, { balance: "40", viewport: info.project.use.viewport ?? undefined });
  await page.goto("/withdrawals");
  await expect(page.getByTestId("withdrawable-cash")).toHaveText("$40.00", SLOW);
  await page.getByTestId("withdraw-amount").fill("15");
  await page.getByTestId("withdraw-currency").click();
  await page.getByRole("option", { name: "USDC" }).click();
  await page.getByTestId("withdraw-network").click();
  await page.getByRole("option", { name: "Solana" }).click();
  await expect(page.getByTestId("withdraw-network")).toHaveValue("Solana");
  // An Ethereum address is no Solana address: refused at the field, nothing held.
  await page.getByTestId("withdraw-address").fill("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  await page.getByTestId("withdraw-submit").click();
  await expect(page.getByText("Invalid Solana address")).toBeVisible();
  await expect(page.getByTestId("withdrawable-cash")).toHaveText("$40.00");
  await page.getByTestId("withdraw-address").fill("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
  await page.getByTestId("withdraw-submit").click();
  const row = page.getByTestId("withdrawal-row").first();
  await expect(row).toContainText("USDC", SLOW);
  await expect(page.getByTestId("withdrawable-cash")).toHaveText("$25.00", SLOW);
  const mine = (await (await page.request.get("/api/withdrawals")).json()) as { cryptoCurrency: string; network: string }[];
  expect(mine[0]).toMatchObject({ cryptoCurrency: "USDC", network: "SOL" });
  await context.close();
});
