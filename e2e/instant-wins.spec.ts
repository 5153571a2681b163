import { expect, test } from "@playwright/test";
import { openAccountDialog, scrollToProofSections } from "./helpers";
import { adminContestRow, asAdmin, createContestViaApi, homeCard, newPlayer } from "./players";

// docs/contests.md "Instant wins" in the browser (desktop and phone): the admin attaches instant
// prizes before sales, a player's ticket hits a committed number and gets the instant-win screen,
// and after the end the contest page recomputes the revealed map in the browser.
test("instant prizes: admin attaches them, a buyer wins at checkout, the revealed map verifies", async ({ browser }, info) => {
  test.setTimeout(120_000);
  const title = `Instant Watch ${Date.now()}`;
  // Two tickets, two prizes: every ticket wins, so the test knows the first ticket wins something.
  const contestId = await createContestViaApi(browser, { title, ticketPrice: 1, maxTickets: 2 });

  await asAdmin(browser, async (admin) => {
    await admin.goto("/admin?tab=contests");
    const row = await adminContestRow(admin, title);
    await row.getByRole("button", { name: "Instant prizes" }).click();
    const dialog = admin.getByRole("dialog", { name: `Instant prizes: ${title}` });
    await expect(dialog.getByText("No instant prizes yet.")).toBeVisible();
    await dialog.getByRole("button", { name: "Add prize" }).click();
    await dialog.getByLabel("Label").fill("$3 cash");
    await dialog.getByLabel("Amount (USD)").fill("3");
    await dialog.getByRole("button", { name: "Add prize" }).click();
    await dialog.getByTestId("instant-prize-row").nth(1).getByLabel("Label").fill("$1 cash");
    await dialog.getByTestId("instant-prize-row").nth(1).getByLabel("Amount (USD)").fill("1");
    await dialog.getByRole("button", { name: "Save instant prizes" }).click();
    await expect(admin.getByText("2 instant prizes committed")).toBeVisible();
    await expect(dialog.getByTestId("admin-instant-left")).toHaveText("2 of 2 left");
  });

  const { context, page } = await newPlayer(browser, { balance: "5", viewport: info.project.use.viewport ?? undefined });
  // The card says the contest has instant prizes.
  await page.goto("/");
  await expect((await homeCard(page, title)).getByTestId("instant-wins-badge")).toHaveText("INSTANT WINS");
  await page.goto(`/contest/${contestId}`);
  await scrollToProofSections(page);
  await expect(page.getByTestId("instant-left")).toHaveText("2 of 2 left");
  // The published map commitment is keyed with the secret seed (docs/fair-play.md "What each published hash proves").
  await expect(page.getByTestId("instant-map-hash")).toContainText("HMAC-SHA256 keyed with the seed");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();
  await page.getByTestId("cart-button").click();
  await page.getByRole("button", { name: "Checkout with Balance" }).click();

  const result = page.getByRole("dialog", { name: "Instant win" });
  await expect(result.getByRole("heading", { name: "You won an instant prize!" })).toBeVisible();
  await expect(result.getByTestId("instant-win")).toContainText("Ticket #1");
  // Cash only: nothing waits under My Prizes.
  await expect(result).toContainText("Already added to your balance.");
  await result.getByRole("button", { name: "Continue" }).click();
  await expect(result).toBeHidden();
  await expect(page.getByTestId("instant-left")).toHaveText("1 of 2 left");
  // My Purchases names the instant prize on the ticket's row.
  const row = (await openAccountDialog(page, "My Purchases & Results")).getByTestId("purchase-entry").filter({ hasText: title });
  await expect(row.getByTestId("entry-instant-wins")).toHaveText(/^Instant prize won: \$[13] cash \(ticket #1\)$/);
  await page.keyboard.press("Escape");

  // The admin ends the contest: the seed and the map are revealed and the browser checks them.
  await asAdmin(browser, async (admin) => {
    const ended = await admin.request.post(`/api/admin/contests/${contestId}/status`, { data: { status: "ended" } });
    expect(ended.ok()).toBe(true);
  });
  await page.reload();
  await scrollToProofSections(page);
  await page.getByTestId("instant-verify").click();
  await expect(page.getByTestId("instant-verify-result")).toContainText("Verified");
  // The page links how to check a draw; it prints no command line for the reader to run.
  await expect(page.locator("main")).not.toContainText("npm run");
  await context.close();
});

// A physical instant prize names itself, not its contest: on the instant-win screen's next step, on
// My Prizes (with "Instant prize · contest" beneath), in the cash confirmation and in its toast.
test("a physical instant prize names itself on My Prizes, in the cash confirmation and its toast", async ({ browser }, info) => {
  test.setTimeout(120_000);
  const title = `Instant Helmet ${Date.now()}`;
  const prize = `Titanium Helmet ${Date.now() % 10_000}`;
  // One ticket, one prize: the only ticket wins it.
  const contestId = await createContestViaApi(browser, { title, ticketPrice: 1, maxTickets: 1 });
  await asAdmin(browser, async (admin) => {
    await admin.goto("/admin?tab=contests");
    await (await adminContestRow(admin, title)).getByRole("button", { name: "Instant prizes" }).click();
    const dialog = admin.getByRole("dialog", { name: `Instant prizes: ${title}` });
    await dialog.getByRole("button", { name: "Add prize" }).click();
    await dialog.getByRole("combobox", { name: "Kind" }).click();
    await admin.getByRole("option", { name: "Physical prize" }).click();
    await dialog.getByLabel("Label").fill(prize);
    await dialog.getByLabel("Cash alternative").fill("40");
    await dialog.getByRole("button", { name: "Save instant prizes" }).click();
    await expect(admin.getByText("1 instant prize committed")).toBeVisible();
  });

  const { context, page } = await newPlayer(browser, { balance: "5", viewport: info.project.use.viewport ?? undefined });
  await page.goto(`/contest/${contestId}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByTestId("cart-button").click();
  await page.getByRole("button", { name: "Checkout with Balance" }).click();
  const result = page.getByRole("dialog", { name: "Instant win" });
  await expect(result).toContainText("Claim your prize (or its cash alternative) under My Prizes.");
  await expect(result).not.toContainText("already in your balance");
  await result.getByRole("button", { name: "Continue" }).click();

  await page.goto("/prizes");
  const card = page.getByTestId("prize-card").filter({ hasText: prize });
  await expect(card.getByTestId("prize-title")).toHaveText(prize);
  await expect(card.getByTestId("prize-source")).toHaveText(`Instant prize · ${title}`);
  await card.getByRole("button", { name: "Take $40.00 cash" }).click();
  const confirm = page.getByRole("dialog", { name: "Take the cash instead?" });
  await expect(confirm.getByTestId("take-cash-summary")).toHaveText(
    `$40.00 is added to your balance and you give up "${prize}" for good. This cannot be undone.`,
  );
  await confirm.getByRole("button", { name: "Take $40.00 cash" }).click();
  await expect(page.getByText(`$40.00 for "${prize}" has been added to your balance.`)).toBeVisible();
  await context.close();
});

// After the draw, a ticket that won an instant prize but not the draw says both: its instant prize,
// and that the draw went to another ticket ("Draw: Not a winner this time"), not a bare "not a winner".
test("after the draw, a ticket that lost it keeps its instant prize on its row", async ({ browser }, info) => {
  test.setTimeout(120_000);
  const title = `Instant Then Draw ${Date.now()}`;
  // Two tickets, two prizes: each ticket wins one; the draw then picks one of the two tickets.
  const contestId = await createContestViaApi(browser, { title, ticketPrice: 1, maxTickets: 2 });
  await asAdmin(browser, async (admin) => {
    const set = await admin.request.put(`/api/admin/contests/${contestId}/instant-prizes`, {
      data: {
        prizes: [
          { kind: "cash", label: "$1 cash", amount: "1" },
          { kind: "cash", label: "$2 cash", amount: "2" },
        ],
      },
    });
    expect(set.ok()).toBe(true);
  });
  const players = [];
  for (let i = 0; i < 2; i++) {
    const player = await newPlayer(browser, { balance: "5", viewport: info.project.use.viewport ?? undefined });
    expect((await player.page.request.post("/api/cart/add", { data: { contestId, quantity: 1 } })).status()).toBe(200);
    players.push(player);
  }
  await asAdmin(browser, async (admin) => {
    expect((await admin.request.post(`/api/admin/contests/${contestId}/status`, { data: { status: "ended" } })).ok()).toBe(true);
  });

  const statuses: string[] = [];
  for (const { page } of players) {
    await page.goto("/");
    const row = (await openAccountDialog(page, "My Purchases & Results"))
      .getByTestId("purchase-entry")
      .filter({ hasText: title });
    await expect(row.getByTestId("entry-instant-wins")).toHaveText(/^Instant prize won: \$[12] cash \(ticket #[12]\)$/, {
      timeout: 30_000,
    });
    await expect(row.getByTestId("entry-status")).toHaveText(
      /^Draw: (You won!|Not a winner this time) \(winning ticket #[12]\)$/,
    );
    statuses.push((await row.getByTestId("entry-status").textContent()) ?? "");
  }
  // One ticket won the draw, the other did not; both rows still name their instant prize.
  expect(statuses.filter((s) => s.startsWith("Draw: You won!"))).toHaveLength(1);
  expect(statuses.filter((s) => s.startsWith("Draw: Not a winner this time"))).toHaveLength(1);
  for (const { context } of players) await context.close();
});
