import { expect, type Page, test } from "@playwright/test";
import { createContestViaApi, newPlayer } from "./players";

// Auto-entry (docs/retention.md "Auto-entry"), on desktop and phone: a player with a balance sets up
// a standing order from the account menu; its first round is bought at set-up ("first entries bought
// now, then every period"), so the tickets are in My Purchases at once; Cancel is one click.
const SLOW = { timeout: 30_000 };

/** Opens an account entry from the user menu (desktop) or the slide-out menu (phone). */
async function fromAccountMenu(page: Page, name: string, kind: "link" | "button") {
  if ((page.viewportSize()?.width ?? 1366) < 992) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole(kind, { name, exact: true }).click();
    await expect(menu).toBeHidden();
  } else {
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name, exact: true }).click();
  }
}

test("a player sets up an auto-entry, finds its first tickets in My Purchases, and cancels it in one click", async ({
  browser,
  page: probe,
}) => {
  const viewport = probe.viewportSize() ?? undefined;
  const title = `Auto Entry Watch ${Date.now()}`;
  await createContestViaApi(browser, { title, ticketPrice: 1, maxTickets: 500 });
  const { context, page } = await newPlayer(browser, { balance: "10", ...(viewport ? { viewport } : {}) });
  await page.goto("/");
  await fromAccountMenu(page, "Auto-entry", "link");
  await expect(page).toHaveURL(/\/auto-entry$/, SLOW);
  await expect(page.getByRole("heading", { name: "Auto-entry", level: 1 })).toBeVisible();
  await expect(page.getByText("You have no auto-entries.")).toBeVisible(SLOW);

  // The set-up form: one contest, 2 tickets a round, a $10 cap.
  const contests = page.getByRole("combobox", { name: "Contests" });
  await contests.click();
  await contests.fill(title.slice(0, 18));
  await page.getByRole("option", { name: new RegExp(title) }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("textbox", { name: "Tickets per contest each round" }).fill("2");
  await page.getByRole("textbox", { name: /Spending cap/ }).fill("10");
  await page.getByRole("button", { name: "Set up auto-entry" }).click();
  await expect(page.getByText("Auto-entry set up. The first entries are bought now, then one round every period.")).toBeVisible(
    SLOW,
  );
  const card = page.getByTestId("auto-entry-card").first();
  await expect(card.getByTestId("auto-entry-status")).toHaveText("active");
  await expect(card.getByText(`${title}: 2 bought ($2.00)`)).toBeVisible();
  await expect(card.getByText("spent $2.00 of $10.00", { exact: false })).toBeVisible();

  // The tickets are in My Purchases & Results, like any purchase.
  await fromAccountMenu(page, "My Purchases & Results", "button");
  const purchases = page.getByRole("dialog", { name: "My Purchases & Results" });
  await expect(purchases.getByText(title).first()).toBeVisible(SLOW);
  await page.keyboard.press("Escape");
  await expect(purchases).toBeHidden();

  // One click cancels it; nothing more is bought.
  await card.getByRole("button", { name: "Cancel auto-entry" }).click();
  await expect(page.getByText("Auto-entry cancelled. Nothing more will be bought.")).toBeVisible(SLOW);
  await expect(card.getByTestId("auto-entry-status")).toHaveText("cancelled");
  await expect(card.getByRole("button", { name: "Cancel auto-entry" })).toHaveCount(0);
  const list = await (await page.request.get("/api/user/auto-entries")).json();
  expect(list[0]).toMatchObject({ status: "cancelled", spentUsd: "2.00", nextRunAt: null });
  await context.close();
});
